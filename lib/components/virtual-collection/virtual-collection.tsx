import * as Ariakit from '@ariakit/react'
import {
  type CSSProperties,
  type DragEvent,
  type FocusEvent,
  type HTMLAttributes,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type Ref,
  type SyntheticEvent,
  useCallback,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react'
import { type ListRange, Virtuoso, VirtuosoGrid, type VirtuosoGridHandle, type VirtuosoHandle } from 'react-virtuoso'
import { draggedItems, endItemDrag, startItemDrag } from '../../hooks/use-item-drop.ts'
import { longPressMs as defaultLongPressMs, useLongPress } from '../../hooks/use-long-press.ts'
import { isContextMenuKey, isKeyboardContextMenu, pointAnchor } from '../../internal/context-menu-trigger.ts'
import { cx } from '../../internal/cx.ts'
import type { MenuEntry } from '../menu/menu-entries.ts'
import { Spinner } from '../spinner/spinner.tsx'
import { CollectionMenu, useCollectionMenu } from './use-collection-menu.tsx'
import { type FoundItem, useRovingFocus } from './use-roving-focus.ts'
import * as css from './virtual-collection.css.ts'
import { gridComponents, listComponents, noContent, type PartsContext } from './virtuoso-parts.tsx'
import { useCommonLabels } from '../../locale/locale.tsx'

// The engine under FileGrid, FolderGrid, FileList, MediaGrid and PhotoGallery (which brings its own
// `body`, rows under month headers): a react-virtuoso window over the
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
  /** Dragged items are over this item (see `onItemsDrop`). */
  'data-drop-target'?: true
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

/** The callbacks every browsing collection reports (the app decides what they mean: selecting, opening). */
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
  /** The end of the items came into view (time to load the next page). Not called while `loading`. */
  onEndReached?: () => void
  /**
   * Makes the items draggable (native drag and drop): the ids that travel when `item` is dragged,
   * e.g. the whole selection when the item is part of it. Keyboard users keep your move dialog.
   */
  getDragIds?: (item: T) => readonly string[]
  /**
   * Makes the items drop targets for dragged items (from any collection or `useItemDrop` source
   * of the page): called with the item dropped onto and the dragged ids. The item under the drag
   * gets `data-drop-target`; a drag that holds the item itself is refused.
   */
  onItemsDrop?: (target: T, draggedIds: string[]) => void
}

/** Props every browsing collection shares; the rest go to the root `div`. */
export interface CollectionBaseProps<T>
  extends CollectionCallbacks<T>, Omit<HTMLAttributes<HTMLDivElement>, 'title' | 'children'> {
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
  /** Touch long-press delay for the context menu in ms; defaults to 500. */
  longPressMs?: number
  /** Ref to the root element. */
  ref?: Ref<HTMLDivElement>
}

/** Props of `VirtualCollection`: the collection props plus how to render and identify an item. */
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
  /** Grid view: a body that lays the items out itself (the photo gallery) in place of the grid. */
  body?: CollectionBody
}

/** What a custom body receives to render the items; the collection keeps focus, events and menus. */
export interface CollectionBodyParts {
  /** Renders item `index` with the collection's props (merge `base` in). */
  renderAt: PartsContext['renderAt']
  /** Props of the element that holds the items (role listbox, its name, busy state). */
  listProps: HTMLAttributes<HTMLDivElement>
  /** The loading spinner under the items, or null: a status, so it goes beside the listbox, never inside it. */
  footer: ReactNode
  /** Call when the end of the items comes into view. */
  endReached: () => void
  /** Report the rendered item range (keeps the roving tab stop on a rendered item). */
  rangeChanged: (range: ListRange) => void
  /** The collection's scrolling setup, for the body's Virtuoso. */
  scroll: { customScrollParent?: HTMLElement; useWindowScroll: boolean; className?: string; tabIndex: undefined }
}

/** A body that lays the items out itself. */
export interface CollectionBody {
  render: (parts: CollectionBodyParts) => ReactNode
  /** Brings item `index` into the window. */
  scrollToIndex: (index: number) => void
  /** Where a key moves focus from `index`: an index, null to stay, undefined when not a move. */
  nextIndex: (key: string, index: number) => number | null | undefined
}

// createVar() gives "var(--name)"; an inline style sets "--name" (what @vanilla-extract/dynamic does).
const cssVarName = (reference: string) => reference.replace(/^var\((.+)\)$/, '$1')

const toSet = (ids: ReadonlySet<string> | readonly string[] | undefined): ReadonlySet<string> =>
  ids instanceof Set ? ids : new Set(ids as readonly string[] | undefined)

const isAction = (target: EventTarget | null) =>
  target instanceof Element && target.closest('[data-collection-action]') != null

