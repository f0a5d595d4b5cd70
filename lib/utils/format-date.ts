import { format } from 'date-fns'

/** Anything `Date` accepts: a Date, an epoch in milliseconds, or an ISO string from the API. */
export type DateInput = Date | number | string

const toDate = (input: DateInput) => (input instanceof Date ? input : new Date(input))

/** A file card's upload date, MM/DD/YY hh:mma in local time, e.g. "03/07/24 09:05PM". */
export function formatCardDate(input: DateInput): string {
  return format(toDate(input), 'MM/dd/yy hh:mma')
}

/** The details panel's created date, MM/DD/YYYY, e.g. "03/07/2024". */
export function formatDetailsDate(input: DateInput): string {
  return format(toDate(input), 'MM/dd/yyyy')
}

/** The file details modal's and public page's upload date, MM/DD/YYYY hh:mma, e.g. "03/07/2024 09:05PM". */
export function formatFileDate(input: DateInput): string {
  return format(toDate(input), 'MM/dd/yyyy hh:mma')
}

/** The photo gallery's month heading, e.g. "November 2026" (local time). */
export function formatMonthHeading(input: DateInput): string {
  return format(toDate(input), 'MMMM yyyy')
}
