import '../helpers/setup.ts'
import { describe, expect, it } from 'vitest'
import { resetFilters, setSortBy, setSortType, sortBy, toggleSortOrder } from '../../../app/state/filters.ts'
import {
  listView,
  loadPreferences,
  loadThumbnailsDisabled,
  setListView,
  setLoadThumbnailsDisabled,
  setSingleClickFolders,
  singleClickFolders,
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
