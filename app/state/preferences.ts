// SPEC §3 "Preferences" (listView, loadThumbnailsDisabled, singleClickFolders), each mirrored to
// local storage as the text "true" under its exact key and removed when off.
import { signal } from '@preact/signals-react'
import { readFlag, storageKeys, writeFlag } from './storage.ts'

export const listView = signal(readFlag(storageKeys.listMode))
export const loadThumbnailsDisabled = signal(readFlag(storageKeys.notLoadThumbnails))
export const singleClickFolders = signal(readFlag(storageKeys.singleClickFolders))

export function setListView(on: boolean): void {
  listView.value = on
  writeFlag(storageKeys.listMode, on)
}
export const openListView = () => setListView(true)
export const closeListView = () => setListView(false)
export const toggleListView = () => setListView(!listView.peek())

export function setLoadThumbnailsDisabled(on: boolean): void {
  loadThumbnailsDisabled.value = on
  writeFlag(storageKeys.notLoadThumbnails, on)
}

export function setSingleClickFolders(on: boolean): void {
  singleClickFolders.value = on
  writeFlag(storageKeys.singleClickFolders, on)
}

/** Re-reads every preference from storage (another tab changed it, or a test reset storage). */
export function loadPreferences(): void {
  listView.value = readFlag(storageKeys.listMode)
  loadThumbnailsDisabled.value = readFlag(storageKeys.notLoadThumbnails)
  singleClickFolders.value = readFlag(storageKeys.singleClickFolders)
}
