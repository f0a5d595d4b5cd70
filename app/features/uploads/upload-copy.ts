// The upload panel's texts. They live beside the panel rather than in copy.ts because only the
// lazily loaded file screens show it, so they stay out of the first-load bundle.
import { type UploadCounts, uploadPanelSpeed, uploadPanelTimeLeft } from '@cumulus/ui'

const unfinished = (counts: UploadCounts) => counts.running + counts.paused + counts.retrying

export const uploadCopy = {
  panel: 'Uploads', // ours: the panel's landmark name
  /**
   * SPEC §2 "Uploading N file(s)" while any upload is unfinished (N leaves out the failed and
   * canceled ones, which the summary names); once all ended "Uploaded N file(s)" when all
   * succeeded, else "Uploaded C of T files" (ours: the spec's text would count what did not arrive).
   */
  title: (counts: UploadCounts) => {
    const lost = counts.failed + counts.canceled
    if (unfinished(counts) > 0) return `Uploading ${unfinished(counts) + counts.completed} file(s)`
    if (lost === 0) return `Uploaded ${counts.completed} file(s)`
    return `Uploaded ${counts.completed} of ${counts.completed + lost} files`
  },
  minimize: 'Minimize', // ours
  expand: 'Expand', // ours
  close: 'Close uploads', // ours
  cancel: (name: string) => `Cancel ${name}`, // ours
  pause: (name: string) => `Pause ${name}`, // ours
  resume: (name: string) => `Resume ${name}`, // ours
  retry: (name: string) => `Retry ${name}`, // ours
  completed: 'Completed', // ours: a finished row's check icon
  canceled: 'Canceled', // ours: a canceled row's icon
  failed: 'Failed', // ours: a failed row's icon (its text is the reason, when known)
  paused: 'Paused', // ours
  retrying: 'Connection lost, retrying…', // ours
  speed: uploadPanelSpeed, // ours: "1.2 MB/s"
  timeLeft: uploadPanelTimeLeft, // ours: "3 min left"
  summary: (failed: number, canceled: number, skipped: number) =>
    [failed ? `${failed} failed` : '', canceled ? `${canceled} canceled` : '', skipped ? `${skipped} skipped` : '']
      .filter(Boolean)
      .join(', '), // ours
  skipped: 'Skipped', // ours: a row the user chose to skip (its name was taken)
  replaced: 'Replaced — the earlier version is kept', // ours
  keptBoth: (savedAs: string) => `Kept both, saved as ${savedAs}`, // ours
  /** The conflict dialog (DESIGN.md §8 "Versions"): an upload's name is taken in its folder. */
  conflict: {
    title: (name: string) => `“${name}” already exists`, // ours
    text: (name: string, keptName?: string) =>
      `This folder already has a file named “${name}”. Replace puts the new one in its place and keeps the current content as an earlier version. Keep both saves the new one ${keptName ? `as “${keptName}”` : 'under a numbered name'}.`, // ours
    replace: 'Replace', // ours
    keepBoth: 'Keep both', // ours
    skip: 'Skip', // ours
    applyToAll: (count: number) => `Do this for all ${count} conflicts`, // ours
    cancel: 'Cancel upload', // ours: closes the dialog and calls the whole upload off
  },
  /** Issue #18: an unfinished upload found after a reload waits for its file to be picked again. */
  chooseToResume: 'Choose the file to resume',
  notSameFile: (name: string) => `That is not the same file: pick “${name}” to resume its upload`, // ours
} as const
