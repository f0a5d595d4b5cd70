// The file and folder lists' selection on the kit's useFileSelection, with SPEC §4's rules kept: a
// plain click selects the main item (a second click within 1.5 s opens it, useItemClick), Ctrl/Meta
// or multi-select mode toggles, and entering multi-select adds the main item. The hook adds Shift
// ranges from the last clicked item, Shift+Arrow, Ctrl/Cmd+A (in a collection only: a text field
// keeps its own) and Escape. Its selection is the multi-selection; the main item lives beside it.
import { useFileSelection } from '@cumulus/ui'
import {
  multiSelectMap,
  multiSelectMode,
  resetMultiSelect,
  type SelectedItem,
  setMainSelect,
  setMultiSelectMode,
} from '../../state/selection.ts'
import { type ItemClickOptions, useItemClick } from './use-item-click.ts'

const idOf = (item: SelectedItem) => item.id

/** The multi-selection for `ids` (a range, every item, none): entries already there keep their type. */
function selectIds(ids: readonly string[], items: readonly SelectedItem[]): void {
  if (ids.length === 0) return resetMultiSelect()
  const kept = multiSelectMap.peek()
  const byId = new Map(items.map((item) => [item.id, item]))
  setMultiSelectMode(ids.flatMap((id) => kept[id] ?? byId.get(id) ?? []))
}

/**
 * Selection over `items`, the screen's selectable items in display order (folders, then files).
 * Spread `collectionPropsFrom(start)` on each collection and send its clicks to `click`.
 */
export function useItemSelection(items: readonly SelectedItem[], options: ItemClickOptions) {
  const itemClick = useItemClick(options)
  return useFileSelection<SelectedItem>({
    items,
    getId: idOf,
    selectedIds: multiSelectMode.value ? Object.keys(multiSelectMap.value) : [],
    onSelectedIdsChange: (ids) => selectIds(ids, items),
    // useItemClick already follows SPEC §4: main item, open on a second click, toggle in multi-select mode.
    onPlainClick: (item) => itemClick(item),
    onToggle: (item) => itemClick(item, { ctrlKey: true }),
  })
}

/**
 * A right-click (or long press, or the Actions button) on an item selects it, as a desktop file
 * manager does, so the menu's item is the one the details panel shows; an item of the
 * multi-selection keeps it (the menu is about that item, the selection stays).
 */
export function selectForMenu(item: SelectedItem): void {
  if (multiSelectMode.peek() && multiSelectMap.peek()[item.id]) return
  if (multiSelectMode.peek()) resetMultiSelect()
  setMainSelect(item)
}
