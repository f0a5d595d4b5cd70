// Songs and other sound files: their tags (title, artist, album, track, length) become the file's
// media info, for the audio player; the embedded cover art becomes the thumbnail. No cover, no
// thumbnail: the job still ends done, with the info.
//
// Reading is bounded: the first MAX_TAG_BYTES of the file, no more. ID3v2, FLAC and Ogg keep their
// tags and cover at the start; a file of that size or less is read whole, so its length is exact.
// For a longer file only a length a header tells is kept (MP3's Xing/VBRI or its constant bitrate
// over the file's size, FLAC's STREAMINFO, a PCM WAV's byte rate over its size): an Ogg's would
// need its last page and an MP4's tags may sit at its end, and the player learns the length from
// the stream anyway.
import type { Readable } from 'node:stream'
import { parseBuffer } from 'music-metadata'
import type { FileRow } from '../../../db/schema.ts'
import { isAudioType } from '../../../util/mime.ts'
import { openImage, thumbnailOf } from '../images.ts'
import { type AudioInfo, infoText } from '../media-info.ts'
import type { Renderer } from './renderer.ts'

/** Most of a file read for its tags: a song of a few minutes is all of it, with its cover. */
export const MAX_TAG_BYTES = 16 * 1024 * 1024

/** Containers whose length a prefix tells exactly (a header holds it). */
const LENGTH_IN_HEADER = new Set(['MPEG', 'FLAC'])

/** Up to `max` bytes from the start of a stream; the rest is never read. */
async function readPrefix(source: Readable, max: number): Promise<{ bytes: Buffer; whole: boolean }> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of source) {
    const c = chunk as Buffer
    if (size + c.length > max) {
      chunks.push(c.subarray(0, max - size))
      source.destroy()
      return { bytes: Buffer.concat(chunks), whole: false }
    }
    chunks.push(c)
    size += c.length
  }
  return { bytes: Buffer.concat(chunks), whole: true }
}

/** A long WAV's length from its size: PCM is a fixed number of bytes a second (the header is noise). */
function pcmLength(
  format: {
    container?: string
    codec?: string
    sampleRate?: number
    numberOfChannels?: number
    bitsPerSample?: number
  },
  size: number,
): number | undefined {
  const { container, codec, sampleRate = 0, numberOfChannels = 0, bitsPerSample = 0 } = format
  if (container !== 'WAVE' || codec !== 'PCM') return undefined
  const perSecond = (sampleRate * numberOfChannels * bitsPerSample) / 8
  return perSecond > 0 ? size / perSecond : undefined
}

const positive = (n: number | null | undefined) =>
  typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : undefined

export const audioRenderer: Renderer = {
  name: 'audio',
  accepts: isAudioType,
  async render(file: FileRow, source, ctx) {
    const { bytes, whole } = await readPrefix(source, MAX_TAG_BYTES)
    ctx.at.stage = 'decoding'
    const meta = await parseBuffer(
      bytes,
      { mimeType: file.mime, size: whole ? bytes.length : file.size },
      { duration: whole },
    )
    // music-metadata answers an empty result for bytes it does not recognise (a text named .mp3).
    const { common, format } = meta
    if (!format.container) throw new Error('Not an audio file')
    const container = format.container
    const duration = whole || LENGTH_IN_HEADER.has(container) ? positive(format.duration) : pcmLength(format, file.size)
    const track = positive(common.track.no)
    const audio: AudioInfo = {
      ...(infoText(common.title) && { title: infoText(common.title) }),
      ...(infoText(common.artist) && { artist: infoText(common.artist) }),
      ...(infoText(common.album) && { album: infoText(common.album) }),
      ...(duration && { duration: Math.round(duration * 1000) / 1000 }),
      ...(track && Number.isInteger(track) && { track }),
    }
    const codec = infoText(format.codec)
    const info = { audio, ...(codec && { codec }) }
    const picture = common.picture?.[0]
    if (!picture || file.thumbnail_key) return { info }
    try {
      // The pixel cap holds for covers as for photos: a tiny PNG may claim a huge canvas.
      const thumbnail = await thumbnailOf(await openImage(Buffer.from(picture.data), picture.format, ctx.pixelLimit))
      return { info, thumbnail }
    } catch {
      // A cover sharp cannot or may not decode: the song keeps its tags, without a picture.
      return { info }
    }
  },
}
