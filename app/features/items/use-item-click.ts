// SPEC §4 "Selection": a click selects; a second click on the same item within 1.5 s opens it;
// single-click-folders opens folders at once; Ctrl/Meta (or multi-select mode) toggles the item in
// the multi-selection; a quick item opens at once on mobile.
import { useRef } from 'react'
import { multiSelectMode, type SelectedItem, setMainSelect, toggleMultiSelect } from '../../state/selection.ts'
import { singleClickFolders } from '../../state/preferences.ts'

/** SPEC §9 "Double-click window". */
export const OPEN_WINDOW_MS = 1500

export interface ClickModifiers {
  ctrlKey?: boolean
  metaKey?: boolean
}

export interface ItemClickOptions {
  open: (item: SelectedItem) => void
  /** Mobile layout: quick items open on the first click. */
  mobile?: boolean
}

export function useItemClick({ open, mobile = false }: ItemClickOptions) {
  const last = useRef<{ id: string; type: SelectedItem['type']; at: number } | null>(null)
  return (item: SelectedItem, modifiers: ClickModifiers = {}) => {
    if (modifiers.ctrlKey || modifiers.metaKey || multiSelectMode.peek()) {
      last.current = null
      toggleMultiSelect(item)
      return
    }
    const now = Date.now()
    const previous = last.current
    const second =
      previous !== null && previous.id === item.id && previous.type === item.type && now - previous.at < OPEN_WINDOW_MS
    const immediate = (item.type === 'folder' && singleClickFolders.peek()) || (item.type === 'quick-item' && mobile)
    if (second || immediate) {
      last.current = null
      open(item)
      return
    }
    last.current = { id: item.id, type: item.type, at: now }
    setMainSelect(item)
  }
}
