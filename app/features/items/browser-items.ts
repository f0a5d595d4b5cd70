// The server's records (SPEC §3) as the library's browsing components read them. The app decides
// the thumbnail URL, so "Load thumbnails: Disabled" never requests one.
import type { BrowserFile, BrowserFolder } from '@cumulus/ui'
import { thumbnailUrl, type FileJson } from '../../api/files.ts'
import type { FolderJson } from '../../api/folders.ts'
import { copy } from '../../copy-screens.ts'

/**
 * The card's people mark (issue #39) until the kit's cards take an OwnerBadge: whose an item is
 * ("Anna's") when it is someone else's, "Shared" on one of mine that carries a member share.
 */
export function peopleNote(item: Pick<FileJson, 'owner' | 'shared'>): { note?: string } {
  if (item.owner) return { note: copy.sharedWithMe.ownerOf(item.owner.displayName) }
  if (item.shared) return { note: copy.sharedWithMe.sharedByMe }
  return {}
}

export function toBrowserFile(file: FileJson, thumbnailsDisabled = false): BrowserFile {
  const { hasThumbnail, thumbnailID, isVideo, linkType, takenDate } = file.metadata
  return {
    id: file._id,
    name: file.filename,
    size: file.metadata.size ?? file.length,
    uploadDate: file.uploadDate,
    ...(hasThumbnail && thumbnailID && !thumbnailsDisabled ? { thumbnailUrl: thumbnailUrl(thumbnailID) } : {}),
    ...(isVideo ? { isVideo: true } : {}),
    ...(takenDate ? { takenDate } : {}),
    ...(linkType ? { linkType } : {}),
    ...peopleNote(file),
  }
}

export const toBrowserFolder = (folder: FolderJson): BrowserFolder => ({
  id: folder._id,
  name: folder.name,
  createdAt: folder.createdAt,
  ...peopleNote(folder),
})

/**
 * SPEC §2: files that have a thumbnail or are videos open in the popup viewer; others in the
 * details modal. A photo whose thumbnail is still being made counts as having one (only images
 * and videos are queued): the viewer's full image waits for it, rather than a fresh upload
 * opening as a plain file.
 */
export const isPreviewable = (file: FileJson) =>
  file.metadata.hasThumbnail || file.metadata.isVideo || file.metadata.thumbnailPending === true
