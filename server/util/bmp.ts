// libvips (and so sharp) cannot read BMP. This decodes the common uncompressed kinds — 24- and
// 32-bit BI_RGB/BI_BITFIELDS with the usual masks, and 1/4/8-bit palettes — into raw RGB(A)
// that sharp accepts. Anything else is refused, and the caller marks the image as failed.
// The pixel loop runs on the main thread, so it works in slices of a few milliseconds and
// yields between them: a 40-megapixel bitmap must not stall every other request for 300 ms.
import { setImmediate as nextTurn } from 'node:timers/promises'

export interface RawImage {
  data: Buffer
  width: number
  height: number
  channels: 3 | 4
}

interface Layout {
  width: number
  height: number
  bpp: number
  /** Byte offset of the first stored row and the bytes per stored row (padded to 4). */
  dataOffset: number
  stride: number
  bottomUp: boolean
  /** 32-bit BI_BITFIELDS: the fourth byte is alpha. */
  alpha: boolean
  /** Palette as r, g, b triples (1/4/8-bit only). */
  palette: Uint8Array
  colours: number
}

/** Time a slice of the pixel loop may hold the event loop. */
const SLICE_MS = 8

export function isBmp(buf: Buffer): boolean {
  return buf.length > 54 && buf[0] === 0x42 && buf[1] === 0x4d
}

function readLayout(buf: Buffer, pixelLimit: number): Layout {
  if (!isBmp(buf)) throw new Error('Not a BMP')
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
  const stride = Math.ceil((width * bpp) / 32) * 4
  if (dataOffset + stride * height > buf.length) throw new Error('Truncated BMP')
  const colours = bpp <= 8 ? Math.min(buf.readUInt32LE(46) || 1 << bpp, 1 << bpp) : 0
  const paletteAt = 14 + headerSize
  if (paletteAt + colours * 4 > buf.length) throw new Error('Truncated BMP palette')
  const palette = new Uint8Array(colours * 3)
  for (let i = 0; i < colours; i++) {
    palette[i * 3] = buf[paletteAt + i * 4 + 2]!
    palette[i * 3 + 1] = buf[paletteAt + i * 4 + 1]!
    palette[i * 3 + 2] = buf[paletteAt + i * 4]!
  }
  return { width, height, bpp, dataOffset, stride, bottomUp: rawHeight > 0, alpha: compression === 3, palette, colours }
}

function decodeRow(buf: Buffer, l: Layout, out: Buffer, y: number): void {
  // Rows are stored bottom-up unless the height is negative.
  const row = l.dataOffset + l.stride * (l.bottomUp ? l.height - 1 - y : y)
  const channels = l.alpha ? 4 : 3
  let o = y * l.width * channels
  if (l.bpp >= 24) {
    const step = l.bpp / 8
    for (let x = 0, p = row; x < l.width; x++, p += step) {
      out[o++] = buf[p + 2]!
      out[o++] = buf[p + 1]!
      out[o++] = buf[p]!
      if (l.alpha) out[o++] = buf[p + 3]!
    }
    return
  }
  const mask = (1 << l.bpp) - 1
  for (let x = 0; x < l.width; x++) {
    const bit = x * l.bpp
    const index = (buf[row + (bit >> 3)]! >> (8 - l.bpp - (bit & 7))) & mask
    if (index >= l.colours) throw new Error('BMP palette index out of range')
    out[o++] = l.palette[index * 3]!
    out[o++] = l.palette[index * 3 + 1]!
    out[o++] = l.palette[index * 3 + 2]!
  }
}

export async function decodeBmp(buf: Buffer, pixelLimit: number): Promise<RawImage> {
  const layout = readLayout(buf, pixelLimit)
  const channels = layout.alpha ? 4 : 3
  // Every byte is written below, so the buffer need not be zeroed first.
  const out = Buffer.allocUnsafe(layout.width * layout.height * channels)
  let y = 0
  while (y < layout.height) {
    const sliceEnd = performance.now() + SLICE_MS
    while (y < layout.height && performance.now() < sliceEnd) decodeRow(buf, layout, out, y++)
    if (y < layout.height) await nextTurn()
  }
  return { data: out, width: layout.width, height: layout.height, channels }
}
