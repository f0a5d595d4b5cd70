import * as Ariakit from '@ariakit/react'
import {
  type CSSProperties,
  type FocusEvent,
  type HTMLAttributes,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
  type Ref,
  type SyntheticEvent,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import {
  type ContextProp,
  type GridItemProps,
  type GridListProps,
  type ItemProps,
  type ListProps,
  type ListRange,
  Virtuoso,
  VirtuosoGrid,
  type VirtuosoGridHandle,
  type VirtuosoHandle,
} from 'react-virtuoso'
import { cx } from '../../internal/cx.ts'
import { popupSurface } from '../../internal/popup.css.ts'
import { contextMenuLongPressMs } from '../context-menu/context-menu.tsx'
import * as menuCss from '../menu/menu.css.ts'
import { type MenuEntry, visibleMenuEntries } from '../menu/menu-entries.ts'
import { MenuItems } from '../menu/menu-items.tsx'
import { Spinner } from '../spinner/spinner.tsx'
import * as css from './virtual-collection.css.ts'

// The engine under FileGrid, FolderGrid, FileList and MediaGrid: a react-virtuoso window over the
// items (so 10,000 of them cost a few dozen elements), one tab stop that arrow keys move (a roving
// tabindex that survives virtualisation), and one shared context menu. It reports what the user did
// and never decides it: selection, opening and paging belong to the app.

/** Grid of cards or list of rows. */
export const collectionViews = ['grid', 'list'] as const

/** One of `collectionViews`. */
export type CollectionView = (typeof collectionViews)[number]

/** Heading levels a collection title may take. */
export type CollectionHeadingLevel = 2 | 3 | 4

/** Attributes and handlers the collection gives each rendered item: spread them onto the item's root. */
export type CollectionItemProps = HTMLAttributes<HTMLElement> & {
  'data-index': number
  'data-collection-item': ''
  role: 'option' | 'row'
  tabIndex: number
}

/** What an item renderer knows besides the item. */
export interface CollectionItemState {
  index: number
  selected: boolean
  /** The shared menu is open for this item. */
  menuOpen: boolean
  /** Props for a row's Actions button: opens the shared menu under it, out of the tab order. */
  actionProps: HTMLAttributes<HTMLElement> & { tabIndex: number; 'data-collection-action': true }
}

/** The callbacks every browsing collection reports (SPEC §4 selection: the app decides what they mean). */
export interface CollectionCallbacks<T> {
  /** A click on an item, with its modifier keys (ctrlKey, metaKey, shiftKey): the app applies the 1.5 s second-click rule. */
  onItemClick?: (item: T, event: MouseEvent<HTMLElement>) => void
  /** Enter on an item: open it. */
  onItemOpen?: (item: T, event: KeyboardEvent<HTMLElement>) => void
  /** A native double-click; leave unset when the app opens on a second click itself. */
  onItemDoubleOpen?: (item: T, event: MouseEvent<HTMLElement>) => void
  /** Space on an item: toggle it in the selection. */
  onItemToggle?: (item: T, event: KeyboardEvent<HTMLElement>) => void
  /** Right-click, 500 ms touch long-press, Shift+F10 / ContextMenu key or a row's Actions button. */
  onItemContextMenu?: (item: T, event: SyntheticEvent<HTMLElement>) => void
  /** The end of the items came into view (SPEC §4 paging: "a sentinel at the bottom"). Not called while `loading`. */
  onEndReached?: () => void
}

/** Props every browsing collection shares; the rest go to the root `div`. */
export interface CollectionBaseProps<T> extends CollectionCallbacks<T>, Omit<HTMLAttributes<HTMLDivElement>, 'title' | 'children'> {
  /** The heading, also the collection's accessible name (e.g. "Home Files", "Folders", "Trash"). */
  title: string
  /** Keeps the title for screen readers only. */
  titleHidden?: boolean
  /** Heading level of the title; defaults to 2. */
  headingLevel?: CollectionHeadingLevel
  /** Controls beside the title (e.g. SortControl and ViewToggle). */
  actions?: ReactNode
  /** The items, in display order. */
  items: readonly T[]
  /** Ids of the selected items. */
  selectedIds?: ReadonlySet<string> | readonly string[]
  /** A page is loading: a spinner shows (in place of an empty list, or under the items) and paging pauses. */
  loading?: boolean
  /** Accessible name of the loading spinner; defaults to "Loading". */
  loadingLabel?: string
  /** Shown when there are no items and nothing is loading. */
  emptyText?: ReactNode
  /** The actions of an item's context menu; without it only `onItemContextMenu` is called. */
  itemMenu?: (item: T) => readonly MenuEntry[]
  /** Accessible name of the context menu; defaults to "Actions". */
  menuLabel?: string
  /** An element that scrolls the collection (several collections on one page share it). */
  scrollParent?: HTMLElement | null
  /** Scroll with the page instead of an own scroller. */
  useWindowScroll?: boolean
  /** Touch long-press delay for the context menu in ms; defaults to 500 (SPEC §9). */
  longPressMs?: number
  /** Ref to the root element. */
  ref?: Ref<HTMLDivElement>
}

/** Props of the internal `VirtualCollection`. */
export interface VirtualCollectionProps<T> extends CollectionBaseProps<T> {
  view: CollectionView
  getId: (item: T) => string
  renderItem: (item: T, props: CollectionItemProps, state: CollectionItemState) => ReactNode
  /** Grid view: narrowest column in px. */
  minCellWidth?: number
  /** Grid view: extra class of the list (e.g. a tighter gap). */
  listClassName?: string
  /** List view: the column header cells (role columnheader). */
  columns?: ReactNode
  /** List view: class of the header row (it shares the rows' grid template). */
  headerRowClassName?: string
}

type AnchorRect = { x: number; y: number; width: number; height: number }

interface OpenMenu {
  index: number
  entries: readonly MenuEntry[]
  anchor: AnchorRect
  returnTo: HTMLElement | null
}

// What the stable Virtuoso part components read (they must not be recreated per render).
interface Ctx {
  renderAt: (index: number, base: { className?: string; style?: CSSProperties; [data: `data-${string}`]: unknown }) => ReactNode
  listProps: HTMLAttributes<HTMLDivElement>
  footer: ReactNode
}

const GridList = ({ context, className, style, children, ref }: GridListProps & ContextProp<Ctx>) => (
  <div ref={ref} {...context.listProps} className={cx(className, context.listProps.className)} style={{ ...context.listProps.style, ...style }}>
    {children}
  </div>
)

const GridItem = ({ context, className, style, 'data-index': index }: GridItemProps & ContextProp<Ctx>) =>
  context.renderAt(index, { className, style })

const RowList = ({ context, style, children, ref }: ListProps & ContextProp<Ctx>) => (
  <div ref={ref} {...context.listProps} style={{ ...context.listProps.style, ...style }}>
    {children}
  </div>
)

const RowItem = ({ context, style, children: _children, item: _item, ...data }: ItemProps<unknown> & ContextProp<Ctx>) =>
  context.renderAt(data['data-index'], { style, ...data })

const Footer = ({ context }: ContextProp<Ctx>) => context.footer

const gridComponents = { List: GridList, Item: GridItem, Footer }
const listComponents = { List: RowList, Item: RowItem, Footer }

// The item content lives in the Item part (which is the card or row itself), so Virtuoso's own content slot stays empty.
const noContent = () => null

// A finger that drifts further than this (px) is scrolling, not long-pressing (as ContextMenu).
const MOVE_TOLERANCE = 10

// createVar() gives "var(--name)"; an inline style sets "--name" (what @vanilla-extract/dynamic does).
const cssVarName = (reference: string) => reference.replace(/^var\((.+)\)$/, '$1')

const toSet = (ids: ReadonlySet<string> | readonly string[] | undefined): ReadonlySet<string> =>
  ids instanceof Set ? ids : new Set(ids as readonly string[] | undefined)

/** The virtualised, keyboard-operable collection behind the browsing grids and lists. */
export function VirtualCollection<T>({
  view,
  items,
  getId,
  renderItem,
  title,
  titleHidden = false,
  headingLevel = 2,
  actions,
  selectedIds,
  loading = false,
  loadingLabel = 'Loading',
  emptyText,
  itemMenu,
  menuLabel = 'Actions',
  scrollParent,
  useWindowScroll = false,
  longPressMs = contextMenuLongPressMs,
  minCellWidth,
  listClassName,
  columns,
  headerRowClassName,
  onItemClick,
  onItemOpen,
  onItemDoubleOpen,
  onItemToggle,
  onItemContextMenu,
  onEndReached,
  className,
  style,
  ref,
  onKeyDown,
  onClick,
  onDoubleClick,
  onContextMenu,
  onFocus,
  onBlur,
  onPointerDown,
  onPointerMove,
  onPointerUp,
  onPointerCancel,
  onClickCapture,
  ...props
}: VirtualCollectionProps<T>) {
  const baseId = useId()
  const headingId = `${baseId}-title`
  const rootRef = useRef<HTMLDivElement | null>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const gridRef = useRef<VirtuosoGridHandle>(null)
  const listRef = useRef<VirtuosoHandle>(null)
  const selected = useMemo(() => toSet(selectedIds), [selectedIds])
  const indexById = useMemo(() => new Map(items.map((item, index) => [getId(item), index])), [items, getId])

  // The roving tab stop follows the item the user last focused, by id so it survives re-sorting.
  const [activeId, setActiveId] = useState<string | null>(null)
  const [range, setRange] = useState<ListRange>({ startIndex: 0, endIndex: 0 })
  const activeIndex = (activeId != null ? indexById.get(activeId) : undefined) ?? 0
  // An active item scrolled out of the window is not in the DOM: the first rendered one keeps the tab stop.
  const tabbable = activeIndex >= range.startIndex && activeIndex <= range.endIndex ? activeIndex : range.startIndex

  const menu = Ariakit.useMenuStore({ placement: 'bottom-start' })
  const menuOpen = Ariakit.useStoreState(menu, 'open')
  const [openMenu, setOpenMenu] = useState<OpenMenu | null>(null)

  const pendingFocus = useRef<number | null>(null)
  // Focus is in the collection (cleared when it moves on to another element; a removed element's
  // focusout has no relatedTarget), and where the tab stop last was: see the focus hand-over below.
  const focusInside = useRef(false)
  const lastActiveIndex = useRef(0)
  const press = useRef<{ timer: ReturnType<typeof setTimeout>; x: number; y: number } | null>(null)
  const swallowNextClick = useRef(false)

  // Stable, so the caller's ref is not detached and re-attached on every render.
  const setRootRef = useCallback(
    (node: HTMLDivElement | null) => {
      rootRef.current = node
      if (typeof ref === 'function') ref(node)
      else if (ref) ref.current = node
    },
    [ref],
  )

  const itemElement = (index: number) => rootRef.current?.querySelector<HTMLElement>(`[data-collection-item][data-index="${index}"]`) ?? null

  const hit = (target: EventTarget | null) => {
    const element = target instanceof Element ? target.closest<HTMLElement>('[data-collection-item]') : null
    if (!element || !rootRef.current?.contains(element)) return null
    const index = Number(element.dataset.index)
    const item = items[index]
    return item === undefined ? null : { element, index, item }
  }

  // Focus an item that Virtuoso has yet to render: retried after each render and for a few frames.
  const flushFocus = () => {
    const index = pendingFocus.current
    if (index == null) return true
    const element = itemElement(index)
    if (!element) return false
    pendingFocus.current = null
    element.focus()
    return true
  }
  useLayoutEffect(() => {
    flushFocus()
  })

  // The focused item left the list (moved, trashed, deleted): the browser drops focus on <body>,
  // losing a keyboard user's place. Hand it to the item that took its place (or the new last one),
  // or to the heading when the list is empty. Items merely scrolled out of the window are still in
  // `items` and keep the tab stop as before.
  useEffect(() => {
    if (activeId != null && indexById.has(activeId)) lastActiveIndex.current = indexById.get(activeId)!
  })
  useEffect(() => {
    if (activeId == null || indexById.has(activeId) || !focusInside.current) return
    // A frame later, once Virtuoso has rendered the new items.
    const frame = requestAnimationFrame(() => {
      const focused = document.activeElement
      if (focused && focused !== document.body) return
      if (items.length > 0) moveTo(Math.min(lastActiveIndex.current, items.length - 1))
      else headingRef.current?.focus()
    })
    return () => cancelAnimationFrame(frame)
  }, [items, indexById, activeId])

  const cancelPress = () => {
    if (press.current) clearTimeout(press.current.timer)
    press.current = null
  }
  useEffect(() => cancelPress, [])

  const moveTo = (index: number) => {
    const item = items[index]
    if (item === undefined) return
    setActiveId(getId(item))
    const element = itemElement(index)
    if (element) {
      element.focus()
      return
    }
    pendingFocus.current = index
    if (view === 'grid') gridRef.current?.scrollToIndex({ index, align: 'center' })
    else listRef.current?.scrollToIndex({ index, align: 'center' })
    let frames = 0
    const retry = () => {
      if (flushFocus() || ++frames > 30) return
      requestAnimationFrame(retry)
    }
    requestAnimationFrame(retry)
  }

  // Cards per row, read from the layout: the rendered cards that share the first one's top.
  const columnCount = () => {
    if (view === 'list') return 1
    const cards = rootRef.current?.querySelectorAll<HTMLElement>('[data-collection-item]') ?? []
    const first = cards[0]
    if (!first) return 1
    const top = first.getBoundingClientRect().top
    let count = 0
    for (const card of cards) {
      if (Math.abs(card.getBoundingClientRect().top - top) >= 1) break
      count++
    }
    return Math.max(1, count)
  }

  const openMenuFor = (index: number, anchor: AnchorRect, returnTo: HTMLElement | null, firstItem: boolean, event: SyntheticEvent<HTMLElement>) => {
    const item = items[index]
    if (item === undefined) return
    setActiveId(getId(item))
    onItemContextMenu?.(item, event)
    const entries = itemMenu ? visibleMenuEntries(itemMenu(item)) : []
    if (entries.length === 0) return
    setOpenMenu({ index, entries, anchor, returnTo })
    // As ContextMenu: from the keyboard the first item takes focus, from a pointer the menu itself.
    menu.setAutoFocusOnShow(true)
    menu.setInitialFocus(firstItem ? 'first' : 'container')
    menu.show()
  }

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event)
    if (event.defaultPrevented) return
    const found = hit(event.target)
    if (!found) return
    const { element, index, item } = found
    const onItem = event.target === element
    const last = items.length - 1
    let next: number | null = null
    if ((event.key === 'F10' && event.shiftKey) || event.key === 'ContextMenu') {
      // Also stops the browser's own menu, which would follow as the key's default action.
      event.preventDefault()
      openMenuFor(index, element.getBoundingClientRect(), event.target as HTMLElement, true, event)
      return
    }
    if (event.altKey || event.ctrlKey || event.metaKey) return
    const cols = columnCount()
    switch (event.key) {
      case 'ArrowRight':
        if (view === 'grid') next = index + 1
        else if (onItem) {
          // List view: the row's Actions button is the cell to its right.
          const action = element.querySelector<HTMLElement>('[data-collection-action]')
          if (action) {
            event.preventDefault()
            action.focus()
          }
          return
        }
        break
      case 'ArrowLeft':
        if (view === 'grid') next = index - 1
        else if (!onItem) {
          event.preventDefault()
          element.focus()
          return
        }
        break
      case 'ArrowDown':
        // A partial last row: from the row above it, Down lands on the last card.
        if (index + cols <= last) next = index + cols
        else if (Math.floor(index / cols) < Math.floor(last / cols)) next = last
        else next = index
        break
      case 'ArrowUp':
        next = index - cols
        break
      case 'Home':
        next = 0
        break
      case 'End':
        next = last
        break
      case 'PageDown':
      case 'PageUp': {
        const page = Math.max(cols, Math.floor((range.endIndex - range.startIndex) / cols) * cols)
        next = Math.min(last, Math.max(0, index + (event.key === 'PageDown' ? page : -page)))
        break
      }
      case 'Enter':
        if (onItem) {
          event.preventDefault()
          onItemOpen?.(item, event)
        }
        return
      case ' ':
        if (onItem) {
          // Space would scroll the list.
          event.preventDefault()
          onItemToggle?.(item, event)
        }
        return
      default:
        return
    }
    event.preventDefault()
    if (next === null || next < 0 || next > last) return
    moveTo(next)
  }

  const isAction = (target: EventTarget | null) => target instanceof Element && target.closest('[data-collection-action]') != null

  const handleClick = (event: MouseEvent<HTMLDivElement>) => {
    onClick?.(event)
    const found = hit(event.target)
    if (!found || isAction(event.target)) return
    onItemClick?.(found.item, event)
  }

  const handleDoubleClick = (event: MouseEvent<HTMLDivElement>) => {
    onDoubleClick?.(event)
    const found = hit(event.target)
    if (!found || isAction(event.target)) return
    onItemDoubleOpen?.(found.item, event)
  }

  const handleContextMenu = (event: MouseEvent<HTMLDivElement>) => {
    onContextMenu?.(event)
    const found = hit(event.target)
    if (!found) return
    event.preventDefault()
    cancelPress()
    // A keyboard-made contextmenu event has no pointer position: anchor to the item instead.
    const fromKeyboard = event.clientX === 0 && event.clientY === 0
    const anchor = fromKeyboard ? found.element.getBoundingClientRect() : { x: event.clientX, y: event.clientY, width: 0, height: 0 }
    openMenuFor(found.index, anchor, found.element, fromKeyboard, event)
  }

  const handleFocus = (event: FocusEvent<HTMLDivElement>) => {
    onFocus?.(event)
    focusInside.current = true
    const found = hit(event.target)
    if (found) setActiveId(getId(found.item))
  }

  const handleBlur = (event: FocusEvent<HTMLDivElement>) => {
    onBlur?.(event)
    const next = event.relatedTarget
    if (next instanceof Node && !rootRef.current?.contains(next)) focusInside.current = false
  }

  const handlePointerDown = (event: PointerEvent<HTMLDivElement>) => {
    onPointerDown?.(event)
    if (event.pointerType === 'mouse') return
    cancelPress()
    // Browsers may send no click after a long-press; never let that swallow a later tap.
    swallowNextClick.current = false
    const found = hit(event.target)
    if (!found || isAction(event.target)) return
    const { clientX: x, clientY: y } = event
    const timer = setTimeout(() => {
      press.current = null
      // The finger lifting after a long-press must not also click (select or open) the item.
      swallowNextClick.current = true
      openMenuFor(found.index, { x, y, width: 0, height: 0 }, found.element, false, event)
    }, longPressMs)
    press.current = { timer, x, y }
  }

  const handlePointerMove = (event: PointerEvent<HTMLDivElement>) => {
    onPointerMove?.(event)
    const start = press.current
    if (start && Math.hypot(event.clientX - start.x, event.clientY - start.y) > MOVE_TOLERANCE) cancelPress()
  }

  const handleClickCapture = (event: MouseEvent<HTMLDivElement>) => {
    onClickCapture?.(event)
    if (!swallowNextClick.current) return
    swallowNextClick.current = false
    event.preventDefault()
    event.stopPropagation()
  }

  const handleEndReached = () => {
    if (!loading) onEndReached?.()
  }

  const total = items.length
  const renderAt: Ctx['renderAt'] = (index, base) => {
    const item = items[index]
    if (item === undefined) return null
    const isSelected = selected.has(getId(item))
    const itemProps: CollectionItemProps = {
      ...base,
      'data-index': index,
      'data-collection-item': '',
      role: view === 'grid' ? 'option' : 'row',
      tabIndex: index === tabbable ? 0 : -1,
      'aria-selected': isSelected,
      ...(view === 'grid' ? { 'aria-posinset': index + 1, 'aria-setsize': total } : { 'aria-rowindex': index + 2 }),
    }
    const actionProps: CollectionItemState['actionProps'] = {
      tabIndex: -1,
      'data-collection-action': true,
      'aria-haspopup': itemMenu ? 'menu' : undefined,
      'aria-expanded': itemMenu ? menuOpen && openMenu?.index === index : undefined,
      onClick: (event: MouseEvent<HTMLElement>) => {
        event.stopPropagation()
        const button = event.currentTarget
        // detail 0: pressed with Enter or Space rather than clicked.
        openMenuFor(index, button.getBoundingClientRect(), button, event.detail === 0, event)
      },
    }
    return renderItem(item, itemProps, { index, selected: isSelected, menuOpen: menuOpen && openMenu?.index === index, actionProps })
  }

  // Under the items while the next page loads; in the list view it is a row of the grid.
  const footer =
    loading && total > 0 ? (
      view === 'grid' ? (
        <div className={css.status}>
          <Spinner label={loadingLabel} />
        </div>
      ) : (
        <div role="row" aria-rowindex={total + 2} className={css.status}>
          <div role="gridcell">
            <Spinner label={loadingLabel} />
          </div>
        </div>
      )
    ) : null

  const context: Ctx = {
    renderAt,
    footer,
    listProps:
      view === 'grid'
        ? {
            role: 'listbox',
            'aria-labelledby': headingId,
            'aria-multiselectable': true,
            'aria-busy': loading || undefined,
            className: cx(css.gridList, listClassName),
            style: minCellWidth != null ? ({ [cssVarName(css.minCellVar)]: `${minCellWidth}px` } as CSSProperties) : undefined,
          }
        : { role: 'rowgroup' },
  }

  const scrollProps = {
    data: items,
    context,
    itemContent: noContent,
    computeItemKey: (_index: number, item: T) => getId(item),
    endReached: handleEndReached,
    rangeChanged: setRange,
    customScrollParent: scrollParent ?? undefined,
    useWindowScroll,
    className: scrollParent || useWindowScroll ? undefined : css.scroller,
    // Virtuoso makes its scroller a tab stop; the items hold the collection's one tab stop instead.
    tabIndex: undefined,
  }

  const Heading = `h${headingLevel}` as const
  const heading = (
    // Focusable by script only: where focus goes when the last item leaves the list.
    <Heading id={headingId} ref={headingRef} tabIndex={-1} className={css.title}>
      {title}
    </Heading>
  )

  let body: ReactNode
  if (total === 0) {
    body = loading ? (
      <div className={css.status}>
        <Spinner label={loadingLabel} />
      </div>
    ) : emptyText != null ? (
      <p className={css.empty}>{emptyText}</p>
    ) : null
  } else if (view === 'grid') {
    body = <VirtuosoGrid {...scrollProps} ref={gridRef} components={gridComponents} />
  } else {
    body = (
      <div
        role="grid"
        aria-labelledby={headingId}
        aria-multiselectable
        aria-rowcount={total + (loading ? 2 : 1)}
        aria-busy={loading || undefined}
        className={css.table}
      >
        <div role="rowgroup">
          <div role="row" aria-rowindex={1} className={headerRowClassName}>
            {columns}
          </div>
        </div>
        <Virtuoso {...scrollProps} ref={listRef} components={listComponents} />
      </div>
    )
  }

  return (
    <div
      {...props}
      ref={setRootRef}
      className={cx(css.root, className)}
      style={style}
      onKeyDown={handleKeyDown}
      onClick={handleClick}
      onDoubleClick={handleDoubleClick}
      onContextMenu={handleContextMenu}
      onFocus={handleFocus}
      onBlur={handleBlur}
      onPointerDown={handlePointerDown}
      onPointerMove={handlePointerMove}
      onPointerUp={(event) => {
        onPointerUp?.(event)
        cancelPress()
      }}
      onPointerCancel={(event) => {
        onPointerCancel?.(event)
        cancelPress()
      }}
      onClickCapture={handleClickCapture}
    >
      {titleHidden && !actions ? (
        <Ariakit.VisuallyHidden render={heading} />
      ) : (
        <div className={css.header}>
          {titleHidden ? <Ariakit.VisuallyHidden render={heading} /> : heading}
          {actions ? <div className={css.actions}>{actions}</div> : null}
        </div>
      )}
      <div className={css.body}>{body}</div>
      {itemMenu ? (
        <Ariakit.Menu
          store={menu}
          aria-label={menuLabel}
          getAnchorRect={() => openMenu?.anchor ?? null}
          portal
          // Not part of the tab order; without this Ariakit adds focus sentinels around the portal.
          preserveTabOrder={false}
          unmountOnHide
          finalFocus={openMenu?.returnTo ?? undefined}
          className={cx(popupSurface, menuCss.menu)}
        >
          <MenuItems entries={openMenu?.entries ?? []} />
        </Ariakit.Menu>
      ) : null}
    </div>
  )
}
