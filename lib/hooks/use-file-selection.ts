import { type FocusEvent, type KeyboardEvent, useRef } from 'react'
import { useControllableState } from './use-controllable-state.ts'

/** The modifier keys of a click (a React or DOM mouse event has them). */
export interface SelectionModifiers {
  shiftKey?: boolean
  ctrlKey?: boolean
  metaKey?: boolean
}

/** Options of `useFileSelection`. */
export interface FileSelectionOptions<T> {
  /** The items in display order (ranges run over this order). */
  items: readonly T[]
  /** An item's stable id. */
  getId: (item: T) => string
  /** The selected ids, when controlled. */
  selectedIds?: readonly string[]
  /** The first selection when uncontrolled; defaults to none. */
  defaultSelectedIds?: readonly string[]
  /** Hears every change, in display order. */
  onSelectedIdsChange?: (ids: string[]) => void
}

/** What `useFileSelection` returns: the selection, its operations and props for a collection. */
export interface FileSelection<T> {
  /** The selected ids, in display order. */
  selectedIds: string[]
  /** Where the next Shift range starts: the last item clicked, toggled or reached without Shift. */
  anchorId: string | null
  isSelected: (id: string) => boolean
  /**
   * A click: alone it selects only the item; with Ctrl/Cmd it toggles the item; with Shift it
   * selects the range from the anchor (with Ctrl/Cmd too, the range is added).
   */
  click: (item: T, modifiers?: SelectionModifiers) => void
  /** Adds or removes one item (Space); it becomes the anchor. */
  toggle: (item: T) => void
  selectAll: () => void
  clear: () => void
  /**
   * Spread on `FileGrid`, `FileList`, `FolderGrid`, `MediaGrid` or `PhotoGallery`: clicks and Space
   * select, Shift+Arrow (and Shift+Home/End/Page keys) extend from the anchor, Ctrl/Cmd+A selects
   * every item (not the page's text), Escape clears.
   */
  collectionProps: {
    selectedIds: string[]
    onItemClick: (item: T, event: SelectionModifiers) => void
    onItemToggle: (item: T) => void
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => void
    onFocus: (event: FocusEvent<HTMLElement>) => void
    onPointerDown: () => void
  }
}

const extendKeys = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown'])

/** The ids from `a` to `b` (either order) in `order`. */
function range(order: readonly string[], a: string, b: string): string[] {
  const from = order.indexOf(a)
  const to = order.indexOf(b)
  if (from < 0 || to < 0) return [b]
  return order.slice(Math.min(from, to), Math.max(from, to) + 1)
}

/**
 * Selection for a file browser, the way desktop file managers do it: click, Ctrl/Cmd+click,
 * Shift+click ranges from an anchor, Shift+Arrow, Ctrl/Cmd+A and Escape. Controlled or not.
 */
export function useFileSelection<T>({ items, getId, selectedIds, defaultSelectedIds = [], onSelectedIdsChange }: FileSelectionOptions<T>): FileSelection<T> {
  const order = items.map(getId)
  const [current, setCurrent] = useControllableState<readonly string[]>(selectedIds, defaultSelectedIds, onSelectedIdsChange as ((ids: readonly string[]) => void) | undefined)
  const anchor = useRef<string | null>(null)
  // Set by a Shift+move key; the focus that follows extends the range to the item it lands on.
  const extending = useRef(false)

  const selected = new Set(current)
  const inOrder = (ids: Iterable<string>) => {
    const wanted = new Set(ids)
    return order.filter((id) => wanted.has(id))
  }
  const set = (ids: Iterable<string>) => setCurrent(inOrder(ids))

  const click = (item: T, { shiftKey = false, ctrlKey = false, metaKey = false }: SelectionModifiers = {}) => {
    const id = getId(item)
    const additive = ctrlKey || metaKey
    if (shiftKey && anchor.current !== null) {
      const span = range(order, anchor.current, id)
      set(additive ? [...selected, ...span] : span)
      return
    }
    anchor.current = id
    if (additive) set(selected.has(id) ? [...selected].filter((s) => s !== id) : [...selected, id])
    else set([id])
  }

  const toggle = (item: T) => click(item, { ctrlKey: true })
  const selectAll = () => set(order)
  const clear = () => {
    if (selected.size > 0) set([])
  }

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'a') {
      // The browser would select the page's text.
      event.preventDefault()
      selectAll()
      return
    }
    if (event.key === 'Escape' && selected.size > 0) {
      clear()
      return
    }
    extending.current = event.shiftKey && extendKeys.has(event.key)
    if (extending.current && anchor.current === null) {
      // The first Shift+Arrow starts the range at the item that has focus.
      const index = itemIndex(event.target)
      if (index !== null && order[index] !== undefined) anchor.current = order[index]
    }
  }

  const onFocus = (event: FocusEvent<HTMLElement>) => {
    const index = itemIndex(event.target)
    if (index === null || order[index] === undefined) return
    const id = order[index]
    if (extending.current && anchor.current !== null) set(range(order, anchor.current, id))
    extending.current = false
  }

  return {
    selectedIds: inOrder(current),
    anchorId: anchor.current,
    isSelected: (id) => selected.has(id),
    click,
    toggle,
    selectAll,
    clear,
    collectionProps: {
      selectedIds: inOrder(current),
      onItemClick: click,
      onItemToggle: toggle,
      onKeyDown,
      onFocus,
      // A pointer's focus (before its click) never extends a range a Shift+Arrow at an edge left pending.
      onPointerDown: () => void (extending.current = false),
    },
  }
}

/** The collection index of the item an event came from (`data-index` on `[data-collection-item]`). */
function itemIndex(target: EventTarget | null): number | null {
  const element = target instanceof Element ? target.closest<HTMLElement>('[data-collection-item]') : null
  if (!element) return null
  const index = Number(element.dataset.index)
  return Number.isInteger(index) ? index : null
}
