// Starting uploads from the ADD NEW menu (SPEC §4 "Uploads"). Part 1 sends them and refreshes the
// lists; the upload items, their progress and the upload panel come with the file screens (part 2).
import { type FolderUploadEntry, uploadFile, uploadFolder } from '../api/upload.ts'

/** SPEC §4: a folder upload only when every chosen file has a relative path, else plain files. */
export function folderEntries(files: readonly File[]): FolderUploadEntry[] | null {
  const entries = files.map((file) => ({ file, path: file.webkitRelativePath }))
  return entries.length > 0 && entries.every((e) => e.path) ? entries : null
}

/** Uploads `files` into `parent` ("/" for Home); `onUploaded` runs after each success (refetch lists). */
export async function startUploads(files: readonly File[], parent: string, onUploaded: (kind: 'file' | 'folder') => void): Promise<void> {
  const entries = folderEntries(files)
  if (entries) {
    try {
      await uploadFolder(entries, parent).promise
      onUploaded('folder')
    } catch (error) {
      // SPEC §8: failed uploads are logged, with no message.
      console.warn('Folder upload failed', error)
    }
    return
  }
  for (const file of files) {
    try {
      await uploadFile(file, parent).promise
      onUploaded('file')
    } catch (error) {
      console.warn('Upload failed', file.name, error)
    }
  }
}

/** Whether this browser lets a file input pick a whole folder (SPEC §2 "Upload Folder"). */
export const supportsFolderSelection = () =>
  typeof HTMLInputElement !== 'undefined' && 'webkitdirectory' in HTMLInputElement.prototype
