import type { ShareLinkAccess } from '../link-settings-form/link-settings.ts'

/** A share link as the sharing components show it (the `link` of DESIGN §7, as the API sends it). */
export interface ShareLink {
  _id: string
  token: string
  /** The page visitors open. */
  url: string
  itemType: 'file' | 'folder'
  itemId: string
  /** The shared item's name. */
  name: string
  /** A view link, or a file request (upload only). */
  access: ShareLinkAccess
  /** When the link stops working (ISO 8601), or null for never. */
  expiresAt: string | null
  hasPassword: boolean
  /** Downloads allowed, or null for no limit. */
  maxDownloads: number | null
  /** Downloads so far. */
  downloads: number
  /** ISO 8601. */
  createdAt: string
}
