import type { DateInput } from '../../utils/format-date.ts'

// The shapes the browsing components read. They are the library's own, not the server's JSON: the
// app maps its records onto them (and decides the thumbnail URL), so the library never fetches.

/** A file as the browsing components show it. */
export interface BrowserFile {
  /** Stable id, used for keys and `selectedIds`. */
  id: string
  /** The file name, extension included. */
  name: string
  /** Size in bytes. */
  size: number
  /** Upload date: a Date, epoch milliseconds or an ISO string. */
  uploadDate: DateInput
  /** Thumbnail URL, set only when the file has a thumbnail. */
  thumbnailUrl?: string
  /** A video: media tiles draw a play overlay. */
  isVideo?: boolean
  /** When the photo or video was taken, if known: the photo gallery groups by it (else by `uploadDate`). */
  takenDate?: DateInput
  /** Width / height of the picture, if known: the photo gallery keeps it (unknown is a square). */
  aspectRatio?: number
  /** Share state: absent means private. */
  linkType?: 'public' | 'one'
  /** A short remark shown after the date (e.g. a trashed item's "12 days left"). */
  note?: string
}

/** A folder as the browsing components show it. */
export interface BrowserFolder {
  /** Stable id, used for keys and `selectedIds`. */
  id: string
  /** The folder name. */
  name: string
  /** Creation date: a Date, epoch milliseconds or an ISO string. */
  createdAt: DateInput
  /** A short remark shown after the name (e.g. a trashed folder's "12 days left"). */
  note?: string
}
