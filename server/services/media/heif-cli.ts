// Decodes HEIF/HEIC with the system's libheif when it is installed (Debian's libheif-examples:
// heif-dec, called heif-convert before libheif 1.16), in a process of its own: native libde265 is
// several times faster than the WASM build, and its memory is the child's, handed back when it
// exits. Bounded like the WASM thread: a time limit (the child is killed), a temp dir removed
// whatever happens. The pixel cap is checked by the caller before this runs.
import { spawn } from 'node:child_process'
import { accessSync, constants } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import sharp from 'sharp'
import { stripJpegApp1 } from '../../util/jpeg-metadata.ts'

/** The system decoder's answer: a JPEG with no EXIF, orientation applied. */
export interface DecodedJpeg {
  width: number
  height: number
  jpeg: Buffer
}

/** heif-dec (libheif ≥ 1.16) or heif-convert on PATH, else undefined. */
export function findHeifCli(path = process.env.PATH ?? ''): string | undefined {
  for (const name of ['heif-dec', 'heif-convert'])
    for (const dir of path.split(delimiter).filter(Boolean)) {
      const file = join(dir, name)
      try {
        accessSync(file, constants.X_OK)
        return file
      } catch {
        // not here
      }
    }
  return undefined
}

/**
 * Runs the decoder; rejects on a non-zero exit, or kills it past `timeoutMs` and rejects once it
 * has gone (so the caller's temp dir is not removed under a child still writing to it).
 */
function run(bin: string, args: string[], timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['ignore', 'ignore', 'pipe'] })
    let stderr = ''
    let timedOut = false
    child.stderr.setEncoding('utf8')
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < 2000) stderr += chunk
    })
    const timer = setTimeout(() => {
      timedOut = true
      child.kill('SIGKILL')
    }, timeoutMs)
    child.on('error', (err) => {
      clearTimeout(timer)
      reject(err)
    })
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      if (timedOut) reject(new Error(`HEIF decode took over ${timeoutMs / 1000} s and was stopped`))
      else if (code === 0) resolve()
      else reject(new Error(`HEIF decode failed (${signal ?? code}): ${stderr.trim().split('\n').pop() ?? ''}`))
    })
  })
}

/**
 * The primary image as a JPEG (quality 90), orientation (irot/imir) applied. JPEG because it is
 * fast to write (a 12 MP photo in ~0.5 s, where PNG's zlib took ~16 s and y4m would need our own
 * YUV conversion), and because it is the viewer's preview as it is: no WebP to encode, no raw
 * pixels held here, and sharp shrinks it on load for the thumbnail. heif-convert copies the EXIF
 * into it, whose Orientation would turn the already turned picture again and whose GPS a preview
 * must not carry: that segment is dropped.
 */
export async function decodeWithCli(
  bin: string,
  bytes: Buffer,
  opts: { timeoutMs: number; tmpDir?: string },
): Promise<DecodedJpeg> {
  const root = opts.tmpDir ?? tmpdir()
  await mkdir(root, { recursive: true })
  const dir = await mkdtemp(join(root, 'cumulus-heif-'))
  try {
    const input = join(dir, 'in.heic')
    await writeFile(input, bytes)
    await run(bin, ['--quiet', '-q', '90', input, join(dir, 'out.jpg')], opts.timeoutMs)
    // A file of several top-level images gets one output each, numbered; the primary comes first.
    const written = await readFile(join(dir, 'out.jpg')).catch(() => readFile(join(dir, 'out-1.jpg')))
    const jpeg = stripJpegApp1(written)
    const { width, height } = await sharp(jpeg).metadata()
    if (!width || !height) throw new Error('HEIF decode gave no picture')
    return { width, height, jpeg }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
