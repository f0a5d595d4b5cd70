import * as Ariakit from '@ariakit/react'
import { type ReactNode, useState } from 'react'
import { cx } from '../../internal/cx.ts'
import { Icon, type IconName } from '../icon/icon.tsx'
import * as css from './filter-chips.css.ts'

/** One chip: the value it selects and its text. */
export interface FilterChipOption<V extends string = string> {
  value: V
  label: string
  /** A kit icon before the text. */
  icon?: IconName
}

/** Props of `FilterChips`; the rest go to the Ariakit `Toolbar`. */
export interface FilterChipsProps<V extends string = string> extends Omit<
  Ariakit.ToolbarProps,
  'children' | 'onChange' | 'defaultValue'
> {
  /** The toolbar's accessible name (e.g. "Type"). */
  label: string
  /** The chips, in order. */
  options: readonly FilterChipOption<V>[]
  /** The selected chip's value, `null` for none, when controlled. */
  value?: V | null
  /** The first value when uncontrolled; defaults to none. */
  defaultValue?: V | null
  /** Called with the new value: the chosen chip's, or `null` when the selected chip is pressed again. */
  onValueChange?: (value: V | null) => void
  /** A first chip that stands for "no filter" (e.g. "Any time"): pressed while none is selected. */
  noneLabel?: string
  /** Disables every chip. */
  disabled?: boolean
  /** More items after the chips, in the toolbar's arrow-key order (a `DateRangeChip`). */
  children?: ReactNode
}

/**
 * A toolbar of toggle chips, one selected at a time or none: pressing a chip selects it, pressing
 * the selected one clears it. Left/Right (mirrored in RTL), Home and End move between chips, Tab
 * leaves the toolbar, Enter and Space press.
 */
export function FilterChips<V extends string = string>({
  label,
  options,
  value: controlled,
  defaultValue = null,
  onValueChange,
  noneLabel,
  disabled,
  className,
  children,
  ...props
}: FilterChipsProps<V>) {
  // Not useControllableState: `null` (none) is a controlled value, not "uncontrolled".
  const [own, setOwn] = useState<V | null>(defaultValue)
  const value = controlled !== undefined ? controlled : own
  const choose = (next: V | null) => {
    setOwn(next)
    onValueChange?.(next)
  }
  return (
    <Ariakit.Toolbar aria-label={label} data-part="filter-chips" {...props} className={cx(css.root, className)}>
      {noneLabel !== undefined ? (
        <Ariakit.ToolbarItem
          aria-pressed={value === null}
          disabled={!!disabled}
          className={css.chip}
          data-part="filter-chip"
          onClick={() => {
            if (value !== null) choose(null)
          }}
        >
          {noneLabel}
        </Ariakit.ToolbarItem>
      ) : null}
      {options.map((option) => (
        <Ariakit.ToolbarItem
          key={option.value}
          aria-pressed={value === option.value}
          disabled={!!disabled}
          className={css.chip}
          data-part="filter-chip"
          onClick={() => choose(value === option.value ? null : option.value)}
        >
          {option.icon ? <Icon name={option.icon} size="small" /> : null}
          {option.label}
        </Ariakit.ToolbarItem>
      ))}
      {children}
    </Ariakit.Toolbar>
  )
}
