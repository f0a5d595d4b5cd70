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
  summary: (failed: number, canceled: number) =>
    [failed ? `${failed} failed` : '', canceled ? `${canceled} canceled` : ''].filter(Boolean).join(', '), // ours
  /** Issue #18: an unfinished upload found after a reload waits for its file to be picked again. */
  chooseToResume: 'Choose the file to resume',
  notSameFile: (name: string) => `That is not the same file: pick “${name}” to resume its upload`, // ours
} as const
