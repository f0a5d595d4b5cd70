// Real media made in the test: images with sharp (and a hand-built BMP), videos and songs with ffmpeg.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'

export const ffmpegAvailable = spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' }).status === 0

const base = () => sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 80, b: 40 } } })

export async function makeImage(format: 'jpeg' | 'png' | 'gif' | 'webp' | 'avif' | 'tiff'): Promise<Buffer> {
  return base().toFormat(format).toBuffer()
}

/** A JPEG carrying EXIF as a camera writes it: when it was taken (a wall clock, optionally with its zone) and how to turn it. */
export async function makePhoto(
  exif: {
    taken?: string
    offset?: string
    digitized?: string
    orientation?: number
    width?: number
    height?: number
  } = {},
): Promise<Buffer> {
  const photo = {
    ...(exif.taken && { DateTimeOriginal: exif.taken }),
    ...(exif.offset && { OffsetTimeOriginal: exif.offset }),
    ...(exif.digitized && { DateTimeDigitized: exif.digitized }),
  }
  const image = sharp({
    create: { width: exif.width ?? 64, height: exif.height ?? 32, channels: 3, background: { r: 40, g: 120, b: 200 } },
  })
    .jpeg()
    // IFD2 is libvips' name for the Exif sub-IFD, where the dates live.
    .withExif({ IFD0: { Make: 'Cumulus Test' }, IFD2: photo })
  return (exif.orientation ? image.withMetadata({ orientation: exif.orientation }) : image).toBuffer()
}

export const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200"><rect width="300" height="200" fill="teal"/>' +
    '<script>alert(document.domain)</script><circle cx="150" cy="100" r="80" fill="gold"/></svg>',
)

/** A 24-bit bottom-up BMP, written by hand (sharp cannot write BMP). */
export function makeBmp(width = 64, height = 48): Buffer {
  const stride = Math.ceil((width * 3) / 4) * 4
  const buf = Buffer.alloc(54 + stride * height)
  buf.write('BM', 0, 'latin1')
  buf.writeUInt32LE(buf.length, 2)
  buf.writeUInt32LE(54, 10)
  buf.writeUInt32LE(40, 14)
  buf.writeInt32LE(width, 18)
  buf.writeInt32LE(height, 22)
  buf.writeUInt16LE(1, 26)
  buf.writeUInt16LE(24, 28)
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) buf.set([x * 4, y * 5, 128], 54 + y * stride + x * 3)
  return buf
}

/** A short test-pattern clip; `seconds` long, in mp4 (H.264) or webm (VP9). */
export function makeVideo(ext: 'mp4' | 'webm', seconds = 2): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'cumulus-video-'))
  const out = join(dir, `clip.${ext}`)
  const codec =
    ext === 'mp4'
      ? ['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-movflags', '+faststart']
      : ['-c:v', 'libvpx-vp9', '-b:v', '200k', '-deadline', 'realtime']
  const r = spawnSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    `testsrc=duration=${seconds}:size=320x240:rate=15`,
    ...codec,
    out,
  ])
  if (r.status !== 0) throw new Error(`ffmpeg failed: ${r.stderr}`)
  const data = readFileSync(out)
  rmSync(dir, { recursive: true, force: true })
  return data
}

/** The audio formats `makeSong` writes, with ffmpeg's encoder for each. */
const SONG_CODECS = {
  mp3: ['-c:a', 'libmp3lame', '-b:a', '64k', '-id3v2_version', '3'],
  m4a: ['-c:a', 'aac', '-b:a', '64k'],
  flac: ['-c:a', 'flac'],
  ogg: ['-c:a', 'libvorbis'],
  opus: ['-c:a', 'libopus', '-ar', '48000'],
  wav: ['-c:a', 'pcm_s16le'],
} as const

/**
 * A short sine tone in `ext`, tagged through `-metadata`; with `cover` (PNG bytes) an mp3 carries
 * it as ID3 APIC "Album cover" and a FLAC as its picture block.
 */
export function makeSong(
  ext: keyof typeof SONG_CODECS,
  tags: Record<string, string> = {},
  opts: { cover?: Buffer; seconds?: number } = {},
): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'cumulus-song-'))
  const out = join(dir, `song.${ext}`)
  const cover = opts.cover ? join(dir, 'cover.png') : undefined
  if (cover) writeFileSync(cover, opts.cover!)
  const r = spawnSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${opts.seconds ?? 2}`,
    ...(cover ? ['-i', cover, '-map', '0', '-map', '1', '-c:v', 'copy', '-disposition:v', 'attached_pic'] : []),
    '-ac',
    '1',
    '-ar',
    '44100',
    ...SONG_CODECS[ext],
    ...Object.entries(tags).flatMap(([k, v]) => ['-metadata', `${k}=${v}`]),
    ...(cover ? ['-metadata:s:v', 'title=Album cover', '-metadata:s:v', 'comment=Cover (front)'] : []),
    out,
  ])
  if (r.status !== 0) throw new Error(`ffmpeg failed: ${r.stderr}`)
  const data = readFileSync(out)
  rmSync(dir, { recursive: true, force: true })
  return data
}

/** Uploads a file to Home, waits for the thumbnail queue to settle, and returns its info JSON. */
export async function uploadAndSettle(
  server: { app: { cumulus: { thumbnails: { idle(): Promise<void> } } } },
  browser: {
    upload(name: string, data: Buffer | string): Promise<{ status: number; body: any }>
    get(path: string): Promise<{ body: any }>
  },
  name: string,
  data: Buffer | string,
) {
  const r = await browser.upload(name, data)
  if (r.status !== 201) throw new Error(`upload of ${name}: ${r.status}`)
  await server.app.cumulus.thumbnails.idle()
  return (await browser.get(`/file-service/info/${r.body._id}`)).body
}
