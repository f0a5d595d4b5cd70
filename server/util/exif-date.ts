// When a photo was taken, from its EXIF block (sharp's `metadata().exif`). EXIF dates are a
// wall clock with no zone: with OffsetTimeOriginal (EXIF 2.31) the instant is exact; without, the
// wall clock is read as UTC, so the day and month a photo groups under are the camera's own.
import exifReader from 'exif-reader'

const DAY_MS = 86_400_000
/** 1900-01-01T00:00:00Z: earlier is a camera's unset clock (0000:00:00 parses to 1899), not a photo. */
const EARLIEST = Date.UTC(1900, 0, 1)

/** "+02:00" / "-05:30" → minutes east of UTC; undefined when absent or malformed. */
function offsetMinutes(offset: unknown): number | undefined {
  const m = typeof offset === 'string' ? /^([+-])(\d{2}):(\d{2})$/.exec(offset.trim()) : null
  if (!m) return undefined
  const minutes = Number(m[2]) * 60 + Number(m[3])
  return minutes > 14 * 60 ? undefined : m[1] === '-' ? -minutes : minutes
}

/**
 * The instant in epoch milliseconds of DateTimeOriginal (else DateTimeDigitized, exiftool's
 * CreateDate), or undefined when there is none, it cannot be read, or it is absurd (before 1900,
 * or more than a day after `now`).
 */
export function exifTakenDate(exif: Buffer | undefined, now: number): number | undefined {
  if (!exif?.length) return undefined
  let photo
  try {
    photo = exifReader(exif).Photo
  } catch {
    return undefined
  }
  if (!photo) return undefined
  const [wallClock, offset] =
    photo.DateTimeOriginal instanceof Date
      ? [photo.DateTimeOriginal, photo.OffsetTimeOriginal]
      : [photo.DateTimeDigitized, photo.OffsetTimeDigitized]
  // exif-reader reads the wall clock as UTC; an unreadable date is null.
  if (!(wallClock instanceof Date)) return undefined
  const at = wallClock.getTime() - (offsetMinutes(offset) ?? 0) * 60_000
  return Number.isFinite(at) && at >= EARLIEST && at <= now + DAY_MS ? at : undefined
}