/**
 * The virtualised, keyboard-operable collection behind the browsing grids and lists, for items of
 * your own: give `getId` and `renderItem`, and spread the item props it hands you onto each item's
 * root (they carry its role, tab stop and index). Grid view fits columns of `minCellWidth`; list
 * view is a `grid` of rows under your `columns` header cells.
 */
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
  loadingLabel,
  emptyText,
  itemMenu,
  menuLabel,
  scrollParent,
  useWindowScroll = false,
  longPressMs = defaultLongPressMs,
  minCellWidth,
  listClassName,
  columns,
  headerRowClassName,
  body: customBody,
  onItemClick,
  onItemOpen,
  onItemDoubleOpen,
  onItemToggle,
  onItemContextMenu,
  onEndReached,
  getDragIds,
  onItemsDrop,
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
  onDragStart,
  onDragEnd,
  onDragOver,
  onDragLeave,
  onDrop,
  ...props
}: VirtualCollectionProps<T>) {
  const common = useCommonLabels()
  const baseId = useId()
  const headingId = `${baseId}-title`
  const rootRef = useRef<HTMLDivElement | null>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const gridRef = useRef<VirtuosoGridHandle>(null)
  const listRef = useRef<VirtuosoHandle>(null)
  const selected = useMemo(() => toSet(selectedIds), [selectedIds])
  const [dropIndex, setDropIndex] = useState<number | null>(null)

  const roving = useRovingFocus({
    rootRef,
    headingRef,
    items,
    getId,
    view,
    nextIndex: customBody?.nextIndex,
    scrollToIndex: (index) => {
      if (customBody) customBody.scrollToIndex(index)
      else if (view === 'grid') gridRef.current?.scrollToIndex({ index, align: 'center' })
      else listRef.current?.scrollToIndex({ index, align: 'center' })
    },
  })

  const menu = useCollectionMenu({
    items,
    itemMenu,
    onRequest: (item, event) => {
      roving.activate(item)
      onItemContextMenu?.(item, event)
    },
  })

  // Stable, so the caller's ref is not detached and re-attached on every render.
  const setRootRef = useCallback(
    (node: HTMLDivElement | null) => {
      rootRef.current = node
      if (typeof ref === 'function') ref(node)
      else if (ref) ref.current = node
    },
    [ref],
  )

  const hit = (target: EventTarget | null): FoundItem<T> | null => {
    const element = target instanceof Element ? target.closest<HTMLElement>('[data-collection-item]') : null
    if (!element || !rootRef.current?.contains(element)) return null
    const index = Number(element.dataset.index)
    const item = items[index]
    return item === undefined ? null : { element, index, item }
  }

  const longPress = useLongPress<HTMLDivElement>((event) => {
    const found = hit(event.target)
    if (!found || isAction(event.target)) return null
    const { clientX: x, clientY: y } = event
    return () => menu.openFor(found.index, pointAnchor(x, y), found.element, false, event)
  }, longPressMs)

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event)
    if (event.defaultPrevented) return
    const found = hit(event.target)
    if (!found) return
    const { element, index, item } = found
    if (isContextMenuKey(event)) {
      // Also stops the browser's own menu, which would follow as the key's default action.
      event.preventDefault()
      menu.openFor(index, element.getBoundingClientRect(), event.target as HTMLElement, true, event)
      return
    }
    if (event.altKey || event.ctrlKey || event.metaKey) return
    const onItem = event.target === element
    if (event.key === 'Enter') {
      if (onItem) {
        event.preventDefault()
        onItemOpen?.(item, event)
      }
      return
    }
    if (event.key === ' ') {
      if (onItem) {
        // Space would scroll the list.
        event.preventDefault()
        onItemToggle?.(item, event)
      }
      return
    }
    roving.onMoveKey(event, found)
  }

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
    longPress.cancel()
    // A keyboard-made contextmenu event has no pointer position: anchor to the item instead.
    const fromKeyboard = isKeyboardContextMenu(event)
    const anchor = fromKeyboard ? found.element.getBoundingClientRect() : pointAnchor(event.clientX, event.clientY)
    menu.openFor(found.index, anchor, found.element, fromKeyboard, event)
  }

  const handleFocus = (event: FocusEvent<HTMLDivElement>) => {
    onFocus?.(event)
    roving.onFocusItem(hit(event.target))
  }

  const handleBlur = (event: FocusEvent<HTMLDivElement>) => {
    onBlur?.(event)
    roving.onBlur(event.relatedTarget)
  }

  /** The item dragged items are over and may drop into, with the ids, or null. */
  const dropAt = (event: DragEvent<HTMLDivElement>) => {
    const found = onItemsDrop ? hit(event.target) : null
    const ids = found ? draggedItems(event) : null
    return found && ids && ids.length > 0 && !ids.includes(getId(found.item)) ? { found, ids } : null
  }

  const dragHandlers = {
    onDragStart: (event: DragEvent<HTMLDivElement>) => {
      onDragStart?.(event)
      const found = getDragIds ? hit(event.target) : null
      if (found) startItemDrag(event, getDragIds!(found.item))
    },
    onDragEnd: (event: DragEvent<HTMLDivElement>) => {
      onDragEnd?.(event)
      endItemDrag()
      setDropIndex(null)
    },
    onDragOver: (event: DragEvent<HTMLDivElement>) => {
      onDragOver?.(event)
      const at = dropAt(event)
      if (at) {
        event.preventDefault()
        event.dataTransfer.dropEffect = 'move'
      }
      const index = at ? at.found.index : null
      if (index !== dropIndex) setDropIndex(index)
    },
    onDragLeave: (event: DragEvent<HTMLDivElement>) => {
      onDragLeave?.(event)
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDropIndex(null)
    },
    onDrop: (event: DragEvent<HTMLDivElement>) => {
      onDrop?.(event)
      const at = dropAt(event)
      setDropIndex(null)
      if (!at) return
      event.preventDefault()
      endItemDrag()
      onItemsDrop!(at.found.item, [...at.ids])
    },
  }

  const handleEndReached = () => {
    if (!loading) onEndReached?.()
  }

  const total = items.length
  const renderAt: PartsContext['renderAt'] = (index, base) => {
    const item = items[index]
    if (item === undefined) return null
    const isSelected = selected.has(getId(item))
    const menuOpen = menu.isOpenFor(index)
    const itemProps: CollectionItemProps = {
      ...base,
      'data-index': index,
      'data-collection-item': '',
      role: view === 'grid' ? 'option' : 'row',
      tabIndex: index === roving.tabbable ? 0 : -1,
      'aria-selected': isSelected,
      ...(getDragIds ? { draggable: true } : {}),
      ...(dropIndex === index ? { 'data-drop-target': true as const } : {}),
      ...(view === 'grid' ? { 'aria-posinset': index + 1, 'aria-setsize': total } : { 'aria-rowindex': index + 2 }),
    }
    const actionProps: CollectionItemState['actionProps'] = {
      tabIndex: -1,
      'data-collection-action': true,
      'aria-haspopup': itemMenu ? 'menu' : undefined,
      'aria-expanded': itemMenu ? menuOpen : undefined,
      onClick: (event: MouseEvent<HTMLElement>) => {
        event.stopPropagation()
        const button = event.currentTarget
        // detail 0: pressed with Enter or Space rather than clicked.
        menu.openFor(index, button.getBoundingClientRect(), button, event.detail === 0, event)
      },
    }
    return renderItem(item, itemProps, { index, selected: isSelected, menuOpen, actionProps })
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

  const context: PartsContext = {
    renderAt,
    footer,
    listProps:
      view === 'grid'
        ? {
            role: 'listbox',
            'aria-labelledby': headingId,
            'aria-multiselectable': true,
            'aria-busy': loading || undefined,
            className: customBody ? listClassName : cx(css.gridList, listClassName),
            style:
              minCellWidth != null
                ? ({ [cssVarName(css.minCellVar)]: `${minCellWidth}px` } as CSSProperties)
                : undefined,
          }
        : { role: 'rowgroup' },
  }

  const scrollProps = {
    data: items,
    context,
    itemContent: noContent,
    computeItemKey: (_index: number, item: T) => getId(item),
    endReached: handleEndReached,
    rangeChanged: roving.setRange,
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
    ) : typeof emptyText === 'string' ? (
      <p className={css.empty}>{emptyText}</p>
    ) : (
      // An element (e.g. an EmptyState) brings its own markup.
      (emptyText ?? null)
    )
  } else if (customBody) {
    body = customBody.render({
      renderAt,
      listProps: context.listProps,
      footer,
      endReached: handleEndReached,
      rangeChanged: roving.setRange,
      scroll: {
        customScrollParent: scrollProps.customScrollParent,
        useWindowScroll,
        className: scrollProps.className,
        tabIndex: undefined,
      },
    })
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
      data-part="collection"
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
      onPointerDown={(event) => {
        onPointerDown?.(event)
        longPress.onPointerDown(event)
      }}
      onPointerMove={(event) => {
        onPointerMove?.(event)
        longPress.onPointerMove(event)
      }}
      onPointerUp={(event) => {
        onPointerUp?.(event)
        longPress.onPointerUp()
      }}
      onPointerCancel={(event) => {
        onPointerCancel?.(event)
        longPress.onPointerCancel()
      }}
      onClickCapture={(event) => {
        onClickCapture?.(event)
        longPress.onClickCapture(event)
      }}
      {...dragHandlers}
    >
      {titleHidden && !actions ? (
        <Ariakit.VisuallyHidden render={heading} />
      ) : (
        <div data-part="collection-header" className={css.header}>
          {titleHidden ? <Ariakit.VisuallyHidden render={heading} /> : heading}
          {actions ? <div className={css.actions}>{actions}</div> : null}
        </div>
      )}
      <div className={css.body}>{body}</div>
      {itemMenu ? <CollectionMenu menu={menu} label={menuLabel ?? common.actions} /> : null}
    </div>
  )
}
