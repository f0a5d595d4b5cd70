// What the sidebar's ADD NEW menu does (SPEC §2): file pickers for Upload Files / Upload Folder and
// the "Enter Folder Name" prompt for Create Folder. Picked files go to the upload store (the upload
// panel shows them) and the lists refetch after each success. Where nothing can be added (the trash)
// the menu has no actions; in a folder that is gone, each action only explains why.
import { type ChangeEvent, useRef } from 'react'
import { useSWRConfig } from 'swr'
import { createFolder } from '../../api/folders.ts'
import { keyStartsWith } from '../../api/keys.ts'
import { copy } from '../../copy-screens.ts'
import { prompt } from '../dialogs/dialog-host.tsx'
import { toast } from '../toasts/toasts.tsx'
import { startUploads, supportsFolderSelection } from '../uploads/start-uploads.ts'
import { useUploadRefetch } from '../uploads/use-upload-refetch.ts'

/**
 * Where ADD NEW puts things: a folder id or "/" for Home; `null` where nothing can be added (the
 * trash); `{ missing }` for a folder URL whose folder does not exist.
 */
export type AddNewTarget = string | null | { missing: string }

export const addNewParent = (target: AddNewTarget): string | null => (typeof target === 'string' ? target : null)

/** Render `elements` once, anywhere. The actions are undefined when `target` is null. */
export function useAddNew(target: AddNewTarget) {
  const { mutate } = useSWRConfig()
  const filesInput = useRef<HTMLInputElement>(null)
  const folderInput = useRef<HTMLInputElement>(null)
  const canUploadFolder = supportsFolderSelection()
  const parent = addNewParent(target)

  const onUploaded = useUploadRefetch()

  const onPicked = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? [])
    event.target.value = ''
    if (files.length && parent !== null) void startUploads(files, parent, onUploaded)
  }

  // The prompt stays open until the server accepts the name, showing its reason when it refuses.
  const addFolder = (into: string) =>
    prompt({
      title: copy.layout.newFolderTitle,
      submit: async (name) => {
        await createFolder(name.trim(), into).catch((error: unknown) => {
          console.warn('Create folder failed', error)
          throw error
        })
        void mutate(keyStartsWith('/folder-service/list'))
      },
    })

  // Said up front, instead of a picker whose uploads would all fail.
  const refuse = () => void toast.error(copy.browser.folderMissingUpload)
  const action = (run: (into: string) => void) =>
    target === null ? undefined : () => (parent === null ? refuse() : run(parent))

  const elements = (
    <>
      <input ref={filesInput} type="file" multiple hidden onChange={onPicked} />
      {canUploadFolder ? (
        <input ref={folderInput} type="file" multiple hidden onChange={onPicked} {...{ webkitdirectory: '' }} />
      ) : null}
    </>
  )

  return {
    onUploadFiles: action(() => filesInput.current?.click()),
    onCreateFolder: action((into) => void addFolder(into)),
    onUploadFolder: action(() => folderInput.current?.click()),
    canUploadFolder,
    /** False where nothing can be added (the sidebar hides ADD NEW). */
    available: target !== null,
    elements,
  }
}
