// Videos: one frame through ffmpeg becomes the thumbnail; the frame's size is the video's as
// shown (ffmpeg applies the rotation a phone records). A video has no preview: it streams.
import { execFile, spawn } from 'node:child_process'
import { createWriteStream } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import sharp from 'sharp'
import { randomId } from '../../../util/crypto.ts'
import { isVideoType } from '../../../util/mime.ts'
import { openImage, thumbnailOf } from '../images.ts'
import type { Renderer } from './renderer.ts'

/** An ffmpeg run taking longer is killed: one frame of a sane video takes well under a second. */
const FFMPEG_TIMEOUT_MS = 30_000

/** The frame at `at` seconds as PNG bytes (none past the video's end), and what ffmpeg said. */
function ffmpegFrame(path: string, at: string): Promise<{ frame: Buffer; said: string }> {
  return new Promise((resolve, reject) => {
    const ff = spawn(
      'ffmpeg',
      ['-v', 'error', '-ss', at, '-i', path, '-frames:v', '1', '-f', 'image2pipe', '-vcodec', 'png', 'pipe:1'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    )
    const chunks: Buffer[] = []
    let said = ''
    let killed = false
    const timer = setTimeout(() => {
      killed = true
      ff.kill('SIGKILL')
    }, FFMPEG_TIMEOUT_MS)
    ff.stdout.on('data', (c: Buffer) => chunks.push(c))
    ff.stderr.on('data', (c: Buffer) => void (said = (said + c.toString()).slice(-500)))
    ff.on('error', (err) => {
      clearTimeout(timer)
      reject(err)
    })
    ff.on('close', () => {
      clearTimeout(timer)
      if (killed) reject(new Error(`ffmpeg gave no frame within ${FFMPEG_TIMEOUT_MS / 1000} s and was killed`))
      else resolve({ frame: Buffer.concat(chunks), said: said.trim() })
    })
  })
}

/** The first video stream's codec as ffprobe names it ("h264", "hevc", "vp9"); undefined when it can't tell. */
function videoCodec(path: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile(
      'ffprobe',
      ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=codec_name', '-of', 'csv=p=0', path],
      { timeout: FFMPEG_TIMEOUT_MS, maxBuffer: 64 * 1024 },
      (err, stdout) => {
        const name = String(stdout).trim().split('\n')[0]?.trim()
        resolve(!err && name && /^[a-z0-9_]{1,32}$/i.test(name) ? name : undefined)
      },
    )
  })
}

/**
 * One frame of a video as PNG bytes, and its codec (ffmpeg needs a seekable file, so the video
 * is staged).
 */
export async function videoFrame(input: Readable, tmpDir: string): Promise<{ frame: Buffer; codec?: string }> {
  await mkdir(tmpDir, { recursive: true })
  const path = join(tmpDir, `frame-${randomId(8)}`)
  try {
    await pipeline(input, createWriteStream(path))
    let said = ''
    // A second in, past a fade from black; a video shorter than that has its first frame.
    for (const at of ['1', '0']) {
      const run = await ffmpegFrame(path, at)
      if (run.frame.length) {
        const codec = await videoCodec(path)
        return { frame: run.frame, ...(codec && { codec }) }
      }
      said = run.said
    }
    throw new Error(`ffmpeg produced no frame${said ? `: ${said}` : ''}`)
  } finally {
    await rm(path, { force: true })
  }
}

export const videoRenderer: Renderer = {
  name: 'video',
  accepts: isVideoType,
  complete: (file) => file.thumbnail_key !== null && file.width !== null,
  async render(file, source, ctx) {
    if (!ctx.ffmpeg) throw new Error('ffmpeg is not available')
    ctx.at.stage = 'video frame'
    const { frame, codec } = await videoFrame(source, ctx.tmpDir)
    ctx.at.stage = 'decoding'
    const { width, height } = await sharp(frame).metadata()
    const thumbnail = file.thumbnail_key
      ? undefined
      : await thumbnailOf(await openImage(frame, 'image/png', ctx.pixelLimit))
    return {
      ...(thumbnail && { thumbnail }),
      ...(width && height ? { width, height } : {}),
      // The viewer says "can't play here" for a codec the browser lacks (HEVC from phones).
      ...(codec && { info: { codec } }),
    }
  },
}
