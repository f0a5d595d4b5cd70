import type { ComponentPropsWithRef } from 'react'
import { useControllableState } from '../../hooks/use-controllable-state.ts'
import { cx } from '../../internal/cx.ts'
import { IconButton } from '../icon-button/icon-button.tsx'
import { Select } from '../select/select.tsx'
import * as css from './sort-control.css.ts'
import { useLabels } from '../../locale/locale.tsx'

/** Sort values: field (date or alphabetical) and direction. */
export const sortValues = ['date_desc', 'date_asc', 'alp_desc', 'alp_asc'] as const

/** One of `sortValues`. */
export type SortValue = (typeof sortValues)[number]

/** The sort a collection starts with: newest first. */
export const defaultSort: SortValue = 'date_desc'

/** Texts of `SortControl`. */
export interface SortControlLabels {
  /** The select's accessible name (visually hidden). */
  sortBy: string
  /** Option for date_* ("Modified"). */
  date: string
  /** Option for alp_* ("Name"). */
  name: string
  /** The direction toggle, pressed while ascending. */
  ascending: string
}

/** Default texts: "Sort by", "Modified" and "Name", and "Ascending". */
export const defaultSortLabels: SortControlLabels = { sortBy: 'Sort by', date: 'Modified', name: 'Name', ascending: 'Ascending' }

/** Props of `SortControl`; the rest go to the wrapping `div`. */
export interface SortControlProps extends Omit<ComponentPropsWithRef<'div'>, 'children' | 'onChange'> {
  /** The current sort, when controlled. */
  value?: SortValue
  /** The first sort when uncontrolled; defaults to `defaultSort`. */
  defaultValue?: SortValue
  /** Called with the new sort. */
  onValueChange?: (value: SortValue) => void
  /** Texts; defaults to `defaultSortLabels`. */
  labels?: Partial<SortControlLabels>
  /** Disables both controls. */
  disabled?: boolean
}

const fieldOf = (value: SortValue) => (value.startsWith('alp') ? 'alp' : 'date')
const isAscending = (value: SortValue) => value.endsWith('_asc')

/**
 * The sort control: a select between Modified and Name that keeps the direction, and
 * an ascending/descending toggle (a pressed-state button) that keeps the field.
 */
export function SortControl({ value: controlled, defaultValue = defaultSort, onValueChange, labels, disabled, className, ...props }: SortControlProps) {
  const [value, setValue] = useControllableState(controlled, defaultValue, onValueChange)
  const text = useLabels('sortControl', defaultSortLabels, labels)
  const ascending = isAscending(value)
  const direction = ascending ? 'asc' : 'desc'
  return (
    <div data-part="sort-control" {...props} className={cx(css.root, className)}>
      <Select
        label={text.sortBy}
        labelHidden
        disabled={disabled}
        options={[
          { value: 'date', label: text.date },
          { value: 'alp', label: text.name },
        ]}
        value={fieldOf(value)}
        onValueChange={(field) => setValue(`${field === 'alp' ? 'alp' : 'date'}_${direction}`)}
      />
      <IconButton
        icon={ascending ? 'sort-asc' : 'sort-desc'}
        label={text.ascending}
        aria-pressed={ascending}
        disabled={disabled}
        onClick={() => setValue(`${fieldOf(value)}_${ascending ? 'desc' : 'asc'}`)}
      />
    </div>
  )
}
