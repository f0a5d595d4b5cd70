// Photos and pictures sharp decodes: the thumbnail, the viewer's preview, EXIF date, size and
// photo info (camera, lens, exposure, place).
import type { FileRow } from '../../../db/schema.ts'
import { exifTakenDate } from '../../../util/exif-date.ts'
import { isImageType } from '../../../util/mime.ts'
import { openImage, orientedSize, previewOf, readImage, thumbnailOf } from '../images.ts'
import { photoInfo } from '../photo-info.ts'
import type { Renderer } from './renderer.ts'

export const imageRenderer: Renderer = {
  name: 'image',
  accepts: isImageType,
  async render(file: FileRow, source, ctx) {
    const bytes = await readImage(source, file.mime, ctx.pixelLimit)
    ctx.at.stage = 'decoding'
    const image = await openImage(bytes, file.mime, ctx.pixelLimit)
    const meta = await image().metadata()
    const takenDate = exifTakenDate(meta.exif, Date.now())
    const photo = photoInfo(meta.exif)
    const facts = {
      ...orientedSize(meta),
      ...(takenDate !== undefined && { takenDate }),
      ...(photo && { info: { photo } }),
    }
    // A file with its thumbnail and preview only lacks what the header says (the size backfill):
    // metadata() reads no pixels.
    if (file.thumbnail_key && file.preview_type) return facts
    // Files from before previews existed keep their thumbnail and only get the preview.
    const thumbnail = file.thumbnail_key ? undefined : await thumbnailOf(image)
    const preview = await previewOf(image, {
      bytes: bytes.length,
      mime: file.mime,
      maxEdge: ctx.previewMaxEdge,
      pixelLimit: ctx.pixelLimit,
    })
    return { ...(thumbnail && { thumbnail }), preview, ...facts }
  },
}
