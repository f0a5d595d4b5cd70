// One renderer per kind of file the thumbnail queue understands. The queue claims a job, picks
// the renderer that accepts the file's type and stores what it returns; a renderer only decodes.
// Each one stays inside the job's limits: the pixel cap, the job's time limit (the queue gives up
// on a job past it) and bounded memory (read at most what a sane file of its kind weighs).
import type { Readable } from 'node:stream'
import type { FileRow } from '../../../db/schema.ts'
import type { Preview } from '../images.ts'
import type { MediaInfo } from '../media-info.ts'

/** Where a job is, named in the log when it is given up. */
export type Stage = 'reading' | 'video frame' | 'decoding' | 'storing' | 'committing'

export interface RenderContext {
  pixelLimit: number
  /** Longest edge of a full-size preview. */
  previewMaxEdge: number
  /** Scratch space for decoders that need a file (ffmpeg); each renderer removes its own. */
  tmpDir: string
  ffmpeg: boolean
  /** Updated as the work moves on, for the log line of a job given up. */
  at: { stage: Stage }
}

/** What a renderer made; each part is optional (a file from before previews only lacks one). */
export interface Rendered {
  thumbnail?: Buffer
  preview?: Preview
  /** When the photo was taken (EXIF), epoch ms. */
  takenDate?: number
  /** Pixels after orientation. */
  width?: number
  height?: number
  info?: MediaInfo
}

export interface Renderer {
  /** A name for the log. */
  name: string
  accepts(mime: string): boolean
  /** Nothing left to make for this file (e.g. a video that has its thumbnail and dimensions). */
  complete?(file: FileRow): boolean
  render(file: FileRow, source: Readable, ctx: RenderContext): Promise<Rendered>
}
