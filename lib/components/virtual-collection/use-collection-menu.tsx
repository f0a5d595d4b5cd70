import * as Ariakit from '@ariakit/react'
import { type SyntheticEvent, useState } from 'react'
import type { AnchorRect } from '../../internal/context-menu-trigger.ts'
import { cx } from '../../internal/cx.ts'
import { popupSurface } from '../../internal/popup.css.ts'
import * as menuCss from '../menu/menu.css.ts'
import { type MenuEntry, visibleMenuEntries } from '../menu/menu-entries.ts'
import { MenuItems } from '../menu/menu-items.tsx'
import { scopedPortal } from '../../internal/portal-scope.ts'
import { defined } from '../../internal/defined.ts'

// One context menu shared by every item of a collection (a menu per card would cost thousands of
// stores): it opens for one item at a time, anchored at the pointer or under the item.

interface OpenMenu {
  index: number
  entries: readonly MenuEntry[]
  anchor: AnchorRect
  returnTo: HTMLElement | null
}

interface CollectionMenuOptions<T> {
  items: readonly T[]
  /** The actions of an item; without it the menu never opens. */
  itemMenu?: ((item: T) => readonly MenuEntry[]) | undefined
  /** Every request for an item's menu, whether or not it has actions. */
  onRequest: (item: T, event: SyntheticEvent<HTMLElement>) => void
}

/** The collection's shared item menu: who it is open for, and how to open it. */
export function useCollectionMenu<T>({ items, itemMenu, onRequest }: CollectionMenuOptions<T>) {
  const store = Ariakit.useMenuStore({ placement: 'bottom-start' })
  const open = Ariakit.useStoreState(store, 'open')
  const [current, setCurrent] = useState<OpenMenu | null>(null)

  /** Asks for the menu of the item at `index`; `firstItem` when the keyboard asked. */
  const openFor = (
    index: number,
    anchor: AnchorRect,
    returnTo: HTMLElement | null,
    firstItem: boolean,
    event: SyntheticEvent<HTMLElement>,
  ) => {
    const item = items[index]
    if (item === undefined) return
    onRequest(item, event)
    const entries = itemMenu ? visibleMenuEntries(itemMenu(item)) : []
    if (entries.length === 0) return
    setCurrent({ index, entries, anchor, returnTo })
    // As ContextMenu: from the keyboard the first item takes focus, from a pointer the menu itself.
    store.setAutoFocusOnShow(true)
    store.setInitialFocus(firstItem ? 'first' : 'container')
    store.show()
  }

  return { store, current, openFor, isOpenFor: (index: number) => open && current?.index === index }
}

/** The shared menu's popup. */
export function CollectionMenu({ menu, label }: { menu: ReturnType<typeof useCollectionMenu>; label: string }) {
  const { store, current } = menu
  return (
    <Ariakit.Menu
      store={store}
      aria-label={label}
      getAnchorRect={() => current?.anchor ?? null}
      portal
      portalElement={scopedPortal}
      // Not part of the tab order; without this Ariakit adds focus sentinels around the portal.
      preserveTabOrder={false}
      unmountOnHide
      {...defined({ finalFocus: current?.returnTo ?? undefined })}
      className={cx(popupSurface, menuCss.menu)}
    >
      <MenuItems entries={current?.entries ?? []} />
    </Ariakit.Menu>
  )
}
