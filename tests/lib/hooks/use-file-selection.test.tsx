import { screen, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { type BrowserFile, FileList, FolderGrid, type BrowserFolder, useFileSelection } from '../../../lib/index.ts'
import { setup } from '../helpers/render.tsx'

const files: BrowserFile[] = Array.from({ length: 6 }, (_, i) => ({
  id: `f${i}`,
  name: `file-${i}.txt`,
  size: 1,
  uploadDate: new Date(2024, 0, 1),
}))
const fileId = (file: BrowserFile) => file.id
const anyId = (item: { id: string }) => item.id

const Virtual = ({ children }: { children: ReactNode }) => <>{children}</>

function Browser() {
  const selection = useFileSelection({ items: files, getId: fileId })
  return (
    <Virtual>
      <p data-testid="selected">{selection.selectedIds.join(',')}</p>
      <FileList title="Files" items={files} {...selection.collectionProps} />
    </Virtual>
  )
}

const selected = () => screen.getByTestId('selected').textContent
const row = (i: number) => screen.getByRole('row', { name: new RegExp(`file-${i}\\.txt`) })

// Many clicks with modifiers: slow under jsdom on a busy machine, hence the longer timeouts.
describe('useFileSelection', () => {
  it('a click selects one item; Ctrl or Cmd toggles; Shift selects the range from the anchor, Ctrl+Shift adds it', async () => {
    const { user } = setup(<Browser />)
    await user.click(row(1))
    expect(selected()).toBe('f1')
    await user.click(row(3))
    expect(selected()).toBe('f3')
    await user.keyboard('{Control>}')
    await user.click(row(1))
    await user.keyboard('{/Control}')
    expect(selected()).toBe('f1,f3')
    await user.keyboard('{Meta>}')
    await user.click(row(3))
    await user.keyboard('{/Meta}')
    expect(selected()).toBe('f1')
    // The anchor is the last item clicked (f3, toggled off): Shift+click on f5 selects f3..f5 only.
    await user.keyboard('{Shift>}')
    await user.click(row(5))
    await user.keyboard('{/Shift}')
    expect(selected()).toBe('f3,f4,f5')
    // Backwards from the same anchor, added to what is there.
    await user.keyboard('{Control>}{Shift>}')
    await user.click(row(0))
    await user.keyboard('{/Shift}{/Control}')
    expect(selected()).toBe('f0,f1,f2,f3,f4,f5')
  }, 30_000)

  it('Shift+Arrow extends from the focused item, Space toggles, Escape clears', async () => {
    const { user } = setup(<Browser />)
    await user.click(row(2))
    await user.keyboard('{Shift>}{ArrowDown}{ArrowDown}{/Shift}')
    expect(selected()).toBe('f2,f3,f4')
    await user.keyboard('{Shift>}{ArrowUp}{/Shift}')
    expect(selected()).toBe('f2,f3')
    await user.keyboard('{ArrowDown}{ArrowDown} ')
    expect(selected()).toBe('f2,f3,f5')
    await user.keyboard('{Escape}')
    expect(selected()).toBe('')
  })

  it('Ctrl+A selects every item and keeps the page text unselected', async () => {
    const { user } = setup(<Browser />)
    await user.click(row(0))
    const event = new KeyboardEvent('keydown', { key: 'a', ctrlKey: true, bubbles: true, cancelable: true })
    row(0).dispatchEvent(event)
    expect(event.defaultPrevented).toBe(true)
    await user.keyboard('{Control>}a{/Control}')
    expect(selected()).toBe('f0,f1,f2,f3,f4,f5')
  })

  it('stays controlled when given selectedIds, reporting changes in display order', async () => {
    const changes: string[][] = []
    function Controlled() {
      const selection = useFileSelection({
        items: files,
        getId: fileId,
        selectedIds: ['f4'],
        onSelectedIdsChange: (ids) => changes.push(ids),
      })
      return (
        <Virtual>
          <FileList title="Files" items={files} {...selection.collectionProps} />
        </Virtual>
      )
    }
    const { user } = setup(<Controlled />)
    expect(row(4).getAttribute('aria-selected')).toBe('true')
    await user.keyboard('{Control>}')
    await user.click(row(1))
    await user.keyboard('{/Control}')
    expect(changes).toEqual([['f1', 'f4']])
    // Controlled: nothing changes until the owner passes new ids.
    expect(row(1).getAttribute('aria-selected')).toBe('false')
  })

  it('given onPlainClick and onToggle, then a plain click and a toggle go to them and still set the anchor for Shift', async () => {
    const plain: string[] = []
    const toggled: string[] = []
    function Product() {
      const selection = useFileSelection({
        items: files,
        getId: fileId,
        onPlainClick: (file) => plain.push(file.id),
        onToggle: (file) => toggled.push(file.id),
      })
      return (
        <Virtual>
          <p data-testid="selected">{selection.selectedIds.join(',')}</p>
          <FileList title="Files" items={files} {...selection.collectionProps} />
        </Virtual>
      )
    }
    const { user } = setup(<Product />)
    await user.click(row(1))
    expect(plain).toEqual(['f1'])
    expect(selected()).toBe('')
    await user.keyboard('{Control>}')
    await user.click(row(2))
    await user.keyboard('{/Control}')
    await user.keyboard(' ')
    expect(toggled).toEqual(['f2', 'f2'])
    expect(selected()).toBe('')
    // The anchor is the toggled item: Shift+click selects from it.
    await user.keyboard('{Shift>}')
    await user.click(row(4))
    await user.keyboard('{/Shift}')
    expect(selected()).toBe('f2,f3,f4')
    expect(plain).toEqual(['f1'])
  }, 30_000)

  it('given folders then files in two collections, then ranges, Shift+Arrow and Ctrl+A run over both', async () => {
    const folders: BrowserFolder[] = [0, 1, 2].map((i) => ({
      id: `d${i}`,
      name: `folder-${i}`,
      createdAt: new Date(2024, 0, 1),
    }))
    const everything: (BrowserFile | BrowserFolder)[] = [...folders, ...files]
    function Both() {
      const selection = useFileSelection({ items: everything, getId: anyId })
      const { selectedIds, onKeyDown, onFocus, onPointerDown } = selection.collectionPropsFrom(folders.length)
      return (
        <Virtual>
          <p data-testid="selected">{selection.selectedIds.join(',')}</p>
          <FolderGrid title="Folders" view="list" items={folders} {...selection.collectionProps} />
          <FileList
            title="Files"
            items={files}
            selectedIds={selectedIds}
            onKeyDown={onKeyDown}
            onFocus={onFocus}
            onPointerDown={onPointerDown}
            onItemClick={(file, event) => selection.click(file, event)}
          />
        </Virtual>
      )
    }
    const { user } = setup(<Both />)
    await user.click(screen.getByRole('row', { name: /folder-1/ }))
    expect(selected()).toBe('d1')
    await user.keyboard('{Shift>}')
    await user.click(row(1))
    await user.keyboard('{/Shift}')
    expect(selected()).toBe('d1,d2,f0,f1')
    // Shift+Arrow in the file list: the index is the list's own, counted after the folders.
    await user.click(row(3))
    await user.keyboard('{Shift>}{ArrowDown}{/Shift}')
    expect(selected()).toBe('f3,f4')
    await user.keyboard('{Control>}a{/Control}')
    expect(selected()).toBe('d0,d1,d2,f0,f1,f2,f3,f4,f5')
    await user.keyboard('{Escape}')
    expect(selected()).toBe('')
  }, 30_000)

  it('leaves Ctrl+A to a text field inside the collection', async () => {
    const { user } = setup(<Browser />)
    await user.click(row(0))
    const field = document.createElement('input')
    row(0).appendChild(field)
    const inField = new KeyboardEvent('keydown', { key: 'a', ctrlKey: true, bubbles: true, cancelable: true })
    field.dispatchEvent(inField)
    expect(inField.defaultPrevented).toBe(false)
    expect(selected()).toBe('f0')
    field.remove()
  })

  it("leaves an item menu's Escape (a portal) to the menu: the selection stays", async () => {
    function WithMenu() {
      const selection = useFileSelection({ items: files, getId: fileId })
      return (
        <Virtual>
          <p data-testid="selected">{selection.selectedIds.join(',')}</p>
          <FileList
            title="Files"
            items={files}
            itemMenu={() => [{ id: 'open', label: 'Open' }]}
            menuLabel="File actions"
            {...selection.collectionProps}
          />
        </Virtual>
      )
    }
    const { user } = setup(<WithMenu />)
    await user.click(row(0))
    await user.keyboard('{Shift>}')
    await user.click(row(1))
    await user.keyboard('{/Shift}')
    expect(selected()).toBe('f0,f1')
    await user.keyboard('{Shift>}{F10}{/Shift}')
    await screen.findByRole('menuitem', { name: 'Open' })
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull())
    expect(selected()).toBe('f0,f1')
  }, 30_000)
})
