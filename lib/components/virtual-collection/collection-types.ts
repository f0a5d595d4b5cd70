import type { HTMLAttributes, KeyboardEvent, MouseEvent, ReactNode, Ref, SyntheticEvent } from 'react'
import type { ListRange } from './use-window-range.ts'
import type { MenuEntry } from '../menu/menu-entries.ts'
import type { PartsContext } from './window-body.tsx'

// The collection's public props and item contracts, apart from the component so the hooks beside it
// can share them without importing the component.

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
  /** The item has keyboard focus (not from a pointer), as Ariakit marks its own items. */
  'data-focus-visible'?: '' | undefined
  /** Dragged items are over this item (see `onItemsDrop`). */
  'data-drop-target'?: true | undefined
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
  onItemClick?: ((item: T, event: MouseEvent<HTMLElement>) => void) | undefined
  /** Enter on an item: open it. */
  onItemOpen?: ((item: T, event: KeyboardEvent<HTMLElement>) => void) | undefined
  /** A native double-click; leave unset when the app opens on a second click itself. */
  onItemDoubleOpen?: ((item: T, event: MouseEvent<HTMLElement>) => void) | undefined
  /** Space on an item: toggle it in the selection. */
  onItemToggle?: ((item: T, event: KeyboardEvent<HTMLElement>) => void) | undefined
  /** Right-click, 500 ms touch long-press, Shift+F10 / ContextMenu key or a row's Actions button. */
  onItemContextMenu?: ((item: T, event: SyntheticEvent<HTMLElement>) => void) | undefined
  /** The end of the items came into view (time to load the next page). Not called while `loading`. */
  onEndReached?: (() => void) | undefined
  /**
   * Makes the items draggable (native drag and drop): the ids that travel when `item` is dragged,
   * e.g. the whole selection when the item is part of it. Keyboard users keep your move dialog.
   */
  getDragIds?: ((item: T) => readonly string[]) | undefined
  /**
   * Makes the items drop targets for dragged items (from any collection or `useItemDrop` source
   * of the page): called with the item dropped onto and the dragged ids. The item under the drag
   * gets `data-drop-target`; a drag that holds the item itself is refused.
   */
  onItemsDrop?: ((target: T, draggedIds: string[]) => void) | undefined
}

/** Props every browsing collection shares; the rest go to the root `div`. */
export interface CollectionBaseProps<T>
  extends CollectionCallbacks<T>, Omit<HTMLAttributes<HTMLDivElement>, 'title' | 'children'> {
  /** The heading, also the collection's accessible name (e.g. "Home Files", "Folders", "Trash"). */
  title: string
  /** Keeps the title for screen readers only. */
  titleHidden?: boolean | undefined
  /** Heading level of the title; defaults to 2. */
  headingLevel?: CollectionHeadingLevel | undefined
  /** Controls beside the title (e.g. SortControl and ViewToggle). */
  actions?: ReactNode | undefined
  /** The items, in display order. */
  items: readonly T[]
  /** Ids of the selected items. */
  selectedIds?: ReadonlySet<string> | readonly string[] | undefined
  /** A page is loading: a spinner shows (in place of an empty list, or under the items) and paging pauses. */
  loading?: boolean | undefined
  /** Accessible name of the loading spinner; defaults to "Loading". */
  loadingLabel?: string | undefined
  /** Shown when there are no items and nothing is loading. */
  emptyText?: ReactNode | undefined
  /** The actions of an item's context menu; without it only `onItemContextMenu` is called. */
  itemMenu?: ((item: T) => readonly MenuEntry[]) | undefined
  /** Accessible name of the context menu; defaults to "Actions". */
  menuLabel?: string | undefined
  /** An element that scrolls the collection (several collections on one page share it). */
  scrollParent?: HTMLElement | null | undefined
  /**
   * Scroll with the page instead of an own scroller. Without it (and without `scrollParent`) the
   * collection scrolls inside itself, which needs a height; given none (0 px in page flow) it
   * scrolls with the page anyway and warns in development.
   */
  useWindowScroll?: boolean | undefined
  /**
   * How many items render before the collection has measured itself: on the server (so the
   * page's HTML holds them, and hydration matches) and in the first paint. About a screenful,
   * e.g. 24; without it the first render is an empty list that fills once measured.
   */
  initialItemCount?: number | undefined
  /** Touch long-press delay for the context menu in ms; defaults to 500. */
  longPressMs?: number | undefined
  /** Ref to the root element. */
  ref?: Ref<HTMLDivElement> | undefined
}

/** Props of `VirtualCollection`: the collection props plus how to render and identify an item. */
export interface VirtualCollectionProps<T> extends CollectionBaseProps<T> {
  view: CollectionView
  getId: (item: T) => string
  renderItem: (item: T, props: CollectionItemProps, state: CollectionItemState) => ReactNode
  /** Grid view: narrowest column in px. */
  minCellWidth?: number | undefined
  /** Grid view: extra class of the list (e.g. a tighter gap). */
  listClassName?: string | undefined
  /** List view: the column header cells (role columnheader). */
  columns?: ReactNode | undefined
  /** List view: class of the header row (it shares the rows' grid template). */
  headerRowClassName?: string | undefined
  /** Grid view: a body that lays the items out itself (the photo gallery) in place of the grid. */
  body?: CollectionBody | undefined
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
  scroll: {
    customScrollParent?: HTMLElement
    useWindowScroll: boolean
    className?: string | undefined
    tabIndex: undefined
  }
}

/** A body that lays the items out itself. */
export interface CollectionBody {
  render: (parts: CollectionBodyParts) => ReactNode
  /** Brings item `index` into the window. */
  scrollToIndex: (index: number) => void
  /** Where a key moves focus from `index`: an index, null to stay, undefined when not a move. */
  nextIndex: (key: string, index: number) => number | null | undefined
}
