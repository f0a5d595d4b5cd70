// What a folder link's viewer shows of a file, from the link's own routes (DESIGN.md §8
// "Previews"): never the original's download. A picture (HEIC included) is the full-size preview
// the server makes, a video or a song streams from the preview route, and a song's cover is its
// thumbnail, as in the signed-in viewer. A link with a download limit plays nothing (its preview
// route refuses): a video shows its thumbnail there, and a song downloads.
import { type FileJson, sharedFolderPreviewUrl, sharedThumbnailUrl } from '../../api/public-share.ts'

export type SharedViewerSource =
  { kind: 'image'; src: string } | { kind: 'video'; src: string } | { kind: 'audio'; src: string; coverUrl?: string }

/**
 * The viewer's source for `file` in the link `token`, or null when the file downloads instead.
 * `streams`: the link plays videos and songs (its info's `videoPreview`).
 */
export function sharedViewerSource(token: string, file: FileJson, streams: boolean): SharedViewerSource | null {
  const { preview, hasThumbnail, isVideo } = file.metadata
  const thumbnail = hasThumbnail ? sharedThumbnailUrl(token, file._id) : undefined
  if (isVideo || preview === 'video') {
    if (streams) return { kind: 'video', src: sharedFolderPreviewUrl(token, file._id) }
    return thumbnail ? { kind: 'image', src: thumbnail } : null
  }
  if (preview === 'audio') {
    if (!streams) return null
    return {
      kind: 'audio',
      src: sharedFolderPreviewUrl(token, file._id),
      ...(thumbnail ? { coverUrl: thumbnail } : {}),
    }
  }
  // A PDF's or a document's thumbnail is a page, not a picture the preview route serves.
  if (hasThumbnail && (preview === 'image' || preview == null)) {
    return { kind: 'image', src: sharedFolderPreviewUrl(token, file._id) }
  }
  return null
}
