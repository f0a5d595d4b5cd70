import * as Ariakit from '@ariakit/react'
import { cx } from '../../internal/cx.ts'
import { popupItem } from '../../internal/popup.css.ts'
import { Icon, type IconName, iconNames } from '../icon/icon.tsx'
import * as css from './menu.css.ts'
import { isMenuSeparator, type MenuEntry, visibleMenuEntries } from './menu-entries.ts'
import { defined } from '../../internal/defined.ts'

// A string that names no icon of the kit (an emoji, a letter) is the product's own node.
const isIconName = (icon: unknown): icon is IconName =>
  typeof icon === 'string' && (iconNames as readonly string[]).includes(icon)

/** Renders the visible entries as Ariakit menu items; shared by Menu and ContextMenu. */
export function MenuItems({ entries }: { entries: readonly MenuEntry[] }) {
  return visibleMenuEntries(entries).map((entry, index) =>
    isMenuSeparator(entry) ? (
      <Ariakit.MenuSeparator key={entry.id ?? `separator-${index}`} className={css.separator} />
    ) : (
      <Ariakit.MenuItem
        key={entry.id}
        disabled={!!entry.disabled}
        {...defined({ onClick: entry.onSelect })}
        className={cx(popupItem, entry.tone === 'danger' && css.danger)}
      >
        {isIconName(entry.icon) ? (
          <Icon name={entry.icon} size="small" className={css.itemIcon} />
        ) : entry.icon != null ? (
          // A product's own icon, in the same slot (decoration: the label names the action).
          <span aria-hidden className={css.itemIcon}>
            {entry.icon}
          </span>
        ) : null}
        {entry.label}
      </Ariakit.MenuItem>
    ),
  )
}
