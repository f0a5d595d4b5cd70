import type { DateInput } from '../../utils/format-date.ts'
import type { TrashedInfo } from '../trash-note/trash-note.tsx'
import type { PathCrumb } from '../search-result/item-path.tsx'
import type { TextSnippetValue } from '../search-result/text-snippet.tsx'

/** Where a search result is and why it matched: list rows show them under the name. */
export interface BrowserItemMatch {
  /** Its folders from the root down, outermost first (`[]`: in the root): a breadcrumb under the name. */
  path?: readonly PathCrumb[] | undefined
  /** Text around a match in its content, the matched words marked. */
  snippet?: TextSnippetValue | undefined
}

// The shapes the browsing components read. They are the library's own, not the server's JSON: the
// app maps its records onto them (and decides the thumbnail URL), so the library never fetches.

/** A file as the browsing components show it. */
export interface BrowserFile extends BrowserItemMatch {
  /** Stable id, used for keys and `selectedIds`. */
  id: string
  /** The file name, extension included. */
  name: string
  /** Size in bytes. */
  size: number
  /** Upload date: a Date, epoch milliseconds or an ISO string. */
  uploadDate: DateInput
  /** Thumbnail URL, set only when the file has a thumbnail. */
  thumbnailUrl?: string | undefined
  /** A video: media tiles draw a play overlay. */
  isVideo?: boolean | undefined
  /** When the photo or video was taken, if known: the photo gallery groups by it (else by `uploadDate`). */
  takenDate?: DateInput | undefined
  /** Width / height of the picture, if known: the photo gallery keeps it (unknown is a square). */
  aspectRatio?: number | undefined
  /** The picture's size in pixels (after orientation), if known: the details panel shows it. */
  width?: number | undefined
  height?: number | undefined
  /** Share state: absent means private. */
  linkType?: 'public' | 'one' | undefined
  /** A short remark shown after the date. */
  note?: string | undefined
  /** In the trash: a `TrashNote` (deleted when, days left) takes the upload date's place on a card, and follows the name in a row. */
  trashed?: TrashedInfo | undefined
  /** Whose it is, shown as an `OwnerBadge`: over a card's preview, beside a row's name (icon only). */
  people?: BrowserItemPeople | undefined
}

/**
 * The people mark of an item: `owner` (a display name, shown as text) when someone else shared it
 * with the viewer, `shared` when it is the viewer's own and shared with others.
 */
export interface BrowserItemPeople {
  owner?: string | undefined
  shared?: boolean | undefined
}

/** A folder as the browsing components show it. */
export interface BrowserFolder extends BrowserItemMatch {
  /** Stable id, used for keys and `selectedIds`. */
  id: string
  /** The folder name. */
  name: string
  /** Creation date: a Date, epoch milliseconds or an ISO string. */
  createdAt: DateInput
  /** A short remark shown after the name. */
  note?: string | undefined
  /** In the trash: a `TrashNote` (deleted when, days left) under the name on a card, after it in a row. */
  trashed?: TrashedInfo | undefined
  /** Whose it is, shown as an `OwnerBadge` beside the name, icon only (the tooltip says whose). */
  people?: BrowserItemPeople | undefined
}
