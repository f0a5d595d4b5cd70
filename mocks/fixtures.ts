// Records shaped like the server's replies (DESIGN.md §4 and §7), with fixed timestamps, shared by
// the app's unit tests (tests/app) and the app's screen stories (stories/app). Never imported by
// the app itself, so never part of its build.
import type { FileJson, FolderJson } from '../server/schemas/files.ts'
import type { ShareLinkJson } from '../server/schemas/sharing.ts'
import type { VersionJson } from '../server/schemas/versions.ts'
import type { MemberShareJson, SharedWithMeEntry } from '../app/api/members.ts'
import { mimeFor, previewKindOf } from '../server/util/mime.ts'

/** The fixed instant every fixture counts back from: 03/07/2024 21:05 UTC. */
export const FIXED_TIME = Date.UTC(2024, 2, 7, 21, 5)

const at = (i: number) => new Date(FIXED_TIME - i * 60_000).toISOString()

export const testUser = {
  _id: 'u1',
  email: 'ada@example.com',
  displayName: 'ada',
  createdAt: '2024-03-07T21:05:00.000Z',
}
export const testUserDetailed = {
  ...testUser,
  emailVerified: true,
  activeSessions: 1,
  storage: { usedBytes: 0, fileCount: 0 },
}

type FileOverrides = Partial<Omit<FileJson, 'metadata'>> & { metadata?: Partial<FileJson['metadata']> }

/** File number `i`: report-i.pdf in home, uploaded i minutes before FIXED_TIME. */
export function makeFile(i: number, over: FileOverrides = {}): FileJson {
  const { metadata, ...rest } = over
  const filename = rest.filename ?? `report-${i}.pdf`
  return {
    _id: `file-${i}`,
    filename,
    length: 1000 + i,
    uploadDate: at(i),
    ...rest,
    metadata: {
      parent: '/',
      size: 1000 + i,
      hasThumbnail: false,
      isVideo: false,
      thumbnailID: '',
      // What the server would say for this name (server/util/mime.ts).
      preview: previewKindOf(mimeFor(filename)),
      ...metadata,
    },
  }
}

/** Folder number `i` in home. */
export function makeFolder(i: number, over: Partial<FolderJson> = {}): FolderJson {
  return {
    _id: `folder-${i}`,
    name: `Folder ${i}`,
    parent: '/',
    parentList: ['/'],
    createdAt: at(i),
    updatedAt: at(i),
    ...over,
  }
}

/** A share link as GET /share-service/links sends it. */
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
    maxFiles: null,
    uploadedFiles: 0,
    ...overrides,
  })

const names = [
  'Quarterly report.pdf',
  'holiday.jpg',
  'budget.xlsx',
  'notes.docx',
  'backup.zip',
  'clip.mp4',
  'README',
  'song.mp3',
  'slides.pptx',
  'photo.png',
]

/**
 * A drive of `count` files with varied names and types (every third a picture or video with a
 * thumbnail, served by `thumbnailHandlers`), newest first, and `folders` folders.
 */
export function sampleDrive(count: number, folders = 6): { files: FileJson[]; folders: FolderJson[] } {
  return {
    folders: Array.from({ length: folders }, (_, i) =>
      makeFolder(i + 1, { name: ['Invoices', 'Photos', 'Projects', 'Taxes 2023', 'Music', 'Scans'][i % 6]! }),
    ),
    files: Array.from({ length: count }, (_, i) => {
      const base = names[i % names.length]!
      const filename = i < names.length ? base : base.replace(/(\.[^.]+)?$/, ` (${i})$1`)
      const picture = /\.(jpg|png|mp4)$/.test(base)
      return makeFile(i + 1, {
        filename,
        length: 1536 * (i + 1) ** 2,
        metadata: {
          size: 1536 * (i + 1) ** 2,
          hasThumbnail: picture,
          isVideo: base.endsWith('.mp4'),
          thumbnailID: picture ? `thumb-${i + 1}` : '',
        },
      })
    }),
  }
}

/**
 * `count` photos and videos for the Media page, a few a day going back from FIXED_TIME, every one
 * with a thumbnail; every fifth a video, one a month with an older takenDate (the gallery groups by it).
 */
export function sampleMedia(count: number): FileJson[] {
  return Array.from({ length: count }, (_, i) => {
    const video = i % 5 === 4
    const taken = new Date(FIXED_TIME - Math.floor(i / 3) * 86_400_000 * 4).toISOString()
    return makeFile(i + 1, {
      filename: video ? `clip-${i + 1}.mp4` : `IMG_${String(4000 + i)}.jpg`,
      metadata: { hasThumbnail: true, thumbnailID: `media-${i + 1}`, isVideo: video, takenDate: taken },
    })
  })
}

// Member shares (issue #39): the people of the server and the shares between them.
export const anna = { _id: 'u2', displayName: 'Anna' }
export const ben = { type: 'user' as const, _id: 'u3', displayName: 'Ben', email: 'ben@example.com' }
export const carla = { type: 'user' as const, _id: 'u4', displayName: 'Carla', email: 'carla@example.com' }
export const everyone = { type: 'group' as const, _id: 'everyone', name: 'Everyone', members: 3 }

/** A share as /share-service/members sends it: Ben may view file f1. */
export const memberShare = (overrides: Partial<MemberShareJson> = {}): MemberShareJson => ({
  _id: 'm1',
  itemType: 'file',
  itemId: 'f1',
  role: 'viewer',
  recipient: { type: 'user', _id: ben._id, displayName: ben.displayName, email: ben.email },
  createdAt: new Date(FIXED_TIME).toISOString(),
  ...overrides,
})

/** Anna's folder "Holidays" as a member of it sees it (the top of the share: parentList "/"). */
export const sharedFolder = (role: 'viewer' | 'editor' = 'editor', over: Partial<FolderJson> = {}): FolderJson =>
  makeFolder(1, { _id: 'holidays', name: 'Holidays', owner: anna, role, ...over })

/** A "Shared with me" entry for `item`, shared by Anna. */
export function sharedEntry(item: FolderJson | FileJson, role: 'viewer' | 'editor' = 'editor'): SharedWithMeEntry {
  const isFolder = 'parentList' in item
  return {
    share: memberShare({
      _id: `share-${item._id}`,
      itemType: isFolder ? 'folder' : 'file',
      itemId: item._id,
      role,
      recipient: { type: 'user', _id: testUser._id, displayName: 'Ada', email: testUser.email },
    }),
    item,
    owner: anna,
  } as SharedWithMeEntry
}

/** Version `i` of a file: i hours before FIXED_TIME, `size` bytes, uploaded by the owner unless `addedBy`. */
export const makeVersion = (i: number, over: Partial<VersionJson> = {}): VersionJson => ({
  _id: `version-${i}`,
  size: 1000 * i,
  createdAt: new Date(FIXED_TIME - i * 3_600_000).toISOString(),
  addedBy: null,
  sha256: String(i).padStart(64, '0'),
  ...over,
})
