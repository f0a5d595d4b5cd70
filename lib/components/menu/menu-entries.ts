import type { ReactNode } from 'react'
import type { IconName } from '../icon/icon.tsx'

/** Item colours: danger for destructive actions such as Delete. */
export const menuItemTones = ['default', 'danger'] as const

/** One of `menuItemTones`. */
export type MenuItemTone = (typeof menuItemTones)[number]

/**
 * A menu item's icon: one of the kit's icons by name, or your own node (an SVG of your icon set,
 * about 16 px, drawn in `currentColor`). A string that names no kit icon (an emoji) is shown as is.
 */
export type MenuIcon = IconName | ReactNode

/** A menu action. `hidden` drops it from the menu (items hidden by context, e.g. in trash). */
export interface MenuAction {
  id: string
  label: string
  /** One of the kit's icons by name, or your own node; see `MenuIcon`. */
  icon?: MenuIcon
  onSelect?: () => void
  disabled?: boolean
  hidden?: boolean
  tone?: MenuItemTone
}

/** A divider between groups of actions. */
export interface MenuSeparator {
  separator: true
  id?: string
  hidden?: boolean
}

/** An entry of a `Menu` or `ContextMenu`. */
export type MenuEntry = MenuAction | MenuSeparator

/** Type guard for separators. */
export const isMenuSeparator = (entry: MenuEntry): entry is MenuSeparator => 'separator' in entry

/**
 * The entries a menu shows: hidden ones removed, and separators kept only between two visible
 * actions, so hiding a group never leaves a stray line.
 */
export function visibleMenuEntries(entries: readonly MenuEntry[]): MenuEntry[] {
  const shown: MenuEntry[] = []
  for (const entry of entries) {
    if (entry.hidden) continue
    const last = shown.at(-1)
    if (isMenuSeparator(entry) && (last === undefined || isMenuSeparator(last))) continue
    shown.push(entry)
  }
  const last = shown.at(-1)
  if (last !== undefined && isMenuSeparator(last)) shown.pop()
  return shown
}
