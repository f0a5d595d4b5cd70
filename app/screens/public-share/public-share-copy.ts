// The texts of a share link's public page (`/s/{token}`, issue #19). They live with this lazy
// screen, not in app/copy.ts: a visitor of a link is the only one who ever reads them, and the
// first load of / stays within its budget.
import { formatBytes, formatFileDate } from '@cumulus/ui'

export const shareCopy = {
  loading: 'Loading',
  password: {
    title: 'This link is protected',
    text: 'Enter the password you were given to open it.',
    label: 'Password',
    submit: 'Open',
    wrong: 'Incorrect password. Try again.',
    tooMany: 'Too many attempts. Wait a few minutes, then try again.',
  },
  notFound: {
    title: "This link doesn't exist or was revoked",
    text: 'Check that you have the whole address, or ask the person who shared it for a new link.',
  },
  expired: {
    title: 'This link has expired',
    text: 'Ask the person who shared it for a new one.',
  },
  failed: {
    title: "This link couldn't be opened",
    retry: 'Try again',
  },
  /** A shown expiry: the date is its own element, so screenshots can mask it. */
  expires: 'Link expires',
  file: {
    download: 'Download',
    size: (bytes: number) => formatBytes(bytes),
    preview: (name: string) => `Preview of ${name}`,
  },
  viewer: {
    prev: 'Previous',
    next: 'Next',
    close: 'Close',
    loading: 'Loading',
    imageError: 'Error loading image',
    download: 'Download',
  },
  request: {
    uploads: 'Your uploads',
    // ours: a phone has nothing to drag files from, so its prompt says what to do instead.
    touchPrompt: 'Add the files you want to send',
  },
} as const

/** "Link expires 06/05/2025 09:30AM" is shown as a label and a date element. */
export const formatExpiry = (iso: string) => formatFileDate(iso)
