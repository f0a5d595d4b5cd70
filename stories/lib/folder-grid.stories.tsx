import { expect, fn, screen, waitFor, within } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import {
  type BrowserFolder,
  collectionViews,
  FolderGrid,
  type FolderGridProps,
  type MenuEntry,
} from '../../lib/index.ts'
import { State, StateGrid } from './_support/state-grid.tsx'

const base = ['Photos', 'Documents', 'Invoices', 'Music', 'Backups', 'Projects', 'Taxes 2023', 'Recipes']
const folders = (count: number): BrowserFolder[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `folder-${i}`,
    name: i < base.length ? (base[i] as string) : `Folder ${i + 1}`,
    createdAt: new Date(2024, 1, 1 + (i % 28), 10, i % 60),
  }))
const longNames: BrowserFolder[] = [
  { id: 'l1', name: 'Scans from the old office, sorted by year and then by month', createdAt: new Date(2023, 5, 1) },
  { id: 'l2', name: 'Short', createdAt: new Date(2023, 5, 2) },
  { id: 'l3', name: 'AnUnbrokenFolderNameWithoutAnySpacesAtAllThatMustStillBeCut', createdAt: new Date(2023, 5, 3) },
]

const onMenu = fn()
const folderMenu = (folder: BrowserFolder): MenuEntry[] => [
  { id: 'rename', label: 'Rename', icon: 'file', onSelect: () => onMenu('rename', folder.id) },
  { id: 'download', label: 'Download', icon: 'download', onSelect: () => onMenu('download', folder.id) },
  { id: 'move', label: 'Move', icon: 'move', onSelect: () => onMenu('move', folder.id) },
  { separator: true },
  { id: 'trash', label: 'Trash', icon: 'trash', tone: 'danger', onSelect: () => onMenu('trash', folder.id) },
]

const meta = preview.meta({
  title: 'Library/FolderGrid',
  tags: ['autodocs'],
  component: FolderGrid,
  args: {
    title: 'Home Folders',
    items: folders(30),
    style: { height: 320 },
    onItemClick: fn(),
    onItemOpen: fn(),
    onItemToggle: fn(),
    onItemContextMenu: fn(),
    itemMenu: folderMenu,
  },
  argTypes: { view: { control: 'inline-radio', options: collectionViews } },
  beforeEach: () => {
    onMenu.mockClear()
  },
})

export const Playground = meta.story({})

const box = (height: number, grid: FolderGridProps) => <FolderGrid {...grid} style={{ height, width: '100%' }} />

/** Titles (Home Folders, Folders, Search, Trash, No Folders), selection, list view, long names, 10,000 folders, narrow. */
export const States = meta.story({
  render: () => (
    <StateGrid columns={2} fill>
      <State label="Home Folders · selected (2)">
        {box(170, { title: 'Home Folders', items: folders(8), selectedIds: ['folder-0', 'folder-5'] })}
      </State>
      <State label="Folders · list view, selected (1)">
        {box(170, { title: 'Folders', view: 'list', items: folders(3), selectedIds: ['folder-1'] })}
      </State>
      <State label="Search · long names">{box(120, { title: 'Search', items: longNames })}</State>
      <State label="Trash · 10,000 folders">{box(120, { title: 'Trash', items: folders(10_000) })}</State>
      <State label="No Folders">{box(60, { title: 'No Folders', items: [] })}</State>
      <State label="loading">{box(60, { title: 'Folders', items: [], loading: true })}</State>
      <State label="narrow">
        <div style={{ width: 240 }}>{box(170, { title: 'Folders', items: folders(4), selectedIds: ['folder-2'] })}</div>
      </State>
      <State label="narrow list">
        <div style={{ width: 300 }}>{box(170, { title: 'Folders', view: 'list', items: longNames })}</div>
      </State>
    </StateGrid>
  ),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelectorAll('[role="listbox"], [role="grid"]').length).toBe(6))
  },
})

export const StatesDark = States.extend({ globals: { theme: 'dark' } })

