import type { ComponentPropsWithRef } from 'react'
import { useControllableState } from '../../hooks/use-controllable-state.ts'
import { cx } from '../../internal/cx.ts'
import { IconButton } from '../icon-button/icon-button.tsx'
import type { CollectionView } from '../virtual-collection/virtual-collection.tsx'
import * as css from './view-toggle.css.ts'
import { useLabels } from '../../locale/locale.tsx'

/** Texts of `ViewToggle`. */
export interface ViewToggleLabels {
  /** The group's accessible name. */
  group: string
  grid: string
  list: string
}

/** Default texts: "View", "Grid view", "List view". */
export const defaultViewToggleLabels: ViewToggleLabels = { group: 'View', grid: 'Grid view', list: 'List view' }

/** Props of `ViewToggle`; the rest go to the group `div`. */
export interface ViewToggleProps extends Omit<ComponentPropsWithRef<'div'>, 'children' | 'onChange'> {
  /** The current view, when controlled. */
  value?: CollectionView
  /** The first view when uncontrolled; defaults to grid. */
  defaultValue?: CollectionView
  /** Called with the chosen view. */
  onValueChange?: (value: CollectionView) => void
  /** Texts; defaults to `defaultViewToggleLabels`. */
  labels?: Partial<ViewToggleLabels>
  /** Disables both buttons. */
  disabled?: boolean
}

/** The grid/list switch: a group of two buttons, the current one pressed. */
export function ViewToggle({
  value: controlled,
  defaultValue = 'grid',
  onValueChange,
  labels,
  disabled,
  className,
  ...props
}: ViewToggleProps) {
  const [value, setValue] = useControllableState(controlled, defaultValue, onValueChange)
  const text = useLabels('viewToggle', defaultViewToggleLabels, labels)
  return (
    <div role="group" aria-label={text.group} data-part="view-toggle" {...props} className={cx(css.root, className)}>
      {(['grid', 'list'] as const).map((view) => (
        <IconButton
          key={view}
          icon={view}
          label={text[view]}
          size="small"
          aria-pressed={value === view}
          disabled={!!disabled}
          className={css.option}
          onClick={() => {
            if (value !== view) setValue(view)
          }}
        />
      ))}
    </div>
  )
}
