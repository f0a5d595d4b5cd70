// The full-size image for the viewer. It is never decoded here: the thumbnail queue makes it once
// per file (services/media/thumbnails.ts) and this serves what it stored — the original when it is a
// browser-safe raster within the size cap, else a WebP capped to previewMaxEdge. SVG and other
// active or exotic formats are always converted, never passed on.
import type { Readable } from 'node:stream'
import type { FileRow } from '../../db/schema.ts'
import { errors } from '../../errors.ts'
import type { Vault } from '../../storage/vault.ts'
import { isHeifType, isImageType } from '../../util/mime.ts'
import { blobEtag } from '../drive/downloads.ts'
import type { ThumbnailQueue } from './thumbnails.ts'

export interface FullImage {
  contentType: string
  size: number
  etag: string
  open(): Promise<Readable>
}

export function createMediaService(deps: {
  vault: Vault
  thumbnails: Pick<ThumbnailQueue, 'requestPreview' | 'settled'>
  waitMs: number
}) {
  function served(file: FileRow & { preview_type: string }): FullImage {
    if (!file.preview_key)
      return {
        contentType: file.preview_type,
        size: file.size,
        etag: blobEtag(file),
        open: () => deps.vault.open(file),
      }
    const blob = { blob_key: file.preview_key, size: file.preview_size ?? 0, enc: file.preview_enc }
    return { contentType: file.preview_type, size: blob.size, etag: blobEtag(blob), open: () => deps.vault.open(blob) }
  }

  return {
    /**
     * The stored preview. One still being made (a fresh upload, or a file from before previews
     * existed, which this queues) is waited for a bounded time; the viewer is a plain <img>, so
     * an answer a little later beats an error it would show.
     */
    async fullImage(file: FileRow): Promise<FullImage> {
      // HEIF's preview is always the WebP the queue decoded it to (browsers but Safari show no HEIC).
      if (!isImageType(file.mime) && !isHeifType(file.mime)) throw errors.notFound('Image')
      let row: FileRow | undefined = file
      if (!row.preview_type && row.thumb_state !== 'failed') {
        await deps.thumbnails.requestPreview(row)
        row = await deps.thumbnails.settled(row.id, deps.waitMs)
        if (!row) throw errors.notFound('File')
      }
      if (row.preview_type) return served({ ...row, preview_type: row.preview_type })
      // Broken, unsupported, or past the pixel cap: the viewer shows its error text.
      if (row.thumb_state === 'failed') throw errors.unprocessableImage()
      throw errors.previewPending()
    },
  }
}

export type MediaService = ReturnType<typeof createMediaService>
