// The Media page's items (issue #23 point 11): a next page extends the kept items without mapping
// the loaded files again; a record that changed (a refetched page) gets a new item.
import '../helpers/setup.ts'
import { renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { FileJson } from '../../../app/api/files.ts'
import { useMediaItems } from '../../../app/screens/files/use-media-items.ts'
import { makeFile } from '../helpers/drive.ts'

describe('useMediaItems', () => {
  it('keeps the items of loaded files when a page is appended, and maps each file back to its record', () => {
    const first = [makeFile(1), makeFile(2)]
    const { result, rerender } = renderHook(({ files }) => useMediaItems(files, false), {
      initialProps: { files: first as readonly FileJson[] },
    })
    const before = result.current.items
    expect(before.map((item) => item.id)).toEqual(['file-1', 'file-2'])

    const grown = [...first, makeFile(3)]
    rerender({ files: grown })
    const after = result.current.items
    expect(after).not.toBe(before)
    expect(after.map((item) => item.id)).toEqual(['file-1', 'file-2', 'file-3'])
    expect(after[0]).toBe(before[0])
    expect(after[1]).toBe(before[1])
    expect(after.map(result.current.fileOf)).toEqual(grown)
  })

  it('makes a new item for a record that changed, and keeps the others', () => {
    const first = [makeFile(1), makeFile(2)]
    const { result, rerender } = renderHook(({ files }) => useMediaItems(files, false), {
      initialProps: { files: first as readonly FileJson[] },
    })
    const before = result.current.items
    const renamed = makeFile(1, { filename: 'renamed.jpg' })
    rerender({ files: [renamed, first[1]!, makeFile(3)] })
    const after = result.current.items
    expect(after[0]).not.toBe(before[0])
    expect(after[0]!.name).toBe('renamed.jpg')
    expect(after[1]).toBe(before[1])
    expect(result.current.fileOf(after[0]!)).toBe(renamed)
  })

  it('makes every item anew when the thumbnail preference changes', () => {
    const files = [makeFile(1, { metadata: { hasThumbnail: true, thumbnailID: 'thumb-1' } })]
    const { result, rerender } = renderHook(({ off }) => useMediaItems(files, off), { initialProps: { off: false } })
    expect(result.current.items[0]!.thumbnailUrl).toBeDefined()
    rerender({ off: true })
    expect(result.current.items[0]!.thumbnailUrl).toBeUndefined()
  })
})
