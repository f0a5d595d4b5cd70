// What the sidebar's ADD NEW menu does (SPEC §2): file pickers for Upload Files / Upload Folder and
// the "Enter Folder Name" prompt for Create Folder. Picked files go to the upload store (the upload
// panel shows them) and the lists refetch after each success.
import { PromptDialog } from '@cumulus/ui'
import { type ChangeEvent, useRef, useState } from 'react'
import { useSWRConfig } from 'swr'
import { createFolder } from '../../api/folders.ts'
import { keyStartsWith } from '../../api/keys.ts'
import { copy } from '../../copy.ts'
import { startUploads, supportsFolderSelection } from '../uploads/start-uploads.ts'
import { useUploadRefetch } from '../uploads/use-upload-refetch.ts'

/** `parent`: a folder id, or "/" for Home. Render `elements` once, anywhere. */
export function useAddNew(parent: string) {
  const { mutate } = useSWRConfig()
  const filesInput = useRef<HTMLInputElement>(null)
  const folderInput = useRef<HTMLInputElement>(null)
  const [naming, setNaming] = useState(false)
  const canUploadFolder = supportsFolderSelection()

  const onUploaded = useUploadRefetch()

  const onPicked = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? [])
    event.target.value = ''
    if (files.length) void startUploads(files, parent, onUploaded)
  }

  const addFolder = async (name: string) => {
    setNaming(false)
    try {
      await createFolder(name, parent)
      void mutate(keyStartsWith('/folder-service/list'))
    } catch (error) {
      console.warn('Create folder failed', error)
    }
  }

  const elements = (
    <>
      <input ref={filesInput} type="file" multiple hidden onChange={onPicked} />
      {canUploadFolder ? <input ref={folderInput} type="file" multiple hidden onChange={onPicked} {...{ webkitdirectory: '' }} /> : null}
      <PromptDialog open={naming} title={copy.layout.newFolderTitle} onSubmit={addFolder} onCancel={() => setNaming(false)} />
    </>
  )

  return {
    onUploadFiles: () => filesInput.current?.click(),
    onCreateFolder: () => setNaming(true),
    onUploadFolder: () => folderInput.current?.click(),
    canUploadFolder,
    elements,
  }
}
