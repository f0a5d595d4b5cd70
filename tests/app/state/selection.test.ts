import '../helpers/setup.ts'
import { describe, expect, it } from 'vitest'
import { closeDrawer, drawOpen, openDrawer, toggleDrawer } from '../../../app/state/drawer.ts'
import {
  mainSection,
  multiSelectCount,
  multiSelectMap,
  multiSelectMode,
  popupModal,
  resetMultiSelect,
  setMainSelect,
  setMultiSelectMode,
  setPopupSelect,
  setShareSelected,
  shareModal,
  toggleMultiSelect,
} from '../../../app/state/selection.ts'
import type { FileJson } from '../../../server/schemas/files.ts'

const file = { _id: 'f1', filename: 'a.png' } as FileJson

describe('selection rules (SPEC §4)', () => {
  it('toggling adds the item and turns multi-select on; toggling again removes it and, at zero, turns it off', () => {
    toggleMultiSelect({ type: 'file', id: 'a' })
    expect(multiSelectMode.value).toBe(true)
    toggleMultiSelect({ type: 'folder', id: 'b' })
    expect(multiSelectCount.value).toBe(2)
    toggleMultiSelect({ type: 'file', id: 'a' })
    expect(Object.keys(multiSelectMap.value)).toEqual(['b'])
    toggleMultiSelect({ type: 'folder', id: 'b' })
    expect(multiSelectCount.value).toBe(0)
    expect(multiSelectMode.value).toBe(false)
  })

  it('toggling an item with the same id but another type replaces it', () => {
    toggleMultiSelect({ type: 'file', id: 'a' })
    toggleMultiSelect({ type: 'quick-item', id: 'a' })
    expect(multiSelectMap.value).toEqual({ a: { type: 'quick-item', id: 'a' } })
    expect(multiSelectMode.value).toBe(true)
  })

  it('entering multi-select clears the open main item and adds it unless it is among the toggled items', () => {
    setMainSelect({ type: 'file', id: 'main', file })
    setMultiSelectMode([{ type: 'folder', id: 'x' }])
    expect(mainSection.value).toBeNull()
    expect(Object.keys(multiSelectMap.value).sort()).toEqual(['main', 'x'])
    resetMultiSelect()
    setMainSelect({ type: 'file', id: 'x' })
    setMultiSelectMode([{ type: 'file', id: 'x' }])
    expect(multiSelectCount.value).toBe(1)
  })

  it('opening the share dialog closes the generic popup', () => {
    setPopupSelect({ type: 'file', file })
    setShareSelected(file)
    expect(popupModal.value).toBeNull()
    expect(shareModal.value).toBe(file)
  })

  it('the drawer has open, close and toggle actions, closed by default', () => {
    expect(drawOpen.value).toBe(false)
    openDrawer()
    expect(drawOpen.value).toBe(true)
    toggleDrawer()
    expect(drawOpen.value).toBe(false)
    toggleDrawer()
    closeDrawer()
    expect(drawOpen.value).toBe(false)
  })
})
