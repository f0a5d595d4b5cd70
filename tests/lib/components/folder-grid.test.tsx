import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { type BrowserFolder, FolderGrid, type MenuEntry } from '../../../lib/index.ts'
import { expectNoAxeViolations } from '../helpers/axe.ts'
import { setup } from '../helpers/render.tsx'
import { Virtual } from '../helpers/virtual.tsx'

const folders = (n: number): BrowserFolder[] =>
  Array.from({ length: n }, (_, i) => ({ id: `d${i}`, name: `Folder ${i}`, createdAt: new Date(2024, 0, 2, 8, 0) }))

describe('FolderGrid', () => {
  it.each(['Home Folders', 'Folders', 'Search', 'Trash', 'No Folders'])(
    'is a listbox named by its title (%s)',
    (title) => {
      setup(
        <Virtual>
          <FolderGrid title={title} items={folders(2)} />
        </Virtual>,
      )
      expect(screen.getByRole('listbox', { name: title })).toBeTruthy()
    },
  )

  it('shows each folder as an option named by the folder name, selected by id', async () => {
    setup(
      <Virtual>
        <FolderGrid title="Folders" items={folders(3)} selectedIds={new Set(['d1'])} />
      </Virtual>,
    )
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Folder 0', 'Folder 1', 'Folder 2'])
    expect(screen.getByRole('option', { name: 'Folder 1' }).getAttribute('aria-selected')).toBe('true')
    await expectNoAxeViolations()
  })

  it('given the keyboard, then arrows move, Enter opens, Space toggles and Shift+F10 opens the folder menu', async () => {
    const onItemOpen = vi.fn()
    const onItemToggle = vi.fn()
    const onSelect = vi.fn()
    const itemMenu = (folder: BrowserFolder): MenuEntry[] => [
      { id: 'rename', label: 'Rename', onSelect: () => onSelect(folder.id) },
    ]
    const { user } = setup(
      <Virtual>
        <FolderGrid
          title="Folders"
          items={folders(6)}
          onItemOpen={onItemOpen}
          onItemToggle={onItemToggle}
          itemMenu={itemMenu}
        />
      </Virtual>,
    )
    await user.tab()
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowLeft}')
    const folder1 = screen.getByRole('option', { name: 'Folder 1' })
    expect(document.activeElement).toBe(folder1)
    await user.keyboard('{Enter} ')
    expect(onItemOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 'd1' }), expect.anything())
    expect(onItemToggle).toHaveBeenCalledWith(expect.objectContaining({ id: 'd1' }), expect.anything())
    await user.keyboard('{Shift>}{F10}{/Shift}')
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Rename' })))
    await user.keyboard('{Enter}')
    expect(onSelect).toHaveBeenCalledWith('d1')
    await waitFor(() => expect(document.activeElement).toBe(folder1))
  })

  it('given the list view, then folders are rows with an empty Size cell', async () => {
    setup(
      <Virtual>
        <FolderGrid title="Folders" view="list" items={folders(2)} />
      </Virtual>,
    )
    const row = screen.getByRole('row', { name: /^Folder 0/ })
    expect(
      within(row)
        .getAllByRole('gridcell')
        .map((c) => c.textContent),
    ).toEqual(['Folder 0', '', '01/02/24, 08:00 AM', ''])
    await expectNoAxeViolations()
  })

  it('given no folders, then only the title shows (the app titles it "No Folders")', () => {
    setup(
      <Virtual>
        <FolderGrid title="No Folders" items={[]} />
      </Virtual>,
    )
    expect(screen.getByRole('heading', { name: 'No Folders' })).toBeTruthy()
    expect(screen.queryByRole('listbox')).toBeNull()
  })
})
