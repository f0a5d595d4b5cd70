// Issue #18 point 7: after a reload, the unfinished uploads tus-js-client left in its URL storage
// are listed as paused rows with "Choose the file to resume". A page cannot reopen a file by
// itself, so the user picks it again; the same file (name, size, last modified) continues from the
// server's offset, and another file is refused with a toast that names the one to pick.
import { storedOffset, terminateStored } from '../../api/resumable.ts'
import { forgetStoredUpload, isSameFile, type StoredUpload, storedUploads } from '../../api/resumable-store.ts'
import { addUpload, removeUpload, setUploadControls, updateUpload, uploads } from '../../state/uploads.ts'
import { toast } from '../toasts/toasts.tsx'
import { type OnUploaded, resumeStoredUpload } from './start-uploads.ts'
import { uploadCopy } from './upload-copy.ts'

/** Opens the browser's file picker (inside the click that asked for it) and hands over the file chosen. */
function pickFile(onPicked: (file: File) => void): void {
  const input = document.createElement('input')
  input.type = 'file'
  input.addEventListener('change', () => {
    const file = input.files?.[0]
    if (file) onPicked(file)
  })
  input.click()
}

function restoreRow(stored: StoredUpload, onUploaded: OnUploaded): void {
  const name = stored.relativePath ?? stored.name
  const forget = () => void terminateStored(stored)
  const choose = () =>
    pickFile((file) => {
      if (!isSameFile(file, stored)) return void toast.error(uploadCopy.notSameFile(stored.name))
      updateUpload(id, { state: 'running', action: undefined })
      setUploadControls(id, resumeStoredUpload(id, file, stored, onUploaded).controls)
    })
  const id = addUpload(
    {
      name,
      type: 'file',
      size: stored.size,
      state: 'paused',
      action: { label: uploadCopy.chooseToResume, onClick: choose },
    },
    { cancel: forget },
  )
  // Show what the server already holds; an upload it no longer has (expired) is dropped.
  void storedOffset(stored).then((offset) => {
    if (!uploads.peek().some((u) => u.id === id && u.state === 'paused' && u.action)) return
    if (offset === null) {
      removeUpload(id)
      forgetStoredUpload(stored.urlStorageKey)
    } else if (offset !== undefined && stored.size > 0) {
      updateUpload(id, { progress: Math.min(99, Math.floor((offset / stored.size) * 100)) })
    }
  })
}

/** Lists every unfinished upload of the URL storage as a paused row (oldest at the bottom). */
export function restoreUnfinishedUploads(onUploaded: OnUploaded): void {
  for (const stored of storedUploads()) restoreRow(stored, onUploaded)
}

let restored = false

/** `restoreUnfinishedUploads` once per page: uploads started since have entries of their own. */
export function restoreUnfinishedUploadsOnce(onUploaded: OnUploaded): void {
  if (restored) return
  restored = true
  restoreUnfinishedUploads(onUploaded)
}
