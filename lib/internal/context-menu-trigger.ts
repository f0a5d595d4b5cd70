import type { KeyboardEvent, MouseEvent } from 'react'

/** Where a menu opens: a point (zero size) or an element's box. */
export type AnchorRect = { x: number; y: number; width: number; height: number }

/** Shift+F10 or the ContextMenu key: the keyboard's right-click. */
export const isContextMenuKey = (event: KeyboardEvent) =>
  (event.key === 'F10' && event.shiftKey) || event.key === 'ContextMenu'

/** A contextmenu event the keyboard made: it carries no pointer position. */
export const isKeyboardContextMenu = (event: MouseEvent) => event.clientX === 0 && event.clientY === 0

/** The pointer's position as an anchor. */
export const pointAnchor = (x: number, y: number): AnchorRect => ({ x, y, width: 0, height: 0 })
