// Phone media made by the tests: HEIC photos (heif-enc from libheif-examples, on a sharp-made
// JPEG carrying EXIF), HEIC bombs and truncated files, and HEVC videos (ffmpeg with libx265).
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'

export const heifEncAvailable = spawnSync('heif-enc', ['--help'], { stdio: 'ignore' }).error === undefined
export const x265Available =
  spawnSync('ffmpeg', ['-hide_banner', '-encoders'], { encoding: 'utf8' }).stdout?.includes('libx265') ?? false

/** EXIF as an iPhone writes it (libvips' names: IFD0 the image, IFD2 the Exif sub-IFD, IFD3 GPS). */
export const IPHONE_EXIF = {
  IFD0: { Make: 'Apple', Model: 'iPhone 15 Pro' },
  IFD2: {
    DateTimeOriginal: '2024:05:01 10:11:12',
    OffsetTimeOriginal: '+02:00',
    ExposureTime: '1/250',
    FNumber: '178/100',
    ISOSpeedRatings: '125',
    FocalLength: '6765/1000',
    LensModel: 'iPhone 15 Pro back triple camera 6.765mm f/1.78',
  },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2959/100', GPSLongitudeRef: 'W', GPSLongitude: '2/1 17/1 40/1' },
}

export interface PhotoOptions {
  width?: number
  height?: number
  /** EXIF in libvips' form (sharp withExif); IPHONE_EXIF by default, `null` for none. */
  exif?: Record<string, Record<string, string>> | null
  /** Gaussian noise (a photo's texture, so the codec has real work) instead of a flat colour. */
  noise?: boolean
}

/** A JPEG as a phone writes it: its size, EXIF, and optionally a photo-like texture. */
export async function makeJpegPhoto(opts: PhotoOptions = {}): Promise<Buffer> {
  const width = opts.width ?? 640
  const height = opts.height ?? 480
  const image = opts.noise
    ? sharp({
        create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 30 } },
      }).blur(2)
    : sharp({ create: { width, height, channels: 3, background: { r: 30, g: 140, b: 90 } } })
  const jpeg = image.jpeg({ quality: 85 })
  const exif = opts.exif === undefined ? IPHONE_EXIF : opts.exif
  return (exif ? jpeg.withExif(exif) : jpeg).toBuffer()
}

function run(cmd: string, args: string[]) {
  const r = spawnSync(cmd, args, { encoding: 'utf8' })
  if (r.status !== 0) throw new Error(`${cmd} failed: ${r.error?.message ?? r.stderr}`)
}

/** A HEIC (HEVC in HEIF) made by heif-enc from a JPEG made with sharp; EXIF carried over. */
export async function makeHeic(opts: PhotoOptions = {}): Promise<Buffer> {
  return heicFromJpeg(await makeJpegPhoto(opts))
}

