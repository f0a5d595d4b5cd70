// The phone's upload button: ADD NEW lives in the drawer there, out of sight, so a floating button
// at the bottom of the screen opens the same choices (Upload Files, Create Folder, Upload Folder).
import { Button, Menu, type MenuEntry } from '@cumulus/ui'
import { css } from 'goober'
import { copy } from '../../copy-screens.ts'
import { vars } from '../../styles.ts'
import type { useAddNew } from './add-new.tsx'

const fab = css`
  position: fixed;
  inset-inline-end: ${vars.space.large};
  bottom: calc(${vars.space.large} + env(safe-area-inset-bottom, 0px));
  z-index: 20;
  border-radius: 9999px;
  box-shadow: ${vars.shadow.large};
`

export function AddNewFab({ addNew }: { addNew: ReturnType<typeof useAddNew> }) {
  if (!addNew.available) return null
  const items: MenuEntry[] = [
    { id: 'upload-files', label: copy.layout.uploadFiles, icon: 'upload', onSelect: () => addNew.onUploadFiles?.() },
    { id: 'create-folder', label: copy.layout.createFolder, icon: 'folder', onSelect: () => addNew.onCreateFolder?.() },
    {
      id: 'upload-folder',
      label: copy.layout.uploadFolder,
      icon: 'upload',
      hidden: !addNew.canUploadFolder,
      onSelect: () => addNew.onUploadFolder?.(),
    },
  ]
  return (
    <Menu
      label={copy.layout.uploadButton}
      items={items}
      placement="top-end"
      trigger={
        <Button variant="primary" size="large" icon="upload" className={fab}>
          {copy.layout.uploadButton}
        </Button>
      }
    />
  )
}
