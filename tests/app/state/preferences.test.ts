import '../helpers/setup.ts'
import { describe, expect, it } from 'vitest'
import { resetFilters, setSortBy, setSortType, sortBy, toggleSortOrder } from '../../../app/state/filters.ts'
import {
  applyTheme,
  listView,
  loadPreferences,
  loadThumbnailsDisabled,
  setListView,
  setLoadThumbnailsDisabled,
  setSingleClickFolders,
  setTheme,
  singleClickFolders,
  theme,
  toggleListView,
} from '../../../app/state/preferences.ts'
import { hasPreviouslyLoggedIn, setHasPreviouslyLoggedIn } from '../../../app/state/user.ts'

describe('preferences in local storage (SPEC §3 browser-stored values)', () => {
  it('defaults to grid, date, descending, single click off, thumbnails on, with nothing stored', () => {
    expect(listView.value).toBe(false)
    expect(sortBy.value).toBe('date_desc')
    expect(singleClickFolders.value).toBe(false)
    expect(loadThumbnailsDisabled.value).toBe(false)
    expect(localStorage.length).toBe(0)
  })

  it('stores each preference as the text "true" under its exact key, and removes the key when off', () => {
    setListView(true)
    setSingleClickFolders(true)
    setLoadThumbnailsDisabled(true)
    setSortBy('alp_asc')
    expect({ ...localStorage }).toEqual({
      'list-mode': 'true',
      'single-click-folders': 'true',
      'not-load-thumbnails': 'true',
      'sort-name': 'true',
      'order-asc': 'true',
    })
    setListView(false)
    setSingleClickFolders(false)
    setLoadThumbnailsDisabled(false)
    setSortBy('date_desc')
    expect(localStorage.length).toBe(0)
  })

  it('reads the stored values back (a reload)', () => {
    localStorage.setItem('list-mode', 'true')
    localStorage.setItem('not-load-thumbnails', 'true')
    localStorage.setItem('sort-name', 'true')
    loadPreferences()
    resetFilters()
    expect(listView.value).toBe(true)
    expect(loadThumbnailsDisabled.value).toBe(true)
    expect(singleClickFolders.value).toBe(false)
    expect(sortBy.value).toBe('alp_desc')
  })

  it('list view has open, close and toggle actions', () => {
    toggleListView()
    expect(listView.value).toBe(true)
    toggleListView()
    expect(listView.value).toBe(false)
    expect(localStorage.getItem('list-mode')).toBeNull()
  })

  it('the sort toggle flips the direction, the select switches date/name keeping the direction (SPEC §4)', () => {
    toggleSortOrder()
    expect(sortBy.value).toBe('date_asc')
    setSortType('alp')
    expect(sortBy.value).toBe('alp_asc')
    toggleSortOrder()
    expect(sortBy.value).toBe('alp_desc')
    expect(localStorage.getItem('sort-name')).toBe('true')
    expect(localStorage.getItem('order-asc')).toBeNull()
  })

  it('hasPreviouslyLoggedIn is stored as "true" and removed when cleared', () => {
    setHasPreviouslyLoggedIn(true)
    expect(localStorage.getItem('hasPreviouslyLoggedIn')).toBe('true')
    expect(hasPreviouslyLoggedIn()).toBe(true)
    setHasPreviouslyLoggedIn(false)
    expect(localStorage.getItem('hasPreviouslyLoggedIn')).toBeNull()
  })
})

describe("theme preference (ours; applied through the lib's data-theme)", () => {
  const root = document.documentElement

  it('defaults to System: nothing stored, no data-theme, so the lib follows the OS', () => {
    expect(theme.value).toBe('system')
    expect(root.hasAttribute('data-theme')).toBe(false)
  })

  it('stores Light/Dark under "theme" and pins <html> at once; System removes both', () => {
    setTheme('dark')
    expect(localStorage.getItem('theme')).toBe('dark')
    expect(root.getAttribute('data-theme')).toBe('dark')
    setTheme('light')
    expect(localStorage.getItem('theme')).toBe('light')
    expect(root.getAttribute('data-theme')).toBe('light')
    setTheme('system')
    expect(localStorage.getItem('theme')).toBeNull()
    expect(root.hasAttribute('data-theme')).toBe(false)
  })

  it('reads the stored choice back and applies it (a reload); an unknown value means System', () => {
    localStorage.setItem('theme', 'dark')
    loadPreferences()
    expect(theme.value).toBe('dark')
    expect(root.getAttribute('data-theme')).toBe('dark')
    localStorage.setItem('theme', 'sepia')
    loadPreferences()
    expect(theme.value).toBe('system')
    expect(root.hasAttribute('data-theme')).toBe(false)
  })

  it('applyTheme puts the stored choice on the page before any render (what main.tsx does)', () => {
    localStorage.setItem('theme', 'light')
    loadPreferences()
    root.removeAttribute('data-theme')
    applyTheme()
    expect(root.getAttribute('data-theme')).toBe('light')
  })
})
