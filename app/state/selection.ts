// SPEC §3 "Selection" and the §4 selection rules: the main (single) selection, the popup viewer,
// multi-select, the share and move dialogs, and the per-URL scroll memory (navigationMap).
import { computed, signal } from '@preact/signals-react'
import type { FileJson, FolderJson, Item } from '../../server/schemas/files.ts'

export type ItemType = 'file' | 'folder' | 'quick-item'

export interface SelectedItem {
  type: ItemType
  id: string
  file?: FileJson
  folder?: FolderJson
}

export interface PopupModal {
  type: 'file' | 'quick-item'
  file: FileJson
}

export interface MoveModal {
  type: 'file' | 'folder' | 'multi'
  file?: FileJson
  folder?: FolderJson
}

export interface NavigationEntry {
  url: string
  scrollTop: number
}

/** Selection entries as the server's multi calls take them (it treats a quick item as a file). */
export const asItems = (selected: readonly SelectedItem[]): Item[] => selected.map(({ id, type }) => ({ id, type }))

export const mainSection = signal<SelectedItem | null>(null)
export const popupModal = signal<PopupModal | null>(null)
export const multiSelectMode = signal(false)
export const multiSelectMap = signal<Readonly<Record<string, SelectedItem>>>({})
export const multiSelectCount = computed(() => Object.keys(multiSelectMap.value).length)
export const shareModal = signal<FileJson | null>(null)
/** The folder whose share dialog is open (issue #19: folder links and file requests). */
export const folderShareModal = signal<FolderJson | null>(null)
export const moveModal = signal<MoveModal | null>(null)
export const navigationMap = signal<Readonly<Record<string, NavigationEntry>>>({})

export const setMainSelect = (item: SelectedItem) => void (mainSection.value = item)
export const resetSelected = () => void (mainSection.value = null)

export const setPopupSelect = (popup: PopupModal) => void (popupModal.value = popup)
export const resetPopupSelect = () => void (popupModal.value = null)

/** Opening the share dialog closes the generic popup (SPEC §4 "Share state"). */
export function setShareSelected(file: FileJson): void {
  popupModal.value = null
  shareModal.value = file
}
export const resetShareSelected = () => void (shareModal.value = null)

/** The folder share dialog closes the generic popup too, as the file's does. */
export function setFolderShareSelected(folder: FolderJson): void {
  popupModal.value = null
  folderShareModal.value = folder
}
export const resetFolderShareSelected = () => void (folderShareModal.value = null)

/** The multi-select bar's Share dialog (issue #39): the selected items, shared with one person. */
export const multiShareModal = signal(false)
export const setMultiShareModal = (open: boolean) => void (multiShareModal.value = open)

/** The file whose Versions dialog is open (DESIGN.md §8 "Versions"). */
export const versionsModal = signal<FileJson | null>(null)
// A copy per opening: the dialog starts afresh (and reads the list again) even for the file it showed last.
export const setVersionsModal = (file: FileJson) => void (versionsModal.value = { ...file })
export const resetVersionsModal = () => void (versionsModal.value = null)

export const setMoveModal = (modal: MoveModal) => void (moveModal.value = modal)
export const resetMoveModal = () => void (moveModal.value = null)

/**
 * Enters multi-select with `items`: the open main item is cleared and, unless it is among them,
 * added to the selection.
 */
export function setMultiSelectMode(items: readonly SelectedItem[]): void {
  const next: Record<string, SelectedItem> = {}
  for (const item of items) next[item.id] = item
  const main = mainSection.peek()
  if (main && !(main.id in next)) next[main.id] = main
  mainSection.value = null
  multiSelectMap.value = next
  multiSelectMode.value = Object.keys(next).length > 0
}

/**
 * Adds `item`, or removes it when it is already there with the same type; an item with the same id
 * but another type replaces it. The mode turns on with the first item and off at zero.
 */
export function toggleMultiSelect(item: SelectedItem): void {
  if (!multiSelectMode.peek()) return setMultiSelectMode([item])
  const next = { ...multiSelectMap.peek() }
  const existing = next[item.id]
  if (existing && existing.type === item.type) delete next[item.id]
  else next[item.id] = item
  multiSelectMap.value = next
  multiSelectMode.value = Object.keys(next).length > 0
}

export function resetMultiSelect(): void {
  multiSelectMap.value = {}
  multiSelectMode.value = false
}

export function setNavigationEntry(url: string, scrollTop: number): void {
  if (navigationMap.peek()[url]?.scrollTop === scrollTop) return
  navigationMap.value = { ...navigationMap.peek(), [url]: { url, scrollTop } }
}

/** Everything back to the start, e.g. when the user logs out. */
export function resetSelectionState(): void {
  resetSelected()
  resetPopupSelect()
  resetMultiSelect()
  resetShareSelected()
  resetFolderShareSelected()
  multiShareModal.value = false
  resetMoveModal()
  resetVersionsModal()
  navigationMap.value = {}
}
