import { type KeyboardEvent, type RefObject, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import type { ListRange } from './use-window-range.ts'
import { logicalArrow } from '../../internal/direction.ts'

// One tab stop for the whole collection, which arrow keys move: a roving tabindex that survives
// virtualisation (the item to focus may not be rendered yet) and the item leaving the list.

/** An item element the event happened in, with its position. */
export interface FoundItem<T> {
  element: HTMLElement
  index: number
  item: T
}

interface RovingFocusOptions<T> {
  rootRef: RefObject<HTMLElement | null>
  /** Where focus goes when the last item leaves the list. */
  headingRef: RefObject<HTMLElement | null>
  items: readonly T[]
  getId: (item: T) => string
  /** Grid: arrows move by card and by row; list: Up and Down move, Right and Left step in and out of a row. */
  view: 'grid' | 'list'
  /** Brings an item that is not rendered into the window. */
  scrollToIndex: (index: number) => void
  /**
   * A layout of its own (the photo gallery's rows): where a key moves focus from `index` (null: stay,
   * undefined: not a move). Replaces the grid's and list's moves.
   */
  nextIndex?: ((key: string, index: number) => number | null | undefined) | undefined
}

/**
 * The index of the item with id `id` in `items`, or -1: `hint` (where it was last seen) is checked
 * first, so a list that only grew (a next page) or re-rendered finds it at once; a scan otherwise.
 * Not a map of every id: that is rebuilt on every page, ~6 ms and a 100,000-entry table of garbage
 * per page once a gallery holds 100,000 photos.
 */
export function indexOfId<T>(items: readonly T[], getId: (item: T) => string, id: string | null, hint: number): number {
  if (id == null) return -1
  const at = items[hint]
  if (at !== undefined && getId(at) === id) return hint
  for (let index = 0; index < items.length; index++) if (getId(items[index]!) === id) return index
  return -1
}

/** The item the roving tab stop sits on, and the keyboard moves between items. */
export function useRovingFocus<T>({
  rootRef,
  headingRef,
  items,
  getId,
  view,
  scrollToIndex,
  nextIndex,
}: RovingFocusOptions<T>) {
  // The roving tab stop follows the item the user last focused, by id so it survives re-sorting.
  const [activeId, setActiveId] = useState<string | null>(null)
  const [range, setRange] = useState<ListRange>({ startIndex: 0, endIndex: 0 })

  const pendingFocus = useRef<number | null>(null)
  // Focus is in the collection (cleared when it moves on to another element; a removed element's
  // focusout has no relatedTarget), and where the tab stop last was: see the focus hand-over below.
  // It is also where the active item is looked for first.
  const focusInside = useRef(false)
  const lastActiveIndex = useRef(0)

  // -1 when no item is active or the active one left the list.
  const foundIndex = useMemo(() => indexOfId(items, getId, activeId, lastActiveIndex.current), [items, getId, activeId])
  const activeIndex = foundIndex >= 0 ? foundIndex : 0
  // An active item scrolled out of the window is not in the DOM: the first rendered one keeps the tab stop.
  const tabbable = activeIndex >= range.startIndex && activeIndex <= range.endIndex ? activeIndex : range.startIndex

  const itemElement = (index: number) =>
    rootRef.current?.querySelector<HTMLElement>(`[data-collection-item][data-index="${index}"]`) ?? null

  // Focus an item the window has yet to render: retried after each render and for a few frames.
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

  /** The tab stop goes to `item`; give its `index` when known, so finding it needs no scan. */
  const activate = (item: T, index?: number) => {
    if (index !== undefined) lastActiveIndex.current = index
    setActiveId(getId(item))
  }

  const moveTo = (index: number) => {
    const item = items[index]
    if (item === undefined) return
    activate(item, index)
    const element = itemElement(index)
    if (element) {
      element.focus()
      return
    }
    pendingFocus.current = index
    scrollToIndex(index)
    let frames = 0
    const retry = () => {
      if (flushFocus() || ++frames > 30) return
      requestAnimationFrame(retry)
    }
    requestAnimationFrame(retry)
  }

  // The focused item left the list (moved, trashed, deleted): the browser drops focus on <body>,
  // losing a keyboard user's place. Hand it to the item that took its place (or the new last one),
  // or to the heading when the list is empty. Items merely scrolled out of the window are still in
  // `items` and keep the tab stop as before.
  useEffect(() => {
    if (foundIndex >= 0) lastActiveIndex.current = foundIndex
  })
  useEffect(() => {
    if (activeId == null || foundIndex >= 0 || !focusInside.current) return
    // A frame later, once the window has rendered the new items.
    const frame = requestAnimationFrame(() => {
      const focused = document.activeElement
      if (focused && focused !== document.body) return
      if (items.length > 0) moveTo(Math.min(lastActiveIndex.current, items.length - 1))
      else headingRef.current?.focus()
    })
    return () => cancelAnimationFrame(frame)
  }, [items, foundIndex, activeId])

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

  /** Arrow keys, Home, End, PageUp and PageDown on an item (or in a list row's Actions button). */
  const onMoveKey = (event: KeyboardEvent<HTMLElement>, { element, index }: FoundItem<T>) => {
    const onItem = event.target === element
    const last = items.length - 1
    // Left and right as the reader sees them: in RTL the next item is to the left.
    const key = logicalArrow(event.key, element)
    if (nextIndex) {
      const next = nextIndex(key, index)
      if (next === undefined) return
      event.preventDefault()
      if (next !== null && next >= 0 && next <= last) moveTo(next)
      return
    }
    const cols = columnCount()
    let next: number | null = null
    switch (key) {
      case 'ArrowRight':
        if (view === 'grid') next = index + 1
        else {
          // List view: the row's actions (a search result's path crumbs, then its Actions button)
          // follow it, to its right in LTR.
          const actions = [...element.querySelectorAll<HTMLElement>('[data-collection-action]')]
          const action = onItem ? actions[0] : actions[actions.indexOf(event.target as HTMLElement) + 1]
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
          const actions = [...element.querySelectorAll<HTMLElement>('[data-collection-action]')]
          const at = actions.indexOf(event.target as HTMLElement)
          ;(at > 0 ? actions[at - 1]! : element).focus()
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
      default:
        return
    }
    event.preventDefault()
    if (next === null || next < 0 || next > last) return
    moveTo(next)
  }

  /** Focus entered an item: the tab stop follows it. */
  const onFocusItem = (found: FoundItem<T> | null) => {
    focusInside.current = true
    if (found) activate(found.item, found.index)
  }

  /** Focus left; `next` is where it went (null when the focused element was removed). */
  const onBlur = (next: EventTarget | null) => {
    if (next instanceof Node && !rootRef.current?.contains(next)) focusInside.current = false
  }

  return { tabbable, range, setRange, activate, onMoveKey, onFocusItem, onBlur }
}
