// Decodes HEIF/HEIC with the system's libheif when it is installed (Debian's libheif-examples:
// heif-dec, called heif-convert before libheif 1.16), in a process of its own: native libde265 is
// several times faster than the WASM build, and its memory is the child's, handed back when it
// exits. Bounded like the WASM thread: a time limit (the child is killed), a temp dir removed
// whatever happens. The pixel cap is checked by the caller before this runs.
import { spawn } from 'node:child_process'
import { accessSync, constants } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import sharp from 'sharp'
import type { DecodedHeif } from './heif-decoder.ts'

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
 * The primary image's pixels, as RGB(A), orientation (irot/imir) applied. The child writes JPEG
 * at quality 95: a 12 MP photo in ~1.8 s where PNG's zlib takes ~16 s (y4m ~2.2 s, and would need
 * our own YUV conversion). Its EXIF still says how to turn the stored picture, which libheif has
 * already done, so the pixels are read raw (no EXIF goes on to sharp's rotate()).
 */
export async function decodeWithCli(
  bin: string,
  bytes: Buffer,
  opts: { timeoutMs: number; tmpDir?: string },
): Promise<DecodedHeif> {
  const dir = await mkdtemp(join(opts.tmpDir ?? tmpdir(), 'cumulus-heif-'))
  try {
    const input = join(dir, 'in.heic')
    await writeFile(input, bytes)
    await run(bin, ['--quiet', '-q', '95', input, join(dir, 'out.jpg')], opts.timeoutMs)
    // A file of several top-level images gets one output each, numbered; the primary comes first.
    const jpeg = await readFile(join(dir, 'out.jpg')).catch(() => readFile(join(dir, 'out-1.jpg')))
    const { data, info } = await sharp(jpeg, { failOn: 'error' }).raw().toBuffer({ resolveWithObject: true })
    return { width: info.width, height: info.height, channels: info.channels as 3 | 4, data }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