/** Arrow keys, Enter (open: the app navigates), Space (toggle) and Shift+F10 (menu). */
export const Keyboard = meta.story({
  play: async ({ canvas, userEvent, args }) => {
    const photos = await canvas.findByRole('option', { name: 'Photos' })
    await userEvent.tab()
    await expect(photos).toHaveFocus()
    await userEvent.keyboard('{ArrowRight}{ArrowRight}')
    await expect(canvas.getByRole('option', { name: 'Invoices' })).toHaveFocus()
    await userEvent.keyboard('{ArrowLeft}')
    await expect(canvas.getByRole('option', { name: 'Documents' })).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await expect(args.onItemOpen).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'Documents' }),
      expect.anything(),
    )
    await userEvent.keyboard(' ')
    await expect(args.onItemToggle).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'Documents' }),
      expect.anything(),
    )
    await userEvent.keyboard('{Shift>}{F10}{/Shift}')
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Rename' })).toHaveFocus())
    await userEvent.keyboard('{ArrowDown}{Enter}')
    await expect(onMenu).toHaveBeenCalledWith('download', 'folder-1')
    await waitFor(() => expect(canvas.getByRole('option', { name: 'Documents' })).toHaveFocus())
  },
})

/** List view rows: Name, Size (empty for folders), Created, Actions. */
export const List = meta.story({
  args: { view: 'list', title: 'Folders' },
  play: async ({ canvas, userEvent }) => {
    const grid = await canvas.findByRole('grid', { name: 'Folders' })
    await expect(grid).toHaveAttribute('aria-rowcount', '31')
    const row = await canvas.findByRole('row', { name: /^Photos/ })
    await userEvent.click(row)
    await userEvent.keyboard('{ArrowDown}')
    await expect(canvas.getByRole('row', { name: /^Documents/ })).toHaveFocus()
    await userEvent.click(canvas.getByRole('button', { name: 'Actions for Invoices' }))
    await screen.findByRole('menu', { name: 'Actions' })
    await userEvent.click(screen.getByRole('menuitem', { name: 'Move' }))
    await expect(onMenu).toHaveBeenCalledWith('move', 'folder-2')
  },
})

/**
 * Drag to move: with `getDragIds` the items drag (a selection together), and with `onItemsDrop`
 * the folders take them; the folder under the drag shows the drop highlight (`data-drop-target`),
 * in grid and list view. Here a drag of "Photos" is held over "Invoices" and over a row.
 */
export const StatesDropTarget = meta.story({
  render: (args) => (
    <StateGrid columns={2} fill>
      <State label="grid · dragged over Invoices">
        <FolderGrid
          title="Folders"
          items={folders(4)}
          getDragIds={(item) => [item.id]}
          onItemsDrop={args.onItemsDrop}
          style={{ height: 170, width: '100%' }}
        />
      </State>
      <State label="list · dragged over Music">
        <FolderGrid
          title="Folder rows"
          view="list"
          items={folders(4)}
          getDragIds={(item) => [item.id]}
          onItemsDrop={args.onItemsDrop}
          style={{ height: 240, width: '100%' }}
        />
      </State>
    </StateGrid>
  ),
  args: { onItemsDrop: fn() },
  play: async ({ canvas, args }) => {
    for (const [list, over] of [
      ['Folders', 'Invoices'],
      ['Folder rows', 'Music'],
    ] as const) {
      const collection = within(await canvas.findByRole(list === 'Folders' ? 'listbox' : 'grid', { name: list }))
      const role = list === 'Folders' ? 'option' : 'row'
      const target = await collection.findByRole(role, { name: new RegExp(`^${over}`) })
      // Native events, so both carry the one DataTransfer (fireEvent would give each a new one).
      const drag = new DataTransfer()
      const send = (type: string, on: Element) =>
        on.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: drag }))
      send('dragstart', await collection.findByRole(role, { name: /^Photos/ }))
      send('dragover', target)
      await waitFor(() => expect(target).toHaveAttribute('data-drop-target', 'true'))
    }
    await expect(args.onItemsDrop).not.toHaveBeenCalled()
  },
})