/** A JPEG's picture and EXIF as HEIC (x265's fastest preset: a 12 MP photo in ~1 s of CPU). */
export function heicFromJpeg(jpeg: Buffer): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'cumulus-heic-'))
  try {
    writeFileSync(join(dir, 'in.jpg'), jpeg)
    run('heif-enc', ['-q', '60', '-p', 'preset=ultrafast', join(dir, 'in.jpg'), '-o', join(dir, 'out.heic')])
    return readFileSync(join(dir, 'out.heic'))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** Red, in one corner of a photo, to tell which way up a decoded picture is. */
export const MARKER = { r: 230, g: 20, b: 20 }

/**
 * A portrait photo as an iPhone stores it: `width`×`height` landscape pixels with a red square in
 * their top-left corner, EXIF Orientation 6 (and IPHONE_EXIF), and an `irot` of 270° anticlockwise
 * (90° clockwise). Shown the right way up it is `height`×`width`, the marker top right.
 */
export async function makeRotatedHeic(width = 120, height = 60): Promise<Buffer> {
  const side = Math.round(Math.min(width, height) / 4)
  const jpeg = await sharp({ create: { width, height, channels: 3, background: { r: 30, g: 140, b: 90 } } })
    .composite([{ input: { create: { width: side, height: side, channels: 3, background: MARKER } }, left: 0, top: 0 }])
    .jpeg({ quality: 95 })
    .withExif(IPHONE_EXIF)
    .withMetadata({ orientation: 6 })
    .toBuffer()
  return withIrot(heicFromJpeg(jpeg), 3)
}

/** The offset of a box's type in an ISO-BMFF file (the first one), or throws. */
function boxAt(file: Buffer, type: string): number {
  const at = file.indexOf(type, 0, 'latin1')
  if (at < 4) throw new Error(`no ${type} box`)
  return at
}

/**
 * A HEIC bomb: a real small HEIC whose ispe box declares `width`×`height` (a decoder trusting it
 * would allocate 4 bytes for each of those pixels).
 */
export function heicBomb(heic: Buffer, width = 20_000, height = 20_000): Buffer {
  const bomb = Buffer.from(heic)
  // ispe: size, 'ispe', version and flags, then width and height (32 bits each).
  const ispe = boxAt(bomb, 'ispe')
  bomb.writeUInt32BE(width, ispe + 8)
  bomb.writeUInt32BE(height, ispe + 12)
  return bomb
}

/** The first `fraction` of a file, as a cut upload or a broken sync leaves it. */
export const truncated = (file: Buffer, fraction = 0.6) => file.subarray(0, Math.floor(file.length * fraction))

/** A short HEVC clip as phones record, in mp4 or mov (needs ffmpeg with libx265). */
export function makeHevcVideo(ext: 'mp4' | 'mov', seconds = 2): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'cumulus-hevc-'))
  const out = join(dir, `clip.${ext}`)
  try {
    run('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      `testsrc=duration=${seconds}:size=320x240:rate=15`,
      '-c:v',
      'libx265',
      '-preset',
      'ultrafast',
      '-x265-params',
      'log-level=error',
      '-pix_fmt',
      'yuv420p',
      // hvc1, as an iPhone tags it (what Safari plays).
      '-tag:v',
      'hvc1',
      out,
    ])
    return readFileSync(out)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

interface Box {
  start: number
  size: number
  type: string
  /** Where the box's content starts (after size, type and, for full boxes, version and flags). */
  body: number
}

function boxesIn(file: Buffer, from: number, to: number, full: ReadonlySet<string> = new Set()): Box[] {
  const boxes: Box[] = []
  for (let at = from; at + 8 <= to;) {
    const size = file.readUInt32BE(at)
    const type = file.toString('latin1', at + 4, at + 8)
    if (size < 8) throw new Error(`box ${type} has a size this helper does not read`)
    boxes.push({ start: at, size, type, body: at + 8 + (full.has(type) ? 4 : 0) })
    at += size
  }
  return boxes
}

const child = (boxes: Box[], type: string) => {
  const found = boxes.find((b) => b.type === type)
  if (!found) throw new Error(`no ${type} box`)
  return found
}

/** An unsigned big-endian number of 0, 4 or 8 bytes at `at` (iloc's variable-width fields). */
const readN = (file: Buffer, at: number, bytes: number) =>
  bytes === 0 ? 0 : bytes === 4 ? file.readUInt32BE(at) : Number(file.readBigUInt64BE(at))
function writeN(file: Buffer, at: number, bytes: number, value: number) {
  if (bytes === 4) file.writeUInt32BE(value, at)
  else if (bytes === 8) file.writeBigUInt64BE(BigInt(value), at)
}

/**
 * The HEIC with an `irot` transform on its primary image, as an iPhone stores a portrait photo:
 * landscape pixels plus "turn `quarterTurnsCcw` × 90° anticlockwise to show". heif-enc 1.15 keeps a
 * JPEG's EXIF Orientation as EXIF only, so the box is added here: appended to ipco, associated
 * (essential) in ipma, and every size and file offset after it moved along.
 */
