import * as Ariakit from '@ariakit/react'
import type { ReactNode } from 'react'
import { cx } from '../../internal/cx.ts'
import type { IconName } from '../icon/icon.tsx'
import { IconButton } from '../icon-button/icon-button.tsx'
import * as css from './multi-select-bar.css.ts'
import { useLocaleDigits } from '../../locale/digits.ts'
import { useLabels } from '../../locale/locale.tsx'
import { useRtl } from '../../hooks/use-rtl.ts'

/** Texts of `MultiSelectBar`. */
export interface MultiSelectBarLabels {
  /** The toolbar's name. */
  toolbar: string
  /** The count text (the count followed by the word "selected"). */
  selected: (count: number) => string
  /** The close icon: clears the selection. */
  close: string
  trash: string
  move: string
  download: string
  share: string
  restore: string
  delete: string
}

/** Default texts: "<n> selected" and the context menu's action names. */
export const defaultMultiSelectBarLabels: MultiSelectBarLabels = {
  toolbar: 'Selection',
  selected: (count) => `${count} selected`,
  close: 'Clear selection',
  trash: 'Trash',
  move: 'Move',
  download: 'Download',
  share: 'Share',
  restore: 'Restore',
  delete: 'Delete',
}

/** Props of `MultiSelectBar`; the rest go to the toolbar (Ariakit `Toolbar`). */
export interface MultiSelectBarProps extends Omit<Ariakit.ToolbarProps, 'children'> {
  /** How many items are selected. */
  count: number
  /** The close icon: the app clears the selection (as Escape does). */
  onClose: () => void
  /** In trash the actions are Restore and Delete instead of Trash, Move and Download. */
  inTrash?: boolean | undefined
  /** On the media page Move is hidden. */
  inMedia?: boolean | undefined
  onTrash?: (() => void) | undefined
  onMove?: (() => void) | undefined
  onDownload?: (() => void) | undefined
  /** Share the selection (outside trash); shown only when given. */
  onShare?: (() => void) | undefined
  onRestore?: (() => void) | undefined
  onDelete?: (() => void) | undefined
  /** Own action buttons, replacing the built-in ones (wrap them in Ariakit `ToolbarItem` for arrow keys). */
  actions?: ReactNode | undefined
  /** Texts; defaults to `defaultMultiSelectBarLabels`. */
  labels?: Partial<MultiSelectBarLabels> | undefined
}

interface Action {
  id: 'trash' | 'move' | 'download' | 'share' | 'restore' | 'delete'
  icon: IconName
  run?: (() => void) | undefined
  shown: boolean
  danger?: boolean | undefined
}

/**
 * The multi-select bar: a close icon, "<n> selected" (announced as it changes) and the
 * actions of the context. A toolbar: one tab stop, arrow keys move between its buttons. An action
 * shows when its callback is given and the context allows it.
 */
export function MultiSelectBar({
  count,
  onClose,
  inTrash = false,
  inMedia = false,
  onTrash,
  onMove,
  onDownload,
  onShare,
  onRestore,
  onDelete,
  actions,
  labels,
  className,
  ref,
  ...props
}: MultiSelectBarProps) {
  // Arrow keys follow the reading direction: Ariakit's toolbar needs to be told.
  const [dirRef, rtl] = useRtl(ref)
  const text = useLabels('multiSelectBar', defaultMultiSelectBarLabels, labels)
  const digits = useLocaleDigits()
  const builtIn: Action[] = [
    { id: 'trash', icon: 'trash', run: onTrash, shown: !inTrash },
    { id: 'move', icon: 'move', run: onMove, shown: !inTrash && !inMedia },
    { id: 'download', icon: 'download', run: onDownload, shown: !inTrash },
    { id: 'share', icon: 'share', run: onShare, shown: !inTrash },
    { id: 'restore', icon: 'restore', run: onRestore, shown: inTrash },
    { id: 'delete', icon: 'trash', run: onDelete, shown: inTrash, danger: true },
  ]
  return (
    <Ariakit.Toolbar
      aria-label={text.toolbar}
      data-part="multi-select-bar"
      rtl={rtl}
      {...props}
      ref={dirRef}
      className={cx(css.bar, className)}
    >
      <Ariakit.ToolbarItem render={<IconButton icon="close" label={text.close} onClick={onClose} />} />
      <span role="status" className={css.count}>
        {digits(text.selected(count))}
      </span>
      <span className={css.spacer} />
      {actions ??
        builtIn
          .filter((action) => action.shown && action.run)
          .map((action) => (
            <Ariakit.ToolbarItem
              key={action.id}
              render={
                <IconButton
                  icon={action.icon}
                  label={text[action.id]}
                  onClick={action.run}
                  className={action.danger ? css.danger : undefined}
                />
              }
            />
          ))}
    </Ariakit.Toolbar>
  )
}
