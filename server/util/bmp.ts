// libvips (and so sharp) cannot read BMP. This decodes the common uncompressed kinds — 24- and
// 32-bit BI_RGB/BI_BITFIELDS with the usual masks, and 1/4/8-bit palettes — into raw RGBA that
// sharp accepts. Anything else is refused, and the caller marks the thumbnail as failed.
export interface RawImage {
  data: Buffer
  width: number
  height: number
}

export function isBmp(buf: Buffer): boolean {
  return buf.length > 54 && buf[0] === 0x42 && buf[1] === 0x4d
}

export function decodeBmp(buf: Buffer, pixelLimit: number): RawImage {
  const dataOffset = buf.readUInt32LE(10)
  const headerSize = buf.readUInt32LE(14)
  if (headerSize < 40) throw new Error('Unsupported BMP header')
  const width = buf.readInt32LE(18)
  const rawHeight = buf.readInt32LE(22)
  const bpp = buf.readUInt16LE(28)
  const compression = buf.readUInt32LE(30)
  const height = Math.abs(rawHeight)
  if (width <= 0 || height <= 0 || width * height > pixelLimit) throw new Error('BMP size out of range')
  if (!(compression === 0 || (compression === 3 && bpp === 32))) throw new Error('Compressed BMPs are not supported')
  if (![1, 4, 8, 24, 32].includes(bpp)) throw new Error(`Unsupported BMP depth ${bpp}`)
  const colours = bpp <= 8 ? buf.readUInt32LE(46) || 1 << bpp : 0
  const palette = 14 + headerSize
  const stride = Math.ceil((width * bpp) / 32) * 4
  if (dataOffset + stride * height > buf.length) throw new Error('Truncated BMP')
  const out = Buffer.alloc(width * height * 4)
  for (let y = 0; y < height; y++) {
    // Rows are stored bottom-up unless the height is negative.
    const row = dataOffset + stride * (rawHeight > 0 ? height - 1 - y : y)
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4
      let b: number, g: number, r: number, a = 255
      if (bpp >= 24) {
        const p = row + x * (bpp / 8)
        b = buf[p]!
        g = buf[p + 1]!
        r = buf[p + 2]!
        if (bpp === 32 && compression === 3) a = buf[p + 3]!
      } else {
        const bit = x * bpp
        const index = (buf[row + (bit >> 3)]! >> (8 - bpp - (bit & 7))) & ((1 << bpp) - 1)
        if (index >= colours) throw new Error('BMP palette index out of range')
        const p = palette + index * 4
        b = buf[p]!
        g = buf[p + 1]!
        r = buf[p + 2]!
      }
      out[o] = r
      out[o + 1] = g
      out[o + 2] = b
      out[o + 3] = a
    }
  }
  return { data: out, width, height }
}
