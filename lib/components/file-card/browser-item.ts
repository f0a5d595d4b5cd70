import type { DateInput } from '../../utils/format-date.ts'
import type { TrashedInfo } from '../trash-note/trash-note.tsx'

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
  /** The picture's size in pixels (after orientation), if known: the details panel shows it. */
  width?: number
  height?: number
  /** Share state: absent means private. */
  linkType?: 'public' | 'one'
  /** A short remark shown after the date. */
  note?: string
  /** In the trash: a `TrashNote` (deleted when, days left) takes the upload date's place on a card, and follows the name in a row. */
  trashed?: TrashedInfo
  /** Whose it is, shown as an `OwnerBadge`: over a card's preview, beside a row's name (icon only). */
  people?: BrowserItemPeople
}

/**
 * The people mark of an item: `owner` (a display name, shown as text) when someone else shared it
 * with the viewer, `shared` when it is the viewer's own and shared with others.
 */
export interface BrowserItemPeople {
  owner?: string
  shared?: boolean
}

/** A folder as the browsing components show it. */
export interface BrowserFolder {
  /** Stable id, used for keys and `selectedIds`. */
  id: string
  /** The folder name. */
  name: string
  /** Creation date: a Date, epoch milliseconds or an ISO string. */
  createdAt: DateInput
  /** A short remark shown after the name. */
  note?: string
  /** In the trash: a `TrashNote` (deleted when, days left) under the name on a card, after it in a row. */
  trashed?: TrashedInfo
  /** Whose it is, shown as an `OwnerBadge` beside the name, icon only (the tooltip says whose). */
  people?: BrowserItemPeople
}
