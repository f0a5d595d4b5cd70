export { ContextMenu, contextMenuLongPressMs, type ContextMenuProps } from './context-menu.tsx'
