import { screen, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  type BrowserFile,
  type BrowserFolder,
  PublicFolderView,
  type PublicFolderViewProps,
} from '../../../lib/index.ts'
import { expectNoAxeViolations } from '../helpers/axe.ts'
import { stubLayout } from '../helpers/layout.ts'
import { setup } from '../helpers/render.tsx'

// The view scrolls its own content element, which the collections watch with a ResizeObserver
// (jsdom has none, and no layout: they render their first items unmeasured).
beforeAll(() => {
  if (typeof globalThis.ResizeObserver === 'undefined') {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    )
  }
})

// stubLayout's spies end with their test.
afterEach(() => vi.restoreAllMocks())

const at = new Date(2030, 2, 7, 21, 5)
const folders: BrowserFolder[] = [
  { id: 'd1', name: 'Day 1', createdAt: at },
  { id: 'd2', name: 'Day 2', createdAt: at },
]
const files: BrowserFile[] = [
  { id: 'f1', name: 'beach.jpg', size: 2048, uploadDate: at },
  { id: 'f2', name: 'notes.pdf', size: 4096, uploadDate: at },
]

const noop = () => {}
function renderView(props: Partial<PublicFolderViewProps> = {}) {
  return setup(
    <PublicFolderView
      name="Holiday 2030"
      folders={folders}
      files={files}
      onNavigate={noop}
      onOpenFile={noop}
      {...props}
    />,
  )
}

const item = (name: string) => screen.getByRole('option', { name: new RegExp(`^${name.replace('.', '\\.')}`) })

