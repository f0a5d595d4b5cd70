// What a download sends, as data: which blob, its type and name, whether it may go in parts, the
// validator. Sending it over HTTP (Range, Content-Disposition) is plugins/blob-reply.ts's job.
import type { Readable } from 'node:stream'
import { errors } from '../../errors.ts'
import type { DriveRepository } from '../../repositories/drive.ts'
import type { ByteRange } from '../../storage/blob-store.ts'
import type { Vault } from '../../storage/vault.ts'
import { sha256 } from '../../util/crypto.ts'
import { isAudioType, isVideoType } from '../../util/mime.ts'

/** A stored blob to send, and how. */
export interface BlobReplyOptions {
  size: number
  /** Sent whole whatever range is asked for (a share link with a download limit). */
  wholeOnly?: boolean
  contentType: string
  disposition: 'attachment' | 'inline'
  filename: string
  etag?: string
  /** Default `private, no-cache`; public links send `no-store`. */
  cacheControl?: string
}

/**
 * The validator of a stored blob: a digest of its random storage key, which changes whenever the
 * bytes do. Not the content's sha256: anyone holding a link (even a HEAD on a one-time link)
 * could otherwise test the file against hashes of known files without downloading it.
 */
export const blobEtag = (file: { blob_key: string }) => sha256(`etag:${file.blob_key}`).slice(0, 32)

/** A blob to send: how (options) and its bytes, whole or one range (undefined = everything). */
export interface BlobDownload {
  options: BlobReplyOptions
  open: (range: ByteRange | undefined) => Promise<Readable>
}

/** The downloads of the file routes, as data for plugins/blob-reply.ts (share links: services/sharing/link-access.ts). */
export function createDownloadService(deps: { repo: Pick<DriveRepository, 'files'>; vault: Vault }) {
  const { repo, vault } = deps
  const own = async (owner: string, id: string) =>
    (await repo.files.file(owner, id)) ?? Promise.reject(errors.notFound('File'))
  return {
    async file(owner: string, id: string): Promise<BlobDownload> {
      const file = await own(owner, id)
      const options = {
        size: file.size,
        contentType: 'application/octet-stream',
        disposition: 'attachment',
        filename: file.filename,
        etag: blobEtag(file),
      } as const
      return { options, open: (range) => vault.open(file, range) }
    },

    /** A video or a song played in place (the viewer's <video> or <audio>, with the stream cookie). */
    async video(owner: string, id: string): Promise<BlobDownload> {
      const file = await own(owner, id)
      const options = {
        size: file.size,
        contentType: isVideoType(file.mime) || isAudioType(file.mime) ? file.mime : 'application/octet-stream',
        disposition: 'inline',
        filename: file.filename,
        etag: blobEtag(file),
      } as const
      return { options, open: (range) => vault.open(file, range) }
    },

    /** A file's thumbnail by its id: one immutable image. */
    async thumbnail(owner: string, thumbnailId: string): Promise<{ etag: string; open: () => Promise<Readable> }> {
      const file = await repo.files.byThumbnailId(owner, thumbnailId)
      if (!file?.thumbnail_key) throw errors.notFound('Thumbnail')
      const blob = { blob_key: file.thumbnail_key, size: file.thumb_size ?? 0, enc: file.thumb_enc }
      return { etag: file.thumbnail_id!, open: () => vault.open(blob) }
    },
  }
}
export type DownloadService = ReturnType<typeof createDownloadService>
