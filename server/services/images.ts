// Opens an image for sharp with a pixel cap against decompression bombs; BMP goes through our
// own decoder because libvips has none.
import type { Readable } from 'node:stream'
import sharp, { type Sharp } from 'sharp'
import { decodeBmp } from '../util/bmp.ts'

const MAX_BMP_BYTES = 64 * 1024 * 1024

async function readAll(source: Readable, max: number): Promise<Buffer> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of source) {
    size += (chunk as Buffer).length
    if (size > max) throw new Error('Image too large to decode')
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks)
}

export async function openImage(source: Readable | Buffer, mime: string, pixelLimit: number): Promise<Sharp> {
  if (mime === 'image/bmp') {
    const raw = decodeBmp(Buffer.isBuffer(source) ? source : await readAll(source, MAX_BMP_BYTES), pixelLimit)
    return sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: 4 } })
  }
  const options = { limitInputPixels: pixelLimit, failOn: 'error' as const, animated: false }
  if (Buffer.isBuffer(source)) return sharp(source, options)
  const image = sharp(options)
  source.on('error', (err) => image.destroy(err))
  source.pipe(image)
  return image
}
