import * as Ariakit from '@ariakit/react'
import { cx } from '../../internal/cx.ts'
import { popupItem } from '../../internal/popup.css.ts'
import { Icon } from '../icon/icon.tsx'
import * as css from './menu.css.ts'
import { isMenuSeparator, type MenuEntry, visibleMenuEntries } from './menu-entries.ts'

/** Renders the visible entries as Ariakit menu items; shared by Menu and ContextMenu. */
export function MenuItems({ entries }: { entries: readonly MenuEntry[] }) {
  return visibleMenuEntries(entries).map((entry, index) =>
    isMenuSeparator(entry) ? (
      <Ariakit.MenuSeparator key={entry.id ?? `separator-${index}`} className={css.separator} />
    ) : (
      <Ariakit.MenuItem
        key={entry.id}
        disabled={entry.disabled}
        onClick={entry.onSelect}
        className={cx(popupItem, entry.tone === 'danger' && css.danger)}
      >
        {entry.icon ? <Icon name={entry.icon} size="small" className={css.itemIcon} /> : null}
        {entry.label}
      </Ariakit.MenuItem>
    ),
  )
}
