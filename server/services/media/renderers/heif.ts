// HEIF/HEIC photos (an iPhone's default): sharp reads the container's boxes — size, EXIF — but not
// its HEVC pixels, which heif-decoder.ts decodes (the system's libheif, or heic-decode in a thread
// of its own). The thumbnail (and, from the WASM pixels, a WebP preview) are then made by sharp.
import sharp from 'sharp'
import { exifTakenDate } from '../../../util/exif-date.ts'
import { isHeifType } from '../../../util/mime.ts'
import { heifDecoder } from '../heif-decoder.ts'
import { previewOf, readImage, thumbnailOf } from '../images.ts'
import { photoInfo } from '../photo-info.ts'
import type { Renderer } from './renderer.ts'

export const heifRenderer: Renderer = {
  name: 'heif',
  accepts: isHeifType,
  async render(file, source, ctx) {
    const bytes = await readImage(source, file.mime, ctx.pixelLimit)
    ctx.at.stage = 'decoding'
    // The declared size, from the boxes, before any pixel is decoded: a HEIC bomb stops here.
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata()
    const shown = meta.autoOrient ?? meta
    if (!shown.width || !shown.height) throw new Error('HEIF image has no size')
    if (shown.width * shown.height > ctx.pixelLimit)
      throw new Error(`HEIF image of ${shown.width}x${shown.height} is past the pixel cap`)
    const takenDate = exifTakenDate(meta.exif, Date.now())
    const photo = photoInfo(meta.exif)
    const facts = {
      ...(takenDate !== undefined && { takenDate }),
      ...(photo && { info: { photo } }),
    }
    // A file with its thumbnail and preview only lacks what the header says (the size backfill).
    if (file.thumbnail_key && file.preview_type) return { width: shown.width, height: shown.height, ...facts }
    const decoded = await heifDecoder.decode(bytes, ctx.pixelLimit, { tmpDir: ctx.tmpDir })
    const image =
      'jpeg' in decoded
        ? () => sharp(decoded.jpeg, { failOn: 'error' })
        : () => sharp(decoded.data, { raw: { width: decoded.width, height: decoded.height, channels: 4 } })
    const thumbnail = file.thumbnail_key ? undefined : await thumbnailOf(image)
    // The system decoder's JPEG is already a browser-safe preview (no EXIF) when within the edge cap.
    const preview =
      'jpeg' in decoded && Math.max(decoded.width, decoded.height) <= ctx.previewMaxEdge
        ? { type: 'image/jpeg', body: decoded.jpeg }
        : await previewOf(image, {
            bytes: bytes.length,
            mime: file.mime,
            maxEdge: ctx.previewMaxEdge,
            pixelLimit: ctx.pixelLimit,
          })
    return { ...(thumbnail && { thumbnail }), preview, width: decoded.width, height: decoded.height, ...facts }
  },
}
