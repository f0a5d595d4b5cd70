// SPEC §3 "Preferences" (listView, loadThumbnailsDisabled, singleClickFolders), each mirrored to
// local storage as the text "true" under its exact key and removed when off; and our theme choice,
// stored as "light" or "dark" and removed for "system".
import { signal } from '@preact/signals-react'
import { themeAttribute, themeNames, type ThemeName } from '@cumulus/ui'
import { readFlag, readSaved, removeSaved, savedKeys, writeFlag, writeSaved } from './saved.ts'

/** "system" follows the device's colour scheme; the others pin the page to one of the lib's themes. */
export type ThemeChoice = 'system' | ThemeName

const isThemeName = (value: string | null): value is ThemeName =>
  (themeNames as readonly (string | null)[]).includes(value)

function readTheme(): ThemeChoice {
  const stored = readSaved(savedKeys.theme)
  return isThemeName(stored) ? stored : 'system'
}

export const listView = signal(readFlag(savedKeys.listMode))
export const loadThumbnailsDisabled = signal(readFlag(savedKeys.notLoadThumbnails))
export const singleClickFolders = signal(readFlag(savedKeys.singleClickFolders))
export const theme = signal<ThemeChoice>(readTheme())

export function setListView(on: boolean): void {
  listView.value = on
  writeFlag(savedKeys.listMode, on)
}
export const openListView = () => setListView(true)
export const closeListView = () => setListView(false)
export const toggleListView = () => setListView(!listView.peek())

export function setLoadThumbnailsDisabled(on: boolean): void {
  loadThumbnailsDisabled.value = on
  writeFlag(savedKeys.notLoadThumbnails, on)
}

export function setSingleClickFolders(on: boolean): void {
  singleClickFolders.value = on
  writeFlag(savedKeys.singleClickFolders, on)
}

/** Stores the choice and applies it to the page at once. */
export function setTheme(choice: ThemeChoice): void {
  theme.value = choice
  if (choice === 'system') removeSaved(savedKeys.theme)
  else writeSaved(savedKeys.theme, choice)
  applyTheme()
}

/**
 * Puts the theme choice on `<html>` through the lib's `data-theme` attribute; "system" removes it,
 * so the lib follows `prefers-color-scheme`. main.tsx calls this before the first render.
 */
export function applyTheme(choice: ThemeChoice = theme.peek(), root: HTMLElement = document.documentElement): void {
  if (choice === 'system') root.removeAttribute(themeAttribute)
  else root.setAttribute(themeAttribute, choice)
}

/** Re-reads every preference from storage (another tab changed it, or a test reset storage). */
export function loadPreferences(): void {
  listView.value = readFlag(savedKeys.listMode)
  loadThumbnailsDisabled.value = readFlag(savedKeys.notLoadThumbnails)
  singleClickFolders.value = readFlag(savedKeys.singleClickFolders)
  theme.value = readTheme()
  applyTheme()
}
