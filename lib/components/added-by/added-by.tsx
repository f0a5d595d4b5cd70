import type { ComponentPropsWithRef } from 'react'
import { fillSlots, slot } from '../../internal/bidi.tsx'
import { cx } from '../../internal/cx.ts'
import { useLocale } from '../../locale/locale.tsx'
import { useLabels } from '../../locale/context.ts'
import * as css from './added-by.css.ts'

/** The texts of `AddedBy`; each has an English default. */
export interface AddedByLabels {
  /** The line, from the person's name and the formatted date (null without one). */
  addedBy: (name: string, date: string | null) => string
}

/** English defaults of `AddedByLabels`. */
export const defaultAddedByLabels: AddedByLabels = {
  addedBy: (name, date) => (date ? `Added by ${name} · ${date}` : `Added by ${name}`),
}

/** Props of `AddedBy`; other attributes go to the `p`. */
export interface AddedByProps extends Omit<ComponentPropsWithRef<'p'>, 'children'> {
  /** Who added the item (a display name). */
  name: string
  /** When; a `Date` or an ISO 8601 string. An unparseable date is left out. */
  date?: Date | string
  /** Formats the date; defaults to the locale's day, month in words and year ("May 3, 2026", "3. Mai 2026"). */
  formatDate?: (date: Date) => string
  /** Texts; see `defaultAddedByLabels`. */
  labels?: Partial<AddedByLabels>
}

/** "Added by Ben · May 3, 2026": who added a file and when, for the details panel and the viewer. */
export function AddedBy({ name, date, formatDate, labels: labelOverrides, className, ...props }: AddedByProps) {
  const labels = useLabels('addedBy', defaultAddedByLabels, labelOverrides)
  const { locale, timeZone } = useLocale()
  const when = date === undefined ? null : date instanceof Date ? date : new Date(date)
  const valid = when !== null && !Number.isNaN(when.getTime())
  const format =
    formatDate ??
    ((d: Date) =>
      new Intl.DateTimeFormat(locale, {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        ...(timeZone ? { timeZone } : {}),
      }).format(d))
  // The name and the date go in as placeholders and come back as elements: the name isolated in
  // <bdi> (a right-to-left name or a U+202E cannot turn the line around), the date as <time>.
  const text = labels.addedBy(slot(0), valid ? slot(1) : null)
  return (
    <p data-part="added-by" {...props} className={cx(css.line, className)}>
      {fillSlots(text, [
        <bdi key="name" className={css.name}>
          {name}
        </bdi>,
        valid ? (
          <time key="date" dateTime={when.toISOString()}>
            {format(when)}
          </time>
        ) : null,
      ])}
    </p>
  )
}
