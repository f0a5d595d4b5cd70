import * as Ariakit from '@ariakit/react'
import { type KeyboardEvent, type MouseEvent, type ReactNode, useState } from 'react'
import { longPressMs as defaultLongPressMs, useLongPress } from '../../hooks/use-long-press.ts'
import {
  type AnchorRect,
  isContextMenuKey,
  isKeyboardContextMenu,
  pointAnchor,
} from '../../internal/context-menu-trigger.ts'
import { cx } from '../../internal/cx.ts'
import { popupSurface } from '../../internal/popup.css.ts'
import * as menuCss from '../menu/menu.css.ts'
import type { MenuEntry } from '../menu/menu-entries.ts'
import { MenuItems } from '../menu/menu-items.tsx'
import { target as targetClass } from './context-menu.css.ts'
import { scopedPortal } from '../../internal/portal-scope.ts'
import { defined } from '../../internal/defined.ts'

/** How long a touch must rest before the context menu opens, in ms. */
export const contextMenuLongPressMs = defaultLongPressMs

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])'

/** Props of `ContextMenu`; the rest go to the popup (Ariakit `Menu`). */
export interface ContextMenuProps extends Omit<Ariakit.MenuProps, 'store' | 'children' | 'getAnchorRect' | 'render'> {
  /** Accessible name of the menu, e.g. "File actions". */
  label: string
  /** Actions and separators; hidden ones are left out. */
  items: readonly MenuEntry[]
  /** The content the menu belongs to. */
  children?: ReactNode
  /** The target element (merged with the handlers); defaults to a box-less `div`. */
  render?: Ariakit.RoleProps['render']
  /** Class of the target element. */
  targetClassName?: string
  /** Called when the menu opens or closes, e.g. to select the item first. */
  onOpenChange?: (open: boolean) => void
  /** Touch long-press delay in ms; defaults to 500. */
  longPressMs?: number
}

/**
 * A context menu for the content it wraps: opens at the pointer on right-click, after a 500 ms touch
 * long-press, or under the focused element on Shift+F10 or the ContextMenu key.
 */
export function ContextMenu({
  label,
  items,
  children,
  render,
  targetClassName,
  onOpenChange,
  longPressMs = contextMenuLongPressMs,
  className,
  ...props
}: ContextMenuProps) {
  const menu = Ariakit.useMenuStore({ ...defined({ setOpen: onOpenChange }), placement: 'bottom-start' })
  const [anchor, setAnchor] = useState<AnchorRect>({ x: 0, y: 0, width: 0, height: 0 })
  const [returnFocusTo, setReturnFocusTo] = useState<HTMLElement | null>(null)
  const longPress = useLongPress<HTMLElement>((event) => {
    const { clientX: x, clientY: y, target, currentTarget } = event
    return () => openAt(pointAnchor(x, y), target, currentTarget, false)
  }, longPressMs)

  const openAt = (
    { x, y, width, height }: AnchorRect,
    from: EventTarget | null,
    container: Element,
    firstItem: boolean,
  ) => {
    // Focus goes back to the focusable element the menu was opened from, if there is one.
    const focusable = from instanceof Element ? from.closest<HTMLElement>(FOCUSABLE) : null
    setReturnFocusTo(focusable && container.contains(focusable) ? focusable : null)
    setAnchor({ x, y, width, height })
    // There is no MenuButton to ask for focus on show: the keyboard lands on the first item (as a
    // menu button does), a pointer on the menu itself, where the first arrow key starts.
    menu.setAutoFocusOnShow(true)
    menu.setInitialFocus(firstItem ? 'first' : 'container')
    menu.show()
  }

  const onContextMenu = (event: MouseEvent<HTMLElement>) => {
    event.preventDefault()
    longPress.cancel()
    // A keyboard-made contextmenu event has no pointer position: anchor to the element instead.
    const fromKeyboard = isKeyboardContextMenu(event)
    const rect = fromKeyboard
      ? (event.target as Element).getBoundingClientRect()
      : pointAnchor(event.clientX, event.clientY)
    openAt(rect, event.target, event.currentTarget, fromKeyboard)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!isContextMenuKey(event)) return
    // Also stops the browser's own menu, which would follow as the key's default action.
    event.preventDefault()
    openAt((event.target as Element).getBoundingClientRect(), event.target, event.currentTarget, true)
  }

  return (
    <>
      <Ariakit.Role
        render={render ?? <div />}
        className={cx(targetClass, targetClassName)}
        onContextMenu={onContextMenu}
        onKeyDown={onKeyDown}
        onPointerDown={longPress.onPointerDown}
        onPointerMove={longPress.onPointerMove}
        onPointerUp={longPress.onPointerUp}
        onPointerCancel={longPress.onPointerCancel}
        onClickCapture={longPress.onClickCapture}
      >
        {children}
      </Ariakit.Role>
      <Ariakit.Menu
        store={menu}
        aria-label={label}
        getAnchorRect={() => anchor}
        portal
        portalElement={scopedPortal}
        // A context menu is not part of the tab order; without this Ariakit adds focus sentinels
        // around the portal (aria-hidden yet focusable, which axe rightly flags).
        preserveTabOrder={false}
        unmountOnHide
        {...defined({ finalFocus: returnFocusTo ?? undefined })}
        data-part="context-menu"
        {...props}
        className={cx(popupSurface, menuCss.menu, className)}
      >
        <MenuItems entries={items} />
      </Ariakit.Menu>
    </>
  )
}
