import { type FocusEvent, type KeyboardEvent, useMemo, useRef } from 'react'
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
  /** An item's stable id. Keep it stable between renders (a module-level function) to save work. */
  getId: (item: T) => string
  /** The selected ids, when controlled. */
  selectedIds?: readonly string[]
  /** The first selection when uncontrolled; defaults to none. */
  defaultSelectedIds?: readonly string[]
  /** Hears every change, in display order. */
  onSelectedIdsChange?: (ids: string[]) => void
  /**
   * Called for a click without Shift, Ctrl or Cmd, in place of selecting only that item: for a
   * product whose plain click does something else (makes the item its "current" one, opens it on a
   * second click, or toggles while a selection mode is on). The item still becomes the anchor.
   */
  onPlainClick?: (item: T) => void
  /**
   * Called to add or remove one item (Ctrl/Cmd+click, Space), in place of changing the selection
   * directly: for a product whose toggling does more (e.g. turns a selection mode on). The item
   * becomes the anchor.
   */
  onToggle?: (item: T) => void
}

/** The props `useFileSelection` gives a collection (spread them on it). */
export interface FileSelectionCollectionProps<T> {
  selectedIds: string[]
  onItemClick: (item: T, event: SelectionModifiers) => void
  onItemToggle: (item: T) => void
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void
  onFocus: (event: FocusEvent<HTMLElement>) => void
  onPointerDown: () => void
}

/** What `useFileSelection` returns: the selection, its operations and props for a collection. */
export interface FileSelection<T> {
  /** The selected ids, in display order. */
  selectedIds: string[]
  /** Where the next Shift range starts: the last item clicked or toggled without Shift. */
  anchorId: string | null
  isSelected: (id: string) => boolean
  /**
   * A click: alone it selects only the item (or calls `onPlainClick`); with Ctrl/Cmd it toggles the
   * item; with Shift it selects the range from the anchor (with Ctrl/Cmd too, the range is added).
   */
  click: (item: T, modifiers?: SelectionModifiers) => void
  /** Adds or removes one item (Space), or calls `onToggle`; it becomes the anchor. */
  toggle: (item: T) => void
  selectAll: () => void
  clear: () => void
  /**
   * Spread on `FileGrid`, `FileList`, `FolderGrid`, `MediaGrid` or `PhotoGallery`: clicks and Space
   * select, Shift+Arrow (and Shift+Home/End/Page keys) extend from the anchor, Ctrl/Cmd+A selects
   * every item (not the page's text; a text field inside keeps its own), Escape clears.
   */
  collectionProps: FileSelectionCollectionProps<T>
  /**
   * The same props for one of several collections that together show `items`, this one from
   * index `start` on: e.g. folders then files, with `collectionPropsFrom(folders.length)` on the
   * files. Ranges and Ctrl/Cmd+A then run over both.
   */
  collectionPropsFrom: (start: number) => FileSelectionCollectionProps<T>
}

const extendKeys = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown'])

/** The ids from `a` to `b` (either order) in `order`. */
function range(order: readonly string[], a: string, b: string): string[] {
  const from = order.indexOf(a)
  const to = order.indexOf(b)
  if (from < 0 || to < 0) return [b]
  return order.slice(Math.min(from, to), Math.max(from, to) + 1)
}

/** A text field (or anything editable), where Ctrl/Cmd+A selects its own text. */
const isEditable = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || target.closest('input, textarea, select, [contenteditable="true"]') !== null)

/**
 * Selection for a file browser, the way desktop file managers do it: click, Ctrl/Cmd+click,
 * Shift+click ranges from an anchor, Shift+Arrow, Ctrl/Cmd+A and Escape. Controlled or not.
 */
export function useFileSelection<T>({
  items,
  getId,
  selectedIds,
  defaultSelectedIds = [],
  onSelectedIdsChange,
  onPlainClick,
  onToggle,
}: FileSelectionOptions<T>): FileSelection<T> {
  const order = useMemo(() => items.map(getId), [items, getId])
  const [current, setCurrent] = useControllableState<readonly string[]>(
    selectedIds,
    defaultSelectedIds,
    onSelectedIdsChange as ((ids: readonly string[]) => void) | undefined,
  )
  const anchor = useRef<string | null>(null)
  // Set by a Shift+move key; the focus that follows extends the range to the item it lands on.
  const extending = useRef(false)

  const selected = new Set(current)
  const inOrder = (ids: Iterable<string>) => {
    const wanted = new Set(ids)
    return order.filter((id) => wanted.has(id))
  }
  const set = (ids: Iterable<string>) => setCurrent(inOrder(ids))
  const shown = inOrder(current)

  const toggle = (item: T) => {
    const id = getId(item)
    anchor.current = id
    if (onToggle) onToggle(item)
    else set(selected.has(id) ? [...selected].filter((s) => s !== id) : [...selected, id])
  }

  const click = (item: T, { shiftKey = false, ctrlKey = false, metaKey = false }: SelectionModifiers = {}) => {
    const id = getId(item)
    const additive = ctrlKey || metaKey
    if (shiftKey && anchor.current !== null) {
      const span = range(order, anchor.current, id)
      set(additive ? [...selected, ...span] : span)
      return
    }
    if (additive) return toggle(item)
    anchor.current = id
    if (onPlainClick) onPlainClick(item)
    else set([id])
  }

  const selectAll = () => set(order)
  const clear = () => {
    if (selected.size > 0) set([])
  }

  const propsFrom = (start: number): FileSelectionCollectionProps<T> => {
    const idAt = (target: EventTarget | null) => {
      const index = itemIndex(target)
      return index === null ? undefined : order[start + index]
    }
    return {
      selectedIds: shown,
      onItemClick: click,
      onItemToggle: toggle,
      onKeyDown: (event) => {
        // Keys of a popup rendered through a portal (a menu, a dialog) are not the collection's.
        if (event.defaultPrevented || !(event.target instanceof Node && event.currentTarget.contains(event.target)))
          return
        if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'a') {
          if (isEditable(event.target)) return
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
        // The first Shift+Arrow starts the range at the item that has focus.
        if (extending.current && anchor.current === null) anchor.current = idAt(event.target) ?? null
      },
      onFocus: (event) => {
        const id = idAt(event.target)
        if (id === undefined) return
        if (extending.current && anchor.current !== null) set(range(order, anchor.current, id))
        extending.current = false
      },
      // A pointer's focus (before its click) never extends a range a Shift+Arrow at an edge left pending.
      onPointerDown: () => void (extending.current = false),
    }
  }

  return {
    selectedIds: shown,
    anchorId: anchor.current,
    isSelected: (id) => selected.has(id),
    click,
    toggle,
    selectAll,
    clear,
    collectionProps: propsFrom(0),
    collectionPropsFrom: propsFrom,
  }
}

/** The collection index of the item an event came from (`data-index` on `[data-collection-item]`). */
function itemIndex(target: EventTarget | null): number | null {
  const element = target instanceof Element ? target.closest<HTMLElement>('[data-collection-item]') : null
  if (!element) return null
  const index = Number(element.dataset.index)
  return Number.isInteger(index) ? index : null
}
