// Share links as GET /share-service/links sends them (DESIGN.md §7), for the app's sharing tests.
import type { ShareLinkJson } from '../../../server/schemas/sharing.ts'

export const shareLink = (overrides: Partial<ShareLinkJson> = {}): ShareLinkJson => ({
  _id: 'l1',
  token: 'tok1',
  url: 'http://cumulus.test/s/tok1',
  itemType: 'file',
  itemId: 'f1',
  name: 'Report.pdf',
  access: 'view',
  expiresAt: null,
  hasPassword: false,
  maxDownloads: null,
  downloads: 0,
  createdAt: '2024-03-07T21:05:00.000Z',
  ...overrides,
})

/** A folder's file request (upload link). */
export const requestLink = (overrides: Partial<ShareLinkJson> = {}): ShareLinkJson =>
  shareLink({
    _id: 'l3',
    token: 'tok3',
    url: 'http://cumulus.test/s/tok3',
    itemType: 'folder',
    itemId: 'd1',
    name: 'Inbox',
    access: 'upload',
    maxFileSize: null,
    maxTotalBytes: null,
    uploadedBytes: 0,
    ...overrides,
  })

/** A datetime-local value as the app sends it: that local time as an ISO instant. */
export const isoOfLocal = (local: string) => new Date(local).toISOString()
