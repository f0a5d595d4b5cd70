// The server's records (SPEC §3) as the library's browsing components read them. The app decides
// the thumbnail URL, so "Load thumbnails: Disabled" never requests one.
import type { BrowserFile, BrowserFolder, BrowserItemMatch, BrowserItemPeople } from '@cumulus/ui'
import { thumbnailUrl, type FileJson } from '../../api/files.ts'
import type { FolderJson } from '../../api/folders.ts'

/**
 * The card's people mark (the kit's OwnerBadge): whose an item is ("Anna's") when it is someone
 * else's, "Shared" on one of mine that carries a member share.
 */
function peopleOf(item: Pick<FileJson, 'owner' | 'shared'>): { people?: BrowserItemPeople } {
  if (item.owner) return { people: { owner: item.owner.displayName } }
  if (item.shared) return { people: { shared: true } }
  return {}
}

/** A search result's path (folder ids and names) and content snippet, as the kit's rows show them. */
export function matchOf(item: Pick<FileJson, 'path' | 'snippet'>): BrowserItemMatch {
  return {
    ...(item.path ? { path: item.path.map((folder) => ({ id: folder._id, name: folder.name })) } : {}),
    ...(item.snippet ? { snippet: item.snippet } : {}),
  }
}

export function toBrowserFile(file: FileJson, thumbnailsDisabled = false): BrowserFile {
  const { hasThumbnail, thumbnailID, isVideo, linkType, takenDate, width, height } = file.metadata
  return {
    id: file._id,
    name: file.filename,
    size: file.metadata.size ?? file.length,
    uploadDate: file.uploadDate,
    ...(hasThumbnail && thumbnailID && !thumbnailsDisabled ? { thumbnailUrl: thumbnailUrl(thumbnailID) } : {}),
    ...(isVideo ? { isVideo: true } : {}),
    ...(takenDate ? { takenDate } : {}),
    // The gallery packs each picture at its true shape; unknown stays a square.
    ...(width && height ? { width, height, aspectRatio: width / height } : {}),
    ...(linkType ? { linkType } : {}),
    ...peopleOf(file),
    ...matchOf(file),
  }
}

export const toBrowserFolder = (folder: FolderJson): BrowserFolder => ({
  id: folder._id,
  name: folder.name,
  createdAt: folder.createdAt,
  ...peopleOf(folder),
  ...matchOf(folder),
})

/** Preview kinds the viewer opens with a viewer of their own (features/viewer/stages.tsx). */
export const viewerKinds: ReadonlySet<string> = new Set(['pdf', 'audio', 'text'])

/**
 * SPEC §2: files that have a thumbnail or are videos open in the popup viewer, and so do the
 * kinds of `viewerKinds`; others in the details modal. A photo whose thumbnail is still being
 * made counts as having one: the viewer's full image waits for it, rather than a fresh upload
 * opening as a plain file.
 */
export const isPreviewable = (file: FileJson) =>
  (file.metadata.preview != null && viewerKinds.has(file.metadata.preview)) ||
  file.metadata.hasThumbnail ||
  file.metadata.isVideo ||
  file.metadata.thumbnailPending === true
