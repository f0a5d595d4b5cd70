// What a photo's EXIF says about how it was taken, for the viewer's info pane (MediaInfo.photo).
// Read with exif-reader from sharp's metadata().exif, which JPEG, TIFF, WebP and HEIF all give.
import exifReader from 'exif-reader'
import { infoText, type PhotoInfo } from './media-info.ts'

const positive = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined

/** EXIF's degrees, minutes, seconds and N/S/E/W → signed decimal degrees; undefined when absurd. */
function degrees(dms: unknown, ref: unknown, max: number): number | undefined {
  if (!Array.isArray(dms) || dms.length !== 3 || !dms.every((n) => typeof n === 'number' && Number.isFinite(n)))
    return undefined
  const [d, m, s] = dms as [number, number, number]
  const value = d + m / 60 + s / 3600
  if (!(value <= max)) return undefined
  const sign = typeof ref === 'string' && /^[SW]/i.test(ref) ? -1 : 1
  return Math.round(sign * value * 1e6) / 1e6
}

/** The camera as people name it: "Canon" + "Canon EOS R5" is "Canon EOS R5", not twice Canon. */
function cameraName(make: string | undefined, model: string | undefined): string | undefined {
  if (!make) return model
  if (!model) return make
  return model.toLowerCase().startsWith(make.toLowerCase()) ? model : infoText(`${make} ${model}`)
}

/** The photo's camera, lens, exposure and place, or undefined when its EXIF tells none of them. */
export function photoInfo(exif: Buffer | undefined): PhotoInfo | undefined {
  if (!exif?.length) return undefined
  let tags
  try {
    tags = exifReader(exif)
  } catch {
    return undefined
  }
  const image = tags.Image ?? {}
  const photo = tags.Photo ?? {}
  const gps = tags.GPSInfo ?? {}
  const iso = Array.isArray(photo.ISOSpeedRatings) ? photo.ISOSpeedRatings[0] : photo.ISOSpeedRatings
  const latitude = degrees(gps.GPSLatitude, gps.GPSLatitudeRef, 90)
  const longitude = degrees(gps.GPSLongitude, gps.GPSLongitudeRef, 180)
  const info: PhotoInfo = {
    camera: cameraName(infoText(image.Make), infoText(image.Model)),
    lens: infoText(photo.LensModel),
    exposureTime: positive(photo.ExposureTime),
    fNumber: positive(photo.FNumber),
    iso: positive(iso),
    focalLength: positive(photo.FocalLength),
    ...(latitude !== undefined && longitude !== undefined && { gps: { latitude, longitude } }),
  }
  const known = Object.fromEntries(Object.entries(info).filter(([, v]) => v !== undefined)) as PhotoInfo
  return Object.keys(known).length ? known : undefined
}
