// Drag to move (native drag and drop): the collections' getDragIds/onItemsDrop and ParentBar's
// drop targets. jsdom has no DataTransfer: each drag carries a small stand-in.
import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import {
  type BrowserFile,
  type BrowserFolder,
  FileGrid,
  FileList,
  FolderGrid,
  itemDragType,
  ParentBar,
} from '../../../lib/index.ts'
import { setup } from '../helpers/render.tsx'
import { Virtual } from '../helpers/virtual.tsx'

function dataTransfer() {
  const data: Record<string, string> = {}
  return {
    types: [] as string[],
    dropEffect: 'none',
    effectAllowed: 'all',
    setData(type: string, value: string) {
      this.types.push(type)
      data[type] = value
    },
    getData: (type: string) => data[type] ?? '',
  }
}

const folders: BrowserFolder[] = ['Photos', 'Taxes'].map((name, i) => ({
  id: `d${i}`,
  name,
  createdAt: new Date(2024, 0, 2),
}))
const files: BrowserFile[] = ['a.txt', 'b.txt'].map((name, i) => ({
  id: `f${i}`,
  name,
  size: 10,
  uploadDate: new Date(2024, 0, 2),
}))

function Drive({
  onItemsDrop,
  getDragIds = (item: { id: string }) => [item.id],
}: {
  onItemsDrop: (target: BrowserFolder, ids: string[]) => void
  getDragIds?: (item: { id: string }) => string[]
}) {
  return (
    <Virtual>
      <FolderGrid title="Folders" items={folders} getDragIds={getDragIds} onItemsDrop={onItemsDrop} />
      <FileGrid title="Files" items={files} getDragIds={getDragIds} />
    </Virtual>
  )
}

const option = (name: string) => screen.getByRole('option', { name: new RegExp(`^${name}`) })

describe('dragging items onto a folder', () => {
  it('given a file dragged over a folder, then the folder shows data-drop-target, and the drop hands it the ids', () => {
    const onItemsDrop = vi.fn()
    setup(<Drive onItemsDrop={onItemsDrop} />)
    expect(option('a.txt').getAttribute('draggable')).toBe('true')
    const drag = dataTransfer()
    fireEvent.dragStart(option('a.txt'), { dataTransfer: drag })
    expect(drag.types).toEqual([itemDragType])
    expect(JSON.parse(drag.getData(itemDragType))).toEqual(['f0'])
    fireEvent.dragOver(option('Taxes'), { dataTransfer: drag })
    expect(option('Taxes').getAttribute('data-drop-target')).toBe('true')
    expect(option('Photos').hasAttribute('data-drop-target')).toBe(false)
    fireEvent.drop(option('Taxes'), { dataTransfer: drag })
    expect(onItemsDrop).toHaveBeenCalledWith(folders[1], ['f0'])
    expect(option('Taxes').hasAttribute('data-drop-target')).toBe(false)
  })

  it('given a selection, then every id getDragIds names travels together', () => {
    const onItemsDrop = vi.fn()
    setup(<Drive onItemsDrop={onItemsDrop} getDragIds={() => ['f0', 'f1', 'd0']} />)
    const drag = dataTransfer()
    fireEvent.dragStart(option('b.txt'), { dataTransfer: drag })
    fireEvent.dragOver(option('Taxes'), { dataTransfer: drag })
    fireEvent.drop(option('Taxes'), { dataTransfer: drag })
    expect(onItemsDrop).toHaveBeenCalledWith(folders[1], ['f0', 'f1', 'd0'])
  })

  it('given a drag that holds the folder itself, then it is refused: no highlight, no drop', () => {
    const onItemsDrop = vi.fn()
    setup(<Drive onItemsDrop={onItemsDrop} getDragIds={() => ['d0', 'f1']} />)
    const drag = dataTransfer()
    fireEvent.dragStart(option('Photos'), { dataTransfer: drag })
    const over = fireEvent.dragOver(option('Photos'), { dataTransfer: drag })
    expect(over).toBe(true) // not prevented: the browser shows "no drop"
    expect(option('Photos').hasAttribute('data-drop-target')).toBe(false)
    fireEvent.drop(option('Photos'), { dataTransfer: drag })
    expect(onItemsDrop).not.toHaveBeenCalled()
  })

  it('given a drag that carries no items (a file from the desktop), then nothing lights up', () => {
    setup(<Drive onItemsDrop={vi.fn()} />)
    const drag = { ...dataTransfer(), types: ['Files'] }
    fireEvent.dragOver(option('Taxes'), { dataTransfer: drag })
    expect(option('Taxes').hasAttribute('data-drop-target')).toBe(false)
  })

  it('given no getDragIds, then items are not draggable (a collection opts in)', () => {
    setup(
      <Virtual>
        <FileList title="Files" items={files} />
      </Virtual>,
    )
    expect(screen.getAllByRole('row').some((row) => row.hasAttribute('draggable'))).toBe(false)
  })
})

describe('dragging items onto the parent bar', () => {
  it('given items dropped on the back arrow or the Home crumb, then onItemsDrop names parent or root', () => {
    const onItemsDrop = vi.fn()
    setup(
      <>
        <Virtual>
          <FileGrid title="Files" items={files} getDragIds={(item) => [item.id]} />
        </Virtual>
        <ParentBar folderName="Taxes" onBack={() => {}} onRootClick={() => {}} onItemsDrop={onItemsDrop} />
      </>,
    )
    for (const [button, where] of [
      ['Home', 'root'],
      ['Back', 'parent'],
    ] as const) {
      const drag = dataTransfer()
      fireEvent.dragStart(option('a.txt'), { dataTransfer: drag })
      const target = screen.getByRole('button', { name: button })
      fireEvent.dragOver(target, { dataTransfer: drag })
      expect(target.getAttribute('data-drop-target')).toBe('true')
      fireEvent.drop(target, { dataTransfer: drag })
      expect(onItemsDrop).toHaveBeenLastCalledWith(where, ['f0'])
      expect(target.hasAttribute('data-drop-target')).toBe(false)
    }
  })
})
