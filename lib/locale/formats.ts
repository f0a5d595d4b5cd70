import type { DateInput } from '../utils/format-date.ts'
import { scaleBytes } from '../utils/format-bytes.ts'

/**
 * Where a date is shown, so one `formatDate` can format each place its own way:
 * - `card`: file cards, list rows, quick access (date and time, short);
 * - `details`: the details panel's created date (date only);
 * - `file`: the file details dialog and public pages (full date and time);
 * - `month`: the photo gallery's month headings;
 * - `link`: a share link's expiry.
 */
export const dateStyles = ['card', 'details', 'file', 'month', 'link'] as const

/** One of `dateStyles`. */
export type DateStyle = (typeof dateStyles)[number]

/** Formats a date for one place; see `dateStyles`. */
export type FormatDate = (date: DateInput, style: DateStyle) => string

/** Formats a byte count, e.g. 1536 → "1.5 KB". */
export type FormatSize = (bytes: number) => string

const twoDigits = { year: '2-digit', month: '2-digit', day: '2-digit' } as const
const dateOptions: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  card: { ...twoDigits, hour: '2-digit', minute: '2-digit' },
  details: { year: 'numeric', month: '2-digit', day: '2-digit' },
  file: { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' },
  month: { year: 'numeric', month: 'long' },
  link: { dateStyle: 'medium', timeStyle: 'short' },
}

const toDate = (input: DateInput) => (input instanceof Date ? input : new Date(input))

/** The default `formatDate`: `Intl.DateTimeFormat` in `locale` (and `timeZone`, else the user's). */
export function intlFormatDate(locale: string, timeZone?: string): FormatDate {
  const formats = new Map<DateStyle, Intl.DateTimeFormat>()
  return (date, style) => {
    let format = formats.get(style)
    if (!format) {
      format = new Intl.DateTimeFormat(locale, { ...dateOptions[style], ...(timeZone ? { timeZone } : {}) })
      formats.set(style, format)
    }
    return format.format(toDate(date))
  }
}

/**
 * The default `formatSize`: base 1024, at most two decimals, the number in `locale`'s digits and
 * separators and the units B, KB, MB, GB, TB, PB ("1.5 KB"; German "1,5 KB"). In `en-US` it is
 * exactly `formatBytes`.
 */
export function intlFormatSize(locale: string): FormatSize {
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 2, useGrouping: false })
  return (bytes) => {
    const { value, unit } = scaleBytes(bytes)
    return `${number.format(value)} ${unit}`
  }
}
