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
