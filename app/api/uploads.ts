// What the upload queue shares with its callers: the progress pace and a folder upload's entries.
// The bytes themselves go over tus (resumable.ts).

/** SPEC §9 "Upload progress update debounce". */
export const PROGRESS_INTERVAL_MS = 200

/** One file of a folder upload, with its path inside the chosen folder (`webkitRelativePath`). */
export interface FolderUploadEntry {
  file: File
  path: string
}