export function withIrot(heic: Buffer, quarterTurnsCcw: 1 | 2 | 3): Buffer {
  const top = boxesIn(heic, 0, heic.length)
  const meta = child(top, 'meta')
  const inMeta = boxesIn(heic, meta.start + 12, meta.start + meta.size, new Set(['pitm', 'iloc']))
  const primary = heic.readUInt16BE(child(inMeta, 'pitm').body)
  const iprp = child(inMeta, 'iprp')
  const inIprp = boxesIn(heic, iprp.start + 8, iprp.start + iprp.size, new Set(['ipma']))
  const ipco = child(inIprp, 'ipco')
  const ipma = child(inIprp, 'ipma')
  if (heic.readUInt8(ipma.start + 8) !== 0) throw new Error('ipma version this helper does not write')
  const wide = (heic.readUInt32BE(ipma.start + 8) & 1) === 1
  const propertyIndex = boxesIn(heic, ipco.start + 8, ipco.start + ipco.size).length + 1
  const irot = Buffer.from([0, 0, 0, 9, ...Buffer.from('irot', 'latin1'), quarterTurnsCcw & 3])
  const association = wide
    ? Buffer.from([0x80 | (propertyIndex >> 8), propertyIndex & 0xff])
    : Buffer.from([0x80 | propertyIndex])
  // The primary item's entry in ipma: its association count goes up by one.
  let entry = ipma.body + 4
  let countAt = -1
  let entryEnd = -1
  for (let n = heic.readUInt32BE(ipma.body); n > 0; n--) {
    const item = heic.readUInt16BE(entry)
    const count = heic.readUInt8(entry + 2)
    const end = entry + 3 + count * (wide ? 2 : 1)
    if (item === primary) [countAt, entryEnd] = [entry + 2, end]
    entry = end
  }
  if (countAt < 0) throw new Error('primary item has no properties')
  const grown = irot.length + association.length
  const out = Buffer.concat([
    heic.subarray(0, ipco.start + ipco.size),
    irot,
    heic.subarray(ipco.start + ipco.size, entryEnd),
    association,
    heic.subarray(entryEnd),
  ])
  // Offsets in `out` of what came after each insertion.
  const moved = (at: number) => at + (at >= entryEnd ? grown : at >= ipco.start + ipco.size ? irot.length : 0)
  out.writeUInt8(heic.readUInt8(countAt) + 1, moved(countAt))
  out.writeUInt32BE(ipco.size + irot.length, moved(ipco.start))
  out.writeUInt32BE(ipma.size + association.length, moved(ipma.start))
  out.writeUInt32BE(iprp.size + grown, moved(iprp.start))
  out.writeUInt32BE(meta.size + grown, moved(meta.start))
  // iloc's file offsets (construction method 0) point past meta, into mdat: they move too.
  const iloc = child(inMeta, 'iloc')
  const at = moved(iloc.body)
  const version = out.readUInt8(iloc.start + 8)
  const offsetSize = out.readUInt8(at) >> 4
  const lengthSize = out.readUInt8(at) & 15
  const baseSize = out.readUInt8(at + 1) >> 4
  const indexSize = version >= 1 ? out.readUInt8(at + 1) & 15 : 0
  let p = at + 2
  const items = version < 2 ? out.readUInt16BE(p) : out.readUInt32BE(p)
  p += version < 2 ? 2 : 4
  for (let i = 0; i < items; i++) {
    p += version < 2 ? 2 : 4
    const method = version >= 1 ? out.readUInt16BE(p) & 15 : 0
    if (version >= 1) p += 2
    p += 2 // data_reference_index
    const baseAt = p
    p += baseSize
    const extents = out.readUInt16BE(p)
    p += 2
    for (let e = 0; e < extents; e++) {
      p += indexSize
      if (method === 0 && offsetSize > 0 && baseSize === 0)
        writeN(out, p, offsetSize, readN(out, p, offsetSize) + grown)
      p += offsetSize + lengthSize
    }
    if (method === 0 && baseSize > 0) writeN(out, baseAt, baseSize, readN(out, baseAt, baseSize) + grown)
  }
  return out
}
