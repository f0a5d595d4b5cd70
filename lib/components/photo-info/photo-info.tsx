import { type ComponentPropsWithRef, Fragment, type ReactNode, useId } from 'react'
import { cx } from '../../internal/cx.ts'
import type { DateInput } from '../../utils/format-date.ts'
import { formatDimensions } from '../../utils/format-dimensions.ts'
import { Spinner } from '../spinner/spinner.tsx'
import * as css from './photo-info.css.ts'
import { useLabels, useLocale } from '../../locale/locale.tsx'

/** Where a photo was taken, in decimal degrees. */
export interface PhotoLocation {
  latitude: number
  longitude: number
}

/** Props of `PhotoInfo`: what is known of a photo (every field optional); the rest go to the `section`. */
export interface PhotoInfoProps extends Omit<ComponentPropsWithRef<'section'>, 'children'> {
  /** When it was taken; shown in the locale's `file` date format. */
  takenDate?: DateInput | undefined
  /** The camera, e.g. "Pixel 8". */
  camera?: string | undefined
  /** The lens, e.g. "f/1.7 6.9 mm". */
  lens?: string | undefined
  /** Exposure time in seconds (1/250 s = 0.004). */
  exposureTime?: number | undefined
  /** The aperture's f-number, e.g. 1.8. */
  fNumber?: number | undefined
  /** ISO speed. */
  iso?: number | undefined
  /** Focal length in millimetres. */
  focalLength?: number | undefined
  /** Width in pixels (after orientation). */
  width?: number | undefined
  /** Height in pixels (after orientation). */
  height?: number | undefined
  /** File size in bytes, shown with the locale's `formatSize`. */
  size?: number | undefined
  /** GPS position: shown, with a link to OpenStreetMap (a new tab; no map is loaded here). */
  gps?: PhotoLocation | undefined
  /** Still being fetched: a spinner shows in place of the facts. */
  loading?: boolean | undefined
  /** Texts; defaults to `defaultPhotoInfoLabels`. */
  labels?: Partial<PhotoInfoLabels> | undefined
}

/** Texts of `PhotoInfo`. */
export interface PhotoInfoLabels {
  /** The pane's heading (and name). */
  heading: string
  taken: string
  camera: string
  lens: string
  exposure: string
  dimensions: string
  size: string
  location: string
  /** The link to the map. */
  map: string
  loading: string
  /** Nothing is known. */
  empty: string
}

/** English defaults of `PhotoInfoLabels`. */
export const defaultPhotoInfoLabels: PhotoInfoLabels = {
  heading: 'Info',
  taken: 'Taken',
  camera: 'Camera',
  lens: 'Lens',
  exposure: 'Exposure',
  dimensions: 'Dimensions',
  size: 'Size',
  location: 'Location',
  map: 'Show on map',
  loading: 'Loading',
  empty: 'No details are known for this photo.',
}

/** The OpenStreetMap page with a marker at `gps`. */
export const mapUrl = ({ latitude, longitude }: PhotoLocation) =>
  `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}`

type Exposure = Pick<PhotoInfoProps, 'exposureTime' | 'fNumber' | 'iso' | 'focalLength'>

/** The exposure line, "1/250 s · f/1.8 · ISO 100 · 26 mm", with `locale`'s numbers; empty when nothing is known. */
export function formatExposure({ exposureTime, fNumber, iso, focalLength }: Exposure, locale: string): string {
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1, useGrouping: false })
  const parts: string[] = []
  if (exposureTime !== undefined && exposureTime > 0) {
    // Below a second, cameras name the time as a fraction of it (0.004 → 1/250).
    parts.push(exposureTime < 1 ? `1/${Math.round(1 / exposureTime)} s` : `${number.format(exposureTime)} s`)
  }
  if (fNumber !== undefined && fNumber > 0) parts.push(`f/${number.format(fNumber)}`)
  if (iso !== undefined && iso > 0) parts.push(`ISO ${number.format(iso)}`)
  if (focalLength !== undefined && focalLength > 0) parts.push(`${number.format(focalLength)} mm`)
  return parts.join(' · ')
}

/**
 * A photo's details for a viewer's info pane: date taken, camera, lens, exposure
 * ("1/250 s · f/1.8 · ISO 100 · 26 mm"), dimensions ("4032 × 3024"), size and, with GPS, the
 * position with a link that opens OpenStreetMap in a new tab. Only what is known shows.
 */
export function PhotoInfo({
  takenDate,
  camera,
  lens,
  exposureTime,
  fNumber,
  iso,
  focalLength,
  width,
  height,
  size,
  gps,
  loading = false,
  labels: labelOverrides,
  className,
  ...props
}: PhotoInfoProps) {
  const labels = useLabels('photoInfo', defaultPhotoInfoLabels, labelOverrides)
  const { locale, formatDate, formatSize } = useLocale()
  const headingId = useId()
  const exposure = formatExposure({ exposureTime, fNumber, iso, focalLength }, locale)
  const degrees = new Intl.NumberFormat(locale, { maximumFractionDigits: 5, useGrouping: false })
  const facts: Array<[string, ReactNode]> = []
  if (takenDate !== undefined) facts.push([labels.taken, formatDate(takenDate, 'file')])
  if (camera) facts.push([labels.camera, camera])
  if (lens) facts.push([labels.lens, lens])
  if (exposure) facts.push([labels.exposure, exposure])
  if (width && height) facts.push([labels.dimensions, formatDimensions(width, height, locale)])
  if (size !== undefined) facts.push([labels.size, formatSize(size)])
  if (gps) {
    facts.push([
      labels.location,
      <>
        <bdi>{`${degrees.format(gps.latitude)}, ${degrees.format(gps.longitude)}`}</bdi>{' '}
        <a className={css.link} href={mapUrl(gps)} target="_blank" rel="noopener noreferrer">
          {labels.map}
        </a>
      </>,
    ])
  }
  return (
    <section aria-labelledby={headingId} data-part="photo-info" {...props} className={cx(css.root, className)}>
      <h2 id={headingId} className={css.heading}>
        {labels.heading}
      </h2>
      {loading ? (
        <Spinner label={labels.loading} />
      ) : facts.length === 0 ? (
        <p className={css.note}>{labels.empty}</p>
      ) : (
        <dl className={css.list}>
          {facts.map(([term, value]) => (
            <Fragment key={term}>
              <dt className={css.term}>{term}</dt>
              <dd className={css.value}>{typeof value === 'string' ? <bdi>{value}</bdi> : value}</dd>
            </Fragment>
          ))}
        </dl>
      )}
    </section>
  )
}
