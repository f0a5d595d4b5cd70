import { type ComponentPropsWithRef, useRef } from 'react'
import { useControllableState } from '../../hooks/use-controllable-state.ts'
import { cx } from '../../internal/cx.ts'
import { IconButton } from '../icon-button/icon-button.tsx'
import { Select } from '../select/select.tsx'
import * as css from './sort-control.css.ts'
import { useLabels } from '../../locale/locale.tsx'

/** The default sort fields: `date` (modified) and `alp` (name, alphabetical). */
export type DefaultSortField = 'date' | 'alp'

/** A sort direction. */
export type SortDirection = 'asc' | 'desc'

/**
 * A sort: a field and a direction joined by `_`, e.g. `date_desc` or, with your own fields,
 * `size_asc`. The field may itself contain `_` (the direction is what follows the last one).
 */
export type SortValue<F extends string = DefaultSortField> = `${F}_${SortDirection}`

/** One field a `SortControl` offers: what the value carries and what the user reads. */
export interface SortField<F extends string = string> {
  /** The field part of the sort value (`size` in `size_desc`). */
  value: F
  /** The option's text. */
  label: string
}

/** Sort values of the default fields: date or alphabetical, each descending or ascending. */
export const sortValues = ['date_desc', 'date_asc', 'alp_desc', 'alp_asc'] as const satisfies readonly SortValue[]

/** The sort a collection starts with: newest first. */
export const defaultSort: SortValue = 'date_desc'

/** A sort value's field and direction (`size_desc` → `{ field: 'size', direction: 'desc' }`). */
export function parseSortValue<F extends string>(value: SortValue<F>): { field: F; direction: SortDirection } {
  const cut = value.lastIndexOf('_')
  return { field: value.slice(0, cut) as F, direction: value.slice(cut + 1) === 'asc' ? 'asc' : 'desc' }
}

/** The sort value of a field and a direction. */
export const toSortValue = <F extends string>(field: F, direction: SortDirection): SortValue<F> =>
  `${field}_${direction}`

/** Texts of `SortControl`. */
export interface SortControlLabels {
  /** The select's accessible name (visually hidden). */
  sortBy: string
  /** Option for date_* ("Modified"), when `fields` is not given. */
  date: string
  /** Option for alp_* ("Name"), when `fields` is not given. */
  name: string
  /** The direction toggle, pressed while ascending. */
  ascending: string
  /** A directionless field's text when the consumer offers relevance ("Best match"). */
  bestMatch: string
}

/** Default texts: "Sort by", "Modified" and "Name", "Ascending", and "Best match". */
export const defaultSortLabels: SortControlLabels = {
  sortBy: 'Sort by',
  date: 'Modified',
  name: 'Name',
  ascending: 'Ascending',
  bestMatch: 'Best match',
}

/** Props of `SortControl`; the rest go to the wrapping `div`. */
export interface SortControlProps<F extends string = DefaultSortField, D extends string = never> extends Omit<
  ComponentPropsWithRef<'div'>,
  'children' | 'onChange' | 'defaultValue'
> {
  /**
   * The fields the select offers, in order, e.g. `[{ value: 'size', label: 'Size' }]`. Defaults to
   * Modified (`date`) and Name (`alp`), read from `labels`.
   */
  fields?: readonly SortField<F>[]
  /**
   * Fields without a direction, offered before `fields` (e.g. `[{ value: 'relevance', label:
   * 'Best match' }]` for search results): the sort value is the field alone, and the direction
   * toggle is hidden while one is chosen.
   */
  directionlessFields?: readonly SortField<D>[]
  /** The current sort, when controlled. */
  value?: NoInfer<SortValue<F> | D>
  /** The first sort when uncontrolled; defaults to `defaultSort`, or the first of `fields` (descending, if it has a direction). */
  defaultValue?: NoInfer<SortValue<F> | D>
  /** Called with the new sort: `field_direction`, or a directionless field alone. */
  onValueChange?: (value: NoInfer<SortValue<F> | D>) => void
  /** Texts; defaults to `defaultSortLabels`. */
  labels?: Partial<SortControlLabels>
  /** Disables both controls. */
  disabled?: boolean
}

/**
 * The sort control: a select between the fields that keeps the direction, and an
 * ascending/descending toggle (a pressed-state button) that keeps the field. A directionless field
 * hides the toggle; leaving it picks up the last direction shown (descending at first).
 */
export function SortControl<F extends string = DefaultSortField, D extends string = never>({
  fields: givenFields,
  directionlessFields = [],
  value: controlled,
  defaultValue,
  onValueChange,
  labels,
  disabled,
  className,
  ...props
}: SortControlProps<F, D>) {
  const text = useLabels('sortControl', defaultSortLabels, labels)
  // Without `fields`, F is the default vocabulary.
  const directed =
    givenFields ??
    ([
      { value: 'date', label: text.date },
      { value: 'alp', label: text.name },
    ] as SortField<string>[] as SortField<F>[])
  const fields: readonly SortField<string>[] = [...directionlessFields, ...directed]
  const undirected = new Set<string>(directionlessFields.map((f) => f.value))
  const first: SortValue<F> | D =
    defaultValue ??
    directionlessFields[0]?.value ??
    (givenFields?.[0] ? toSortValue(givenFields[0].value, 'desc') : (defaultSort as SortValue<F>))
  const [value, setValue] = useControllableState<SortValue<F> | D>(controlled, first, onValueChange)
  // The direction a directed field takes when chosen after a directionless one.
  const lastDirection = useRef<SortDirection>('desc')
  const parsed = undirected.has(value) ? undefined : parseSortValue(value as SortValue<F>)
  if (parsed) lastDirection.current = parsed.direction
  const field: string = parsed ? parsed.field : value
  const direction = parsed?.direction ?? lastDirection.current
  const ascending = direction === 'asc'
  return (
    <div data-part="sort-control" {...props} className={cx(css.root, className)}>
      <Select
        label={text.sortBy}
        labelHidden
        disabled={!!disabled}
        options={fields}
        value={field}
        onValueChange={(next) => setValue(undirected.has(next) ? (next as D) : toSortValue(next as F, direction))}
      />
      {parsed ? (
        <IconButton
          icon={ascending ? 'sort-asc' : 'sort-desc'}
          label={text.ascending}
          aria-pressed={ascending}
          disabled={!!disabled}
          onClick={() => setValue(toSortValue(parsed.field, ascending ? 'desc' : 'asc'))}
        />
      ) : null}
    </div>
  )
}