describe('PublicFolderView', () => {
  it('shows the share name, breadcrumbs from the shared root, its folders and files', async () => {
    renderView({
      path: [
        { id: 'd1', name: 'Day 1' },
        { id: 'm', name: 'Morning' },
      ],
      onDownloadAll: noop,
    })
    expect(screen.getByRole('heading', { level: 1, name: 'Holiday 2030' })).toBeTruthy()
    expect(screen.getByRole('region', { name: 'Holiday 2030' })).toBeTruthy()
    const crumbs = within(screen.getByRole('navigation', { name: 'Folder path' })).getAllByRole('listitem')
    expect(crumbs.map((c) => c.textContent)).toEqual(['Holiday 2030', 'Day 1', 'Morning'])
    expect(crumbs[2]!.querySelector('[aria-current="page"]')?.textContent).toBe('Morning')
    await expectNoAxeViolations()
  })

  it('at the shared root, no breadcrumbs (the heading says where the visitor is)', async () => {
    renderView({ onDownloadAll: noop })
    expect(screen.queryByRole('navigation')).toBeNull()
    expect(within(screen.getByRole('listbox', { name: 'Folders' })).getAllByRole('option')).toHaveLength(2)
    expect(within(screen.getByRole('listbox', { name: 'Files' })).getAllByRole('option')).toHaveLength(2)
    expect(screen.getByRole('button', { name: 'Download all' })).toBeTruthy()
    // No selection yet: no selection toolbar.
    expect(screen.queryByRole('toolbar')).toBeNull()
    await expectNoAxeViolations()
  })

  it('crumbs navigate (null is the shared root); the current folder is not a button', async () => {
    const onNavigate = vi.fn()
    const { user } = renderView({
      path: [
        { id: 'd1', name: 'Day 1' },
        { id: 'm', name: 'Morning' },
      ],
      onNavigate,
    })
    await user.click(screen.getByRole('button', { name: 'Holiday 2030' }))
    expect(onNavigate).toHaveBeenLastCalledWith(null)
    await user.click(screen.getByRole('button', { name: 'Day 1' }))
    expect(onNavigate).toHaveBeenLastCalledWith('d1')
    expect(screen.queryByRole('button', { name: 'Morning' })).toBeNull()
  })

  it('a click opens: a folder navigates, a file goes to the viewer (the file as given)', async () => {
    const onNavigate = vi.fn()
    const onOpenFile = vi.fn()
    const { user } = renderView({ onNavigate, onOpenFile, thumbnailUrl: (f) => `/thumb/${f.id}` })
    await user.click(item('Day 2'))
    expect(onNavigate).toHaveBeenCalledWith('d2')
    await user.click(item('beach.jpg'))
    expect(onOpenFile).toHaveBeenCalledWith(files[0])
  })

  it('draws thumbnails from thumbnailUrl', () => {
    renderView({ thumbnailUrl: (f) => (f.name.endsWith('.jpg') ? `https://cumulus.example/thumb/${f.id}` : undefined) })
    const images = [...document.querySelectorAll('img')].map((img) => img.getAttribute('src'))
    expect(images).toEqual(['https://cumulus.example/thumb/f1'])
  })

  it('selects with Ctrl-click and Space, then clicks toggle; Download selected splits folders and files; Escape clears', async () => {
    const onDownloadSelected = vi.fn()
    const onSelectionChange = vi.fn()
    const onOpenFile = vi.fn()
    const { user } = renderView({ onDownloadSelected, onSelectionChange, onOpenFile })
    await user.keyboard('{Control>}')
    await user.click(item('Day 1'))
    await user.keyboard('{/Control}')
    expect(onSelectionChange).toHaveBeenLastCalledWith(['d1'])
    // With a selection, a plain click toggles instead of opening.
    await user.click(item('notes.pdf'))
    expect(onOpenFile).not.toHaveBeenCalled()
    item('beach.jpg').focus()
    await user.keyboard(' ')
    expect(onSelectionChange).toHaveBeenLastCalledWith(['d1', 'f2', 'f1'])
    const bar = screen.getByRole('toolbar', { name: 'Selection' })
    expect(within(bar).getByRole('status').textContent).toBe('3 selected')
    expect(item('beach.jpg').getAttribute('aria-selected')).toBe('true')
    await expectNoAxeViolations()
    await user.click(within(bar).getByRole('button', { name: 'Download selected' }))
    expect(onDownloadSelected).toHaveBeenCalledWith({ folderIds: ['d1'], fileIds: ['f1', 'f2'] })
    item('beach.jpg').focus()
    await user.keyboard('{Escape}')
    expect(onSelectionChange).toHaveBeenLastCalledWith([])
    expect(screen.queryByRole('toolbar')).toBeNull()
  })

  it('Enter opens from the keyboard; Download all calls back', async () => {
    const onOpenFile = vi.fn()
    const onDownloadAll = vi.fn()
    const { user } = renderView({ onOpenFile, onDownloadAll })
    item('notes.pdf').focus()
    await user.keyboard('{Enter}')
    expect(onOpenFile).toHaveBeenCalledWith(files[1])
    await user.click(screen.getByRole('button', { name: 'Download all' }))
    expect(onDownloadAll).toHaveBeenCalledOnce()
  })

  it('controlled selection: shows what it is given and clears through the toolbar', async () => {
    const onSelectionChange = vi.fn()
    const { user } = renderView({ selection: ['f2'], onSelectionChange })
    expect(item('notes.pdf').getAttribute('aria-selected')).toBe('true')
    await user.click(screen.getByRole('button', { name: 'Clear selection' }))
    expect(onSelectionChange).toHaveBeenCalledWith([])
    // Still controlled: the parent did not change it.
    expect(item('notes.pdf').getAttribute('aria-selected')).toBe('true')
  })

  it('the list view shows rows; the view switch reports its change', async () => {
    const onViewChange = vi.fn()
    const { user } = renderView({ onViewChange })
    await user.click(screen.getByRole('button', { name: 'List view' }))
    expect(onViewChange).toHaveBeenCalledWith('list')
    expect(screen.getByRole('grid', { name: 'Files' })).toBeTruthy()
    expect(screen.getByRole('grid', { name: 'Folders' })).toBeTruthy()
  })

  it('given an empty folder, then it says so and Download all is disabled', async () => {
    renderView({ folders: [], files: [], onDownloadAll: noop })
    expect(screen.getByRole('heading', { name: 'This folder is empty' })).toBeTruthy()
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Download all' }).disabled).toBe(true)
    expect(screen.queryByRole('listbox')).toBeNull()
    await expectNoAxeViolations()
  })

  it('while the first page loads, a spinner; with an error, the reason and Try again', async () => {
    const onRetry = vi.fn()
    const { rerender, user } = renderView({ folders: [], files: [], loading: true })
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy()
    expect(screen.queryByRole('heading', { name: 'This folder is empty' })).toBeNull()
    rerender(
      <PublicFolderView
        name="Holiday 2030"
        folders={[]}
        files={[]}
        onNavigate={noop}
        onOpenFile={noop}
        error="The link has expired."
        onRetry={onRetry}
      />,
    )
    expect(screen.getByRole('heading', { name: 'This folder could not be loaded' })).toBeTruthy()
    expect(screen.getByText('The link has expired.')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(onRetry).toHaveBeenCalledOnce()
  })

  it('asks for the next page at the end of the files, not while loading', () => {
    stubLayout({ height: 2000, itemHeight: 200 })
    const onEndReached = vi.fn()
    const { rerender } = renderView({ onEndReached, loading: true })
    expect(onEndReached).not.toHaveBeenCalled()
    // The page arrived: the new end is in view.
    rerender(
      <PublicFolderView
        name="Holiday 2030"
        folders={folders}
        files={[...files, { id: 'f3', name: 'sunset.jpg', size: 1, uploadDate: at }]}
        onNavigate={noop}
        onOpenFile={noop}
        onEndReached={onEndReached}
      />,
    )
    expect(onEndReached).toHaveBeenCalled()
  })

  it('the item menu opens and downloads a file', async () => {
    const onDownloadFile = vi.fn()
    const { user } = renderView({ onDownloadFile })
    item('notes.pdf').focus()
    await user.keyboard('{Shift>}{F10}{/Shift}')
    await user.click(await screen.findByRole('menuitem', { name: 'Download' }))
    expect(onDownloadFile).toHaveBeenCalledWith(files[1])
  })
})
