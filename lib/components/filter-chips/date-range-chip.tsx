import * as Ariakit from '@ariakit/react'
import { type FormEvent, useId, useState } from 'react'
import { cx } from '../../internal/cx.ts'
import { useLabels } from '../../locale/context.ts'
import { useLocale } from '../../locale/locale.tsx'
import { Button } from '../button/button.tsx'
import * as chipCss from './filter-chips.css.ts'
import * as css from './date-range-chip.css.ts'

/** A range of calendar days, each `YYYY-MM-DD` and inclusive; either end may be open. */
export interface DateRange {
  from?: string
  to?: string
}

/** Texts of `DateRangeChip`. */
export interface DateRangeChipLabels {
  /** The chip while no range is chosen. */
  chip: string
  /** The popover's accessible name. */
  title: string
  from: string
  to: string
  apply: string
  /** Removes the chosen range. */
  clear: string
  /** Apply with neither day filled in. */
  missing: string
  /** Apply with the first day after the last. */
  order: string
  /** The chip once a range is chosen, from its days as the locale writes them. */
  chosen: (from: string | undefined, to: string | undefined) => string
}

/** Default texts: "Custom range…", "From", "To", "Apply", "Clear", and the two checks. */
export const defaultDateRangeChipLabels: DateRangeChipLabels = {
  chip: 'Custom range…',
  title: 'Custom range',
  from: 'From',
  to: 'To',
  apply: 'Apply',
  clear: 'Clear',
  missing: 'Choose a first day, a last day or both.',
  order: 'The first day must be on or before the last day.',
  chosen: (from, to) => (from && to ? `${from} – ${to}` : from ? `From ${from}` : `Until ${to ?? ''}`),
}

/** Props of `DateRangeChip`. */
export interface DateRangeChipProps {
  /** The chosen range, `null` for none, when controlled. */
  value?: DateRange | null
  /** The first range when uncontrolled; defaults to none. */
  defaultValue?: DateRange | null
  /** Called with the applied range, or `null` when cleared. */
  onValueChange?: (value: DateRange | null) => void
  disabled?: boolean
  className?: string
  /** Texts; defaults to `defaultDateRangeChipLabels`. */
  labels?: Partial<DateRangeChipLabels>
}

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** A `YYYY-MM-DD` day at local noon: the locale's date format shows that day in any nearby zone. */
function localDay(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  return new Date(y, m - 1, d, 12)
}

/**
 * A filter chip that opens a small popover with two native date fields (From, To) and applies
 * them as one range: pressed while a range is chosen, which its text then says. Apply checks that
 * a day is given and that the first is not after the last, saying so beside the fields. Put it in
 * a `FilterChips` (its `children`) so the toolbar's arrow keys reach it; Escape closes the popover
 * and focus returns to the chip.
 */
export function DateRangeChip({
  value: controlled,
  defaultValue = null,
  onValueChange,
  disabled,
  className,
  labels: overrides,
}: DateRangeChipProps) {
  const labels = useLabels('dateRangeChip', defaultDateRangeChipLabels, overrides)
  const { formatDate } = useLocale()
  const [own, setOwn] = useState<DateRange | null>(defaultValue)
  const value = controlled !== undefined ? controlled : own
  const [open, setOpen] = useState(false)
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const [problem, setProblem] = useState<'missing' | 'order' | null>(null)
  const id = useId()

  const onOpenChange = (next: boolean) => {
    // Each opening starts from the chosen range.
    if (next) {
      setFrom(value?.from ?? '')
      setTo(value?.to ?? '')
      setProblem(null)
    }
    setOpen(next)
  }
  const choose = (next: DateRange | null) => {
    setOwn(next)
    onValueChange?.(next)
    setOpen(false)
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const first = DAY.test(from) ? from : undefined
    const last = DAY.test(to) ? to : undefined
    if (!first && !last) return setProblem('missing')
    // Days as YYYY-MM-DD compare as text.
    if (first && last && first > last) return setProblem('order')
    choose({ ...(first ? { from: first } : {}), ...(last ? { to: last } : {}) })
  }

  const shown = (day: string | undefined) => (day && DAY.test(day) ? formatDate(localDay(day), 'details') : undefined)
  const text = value && (value.from || value.to) ? labels.chosen(shown(value.from), shown(value.to)) : labels.chip
  const errorId = `${id}-error`
  const invalid = (field: 'from' | 'to') =>
    problem === 'missing' || (problem === 'order' && field === 'from')
      ? { 'aria-invalid': true as const, 'aria-describedby': errorId }
      : {}

  return (
    <Ariakit.PopoverProvider open={open} setOpen={onOpenChange}>
      <Ariakit.ToolbarItem
        aria-pressed={!!value}
        disabled={!!disabled}
        className={cx(chipCss.chip, className)}
        data-part="date-range-chip"
        render={<Ariakit.PopoverDisclosure />}
      >
        {text}
      </Ariakit.ToolbarItem>
      <Ariakit.Popover
        gutter={4}
        aria-label={labels.title}
        className={css.popover}
        data-part="date-range-popover"
        unmountOnHide
      >
        <form className={css.form} onSubmit={submit} noValidate>
          <div className={css.fields}>
            <label className={css.field}>
              <span className={css.label}>{labels.from}</span>
              <input
                type="date"
                className={css.input}
                value={from}
                max={to || undefined}
                onChange={(event) => setFrom(event.target.value)}
                data-part="date-range-from"
                {...invalid('from')}
              />
            </label>
            <label className={css.field}>
              <span className={css.label}>{labels.to}</span>
              <input
                type="date"
                className={css.input}
                value={to}
                min={from || undefined}
                onChange={(event) => setTo(event.target.value)}
                data-part="date-range-to"
                {...invalid('to')}
              />
            </label>
          </div>
          {problem ? (
            <p id={errorId} role="alert" className={css.error} data-part="date-range-error">
              {labels[problem]}
            </p>
          ) : null}
          <div className={css.actions}>
            {value ? (
              <Button type="button" variant="secondary" onClick={() => choose(null)}>
                {labels.clear}
              </Button>
            ) : null}
            <Button type="submit" variant="primary">
              {labels.apply}
            </Button>
          </div>
        </form>
      </Ariakit.Popover>
    </Ariakit.PopoverProvider>
  )
}
