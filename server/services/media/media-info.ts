// What the queue learns about a file beyond its pixels, stored as JSON in files.media_info and
// served by GET /file-service/media-info/{id}: the photo viewer's info pane and the audio player.
// Every field is optional: a file tells what it tells. Strings are the file's own, shown as text.
import type { FileRow } from '../../db/schema.ts'
import type { MediaInfoReply } from '../../schemas/media.ts'
import { isoDate } from '../../util/iso-date.ts'

export interface PhotoInfo {
  camera?: string
  lens?: string
  /** Exposure time in seconds (1/250 s = 0.004). */
  exposureTime?: number
  fNumber?: number
  iso?: number
  /** Focal length in millimetres. */
  focalLength?: number
  /** Where it was taken, in decimal degrees. */
  gps?: { latitude: number; longitude: number }
}

export interface AudioInfo {
  title?: string
  artist?: string
  album?: string
  /** Length in seconds. */
  duration?: number
  track?: number
}

export interface MediaInfo {
  photo?: PhotoInfo
  audio?: AudioInfo
  /** A video's or audio's codec as the container names it (the viewer says when a browser can't play it). */
  codec?: string
  /** PDF: pages in the document. */
  pages?: number
}

/** Longest string kept from a file's tags: they are the uploader's text, shown in a pane. */
export const MAX_INFO_TEXT = 200

/** A tag's text, trimmed and bounded, or undefined when empty or not a string. */
export function infoText(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  // eslint-disable-next-line no-control-regex -- control characters are what is dropped
  const clean = value.replace(/[\u0000-\u001f\u007f]/g, ' ').trim()
  return clean ? clean.slice(0, MAX_INFO_TEXT) : undefined
}

export const parseMediaInfo = (json: string | null): MediaInfo => {
  if (!json) return {}
  try {
    return JSON.parse(json) as MediaInfo
  } catch {
    return {}
  }
}

/** The reply of GET /file-service/media-info/{id}: the stored facts, with the size and date on the row. */
export function mediaInfoReply(
  file: Pick<FileRow, 'width' | 'height' | 'taken_date' | 'upload_date' | 'media_info'>,
): MediaInfoReply {
  const { photo, audio, codec, pages } = parseMediaInfo(file.media_info)
  return {
    ...(file.width !== null && file.height !== null && { width: file.width, height: file.height }),
    ...(file.taken_date !== file.upload_date && { takenDate: isoDate(file.taken_date) }),
    ...(photo && { photo }),
    ...(audio && { audio }),
    ...(codec && { codec }),
    ...(pages !== undefined && { pages }),
  }
}
