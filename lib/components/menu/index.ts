export { Menu, type MenuProps } from './menu.tsx'
export {
  isMenuSeparator,
  menuItemTones,
  visibleMenuEntries,
  type MenuAction,
  type MenuEntry,
  type MenuIcon,
  type MenuItemTone,
  type MenuSeparator,
} from './menu-entries.ts'
export { MenuItems } from './menu-items.tsx'
