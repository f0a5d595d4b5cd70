import type { ComponentPropsWithRef } from 'react'
import { cx } from '../../internal/cx.ts'
import { useLabels } from '../../locale/context.ts'
import { useLocale } from '../../locale/locale.tsx'
import type { DateInput } from '../../utils/format-date.ts'
import * as css from './trash-note.css.ts'

/** The texts of `TrashNote`; each has an English default. */
export interface TrashNoteLabels {
  /** When it went to the trash, from the formatted date: "Deleted 12/02/2026". */
  deleted: (date: string) => string
  /** The days left before the trash is emptied of it: "12 days left"; 0 is "Deleted soon". */
  daysLeft: (days: number) => string
}

/** English defaults of `TrashNoteLabels`. */
export const defaultTrashNoteLabels: TrashNoteLabels = {
  deleted: (date) => `Deleted ${date}`,
  daysLeft: (days) => (days <= 0 ? 'Deleted soon' : days === 1 ? '1 day left' : `${days} days left`),
}

/** Days left at or below which the days-left part is drawn as a warning. */
export const trashNoteSoonDays = 3

/** What a trashed item carries for its note (`BrowserFile.trashed`, `BrowserFolder.trashed`). */
export interface TrashedInfo {
  /** When it was moved to the trash: a Date, epoch milliseconds or an ISO string. */
  at: DateInput
  /** Whole days before it is deleted forever; absent when nothing deletes it. */
  daysLeft?: number | undefined
}

/** Props of `TrashNote`; other attributes go to the `span`. */
export interface TrashNoteProps extends Omit<ComponentPropsWithRef<'span'>, 'children'>, TrashedInfo {
  /** Texts; see `defaultTrashNoteLabels`. */
  labels?: Partial<TrashNoteLabels>
}

/**
 * A trashed item's line: the days it has left, when the trash is emptied on a schedule (drawn as
 * a warning in its last days), then when it was deleted (the locale's `details` date). Cards and
 * rows show it for items with `trashed`.
 */
export function TrashNote({ at, daysLeft, labels: labelOverrides, className, ...props }: TrashNoteProps) {
  const labels = useLabels('trashNote', defaultTrashNoteLabels, labelOverrides)
  const locale = useLocale()
  const soon = daysLeft !== undefined && daysLeft <= trashNoteSoonDays
  const deleted = labels.deleted(locale.formatDate(at, 'details'))
  const left = daysLeft !== undefined ? labels.daysLeft(daysLeft) : undefined
  // Days left first: where the line is cut short (a narrow card), what matters most stays; the
  // whole line is the tooltip.
  return (
    <span
      data-part="trash-note"
      title={left ? `${left} · ${deleted}` : deleted}
      {...props}
      className={cx(css.note, className)}
    >
      {left ? (
        <>
          {/* Isolated: "12 days left" keeps its own order in a right-to-left page. */}
          <bdi data-part="trash-note-days-left" data-soon={soon || undefined} className={css.daysLeft}>
            {left}
          </bdi>
          {' · '}
        </>
      ) : null}
      <bdi data-part="trash-note-deleted">{deleted}</bdi>
    </span>
  )
}
