// Serving images for the browser: thumbnails, and full-size images that are always a raster in a
// format browsers show — SVG and other active or exotic formats are converted, never passed on.
import type { FileRow } from '../db/schema.ts'
import { errors } from '../errors.ts'
import type { Vault } from '../storage/vault.ts'
import { isBrowserSafeImage, isImageType } from '../util/mime.ts'
import { openImage } from './images.ts'

export function createMediaService(deps: { vault: Vault; pixelLimit: number }) {
  return {
    /** The full image: safe rasters as they are, everything else converted to WebP. */
    async fullImage(file: FileRow): Promise<{ contentType: string; body: Buffer | NodeJS.ReadableStream; size?: number }> {
      if (!isImageType(file.mime)) throw errors.notFound('Image')
      if (isBrowserSafeImage(file.mime)) return { contentType: file.mime, body: await deps.vault.open(file), size: file.size }
      try {
        const image = await openImage(await deps.vault.open(file), file.mime, deps.pixelLimit)
        const body = await image.rotate().webp({ quality: 90 }).toBuffer()
        return { contentType: 'image/webp', body, size: body.length }
      } catch {
        throw errors.unprocessableImage()
      }
    },
  }
}

export type MediaService = ReturnType<typeof createMediaService>
