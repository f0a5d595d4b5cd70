import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  type BrowserFile,
  contextMenuLongPressMs,
  FileGrid,
  type FileGridProps,
  type MenuEntry,
} from '../../../lib/index.ts'
import { expectNoAxeViolations } from '../helpers/axe.ts'
import { stubLayout } from '../helpers/layout.ts'
import { setup } from '../helpers/render.tsx'

// jsdom has no layout: the grid renders its first items unmeasured, and card boxes are stubbed
// (200×200 cards, 4 per row), so arrow keys can read the columns.
const COLUMNS = 4

const at = new Date(2024, 2, 7, 21, 5)
const files = (n: number): BrowserFile[] =>
  Array.from({ length: n }, (_, i) => ({ id: `f${i}`, name: `file-${i}.pdf`, size: 1536 * (i + 1), uploadDate: at }))

const named = (name: string) => new RegExp(`^${name.replace(/[.()]/g, '\\$&')} `)
const option = (name: string) => screen.getByRole('option', { name: named(name) })

const menu =
  (onSelect: (id: string, file: BrowserFile) => void) =>
  (file: BrowserFile): MenuEntry[] => [
    { id: 'share', label: 'Share', onSelect: () => onSelect('share', file) },
    { id: 'download', label: 'Download', onSelect: () => onSelect('download', file) },
    { separator: true },
    { id: 'trash', label: 'Trash', tone: 'danger', onSelect: () => onSelect('trash', file) },
  ]

function renderGrid(props: Partial<FileGridProps> = {}) {
  return setup(<FileGrid title="Home Files" items={files(10)} {...props} />)
}

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const index = Number(this.dataset.index ?? 0)
    const left = (index % COLUMNS) * 200
    const top = Math.floor(index / COLUMNS) * 200
    return {
      x: left,
      y: top,
      left,
      top,
      width: 200,
      height: 200,
      right: left + 200,
      bottom: top + 200,
      toJSON: () => ({}),
    } as DOMRect
  })
})

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('FileGrid', () => {
  it('is a multi-select listbox named by its title heading, each card an option named by its file name and date', async () => {
    renderGrid({ selectedIds: ['f1', 'f3'] })
    expect(screen.getByRole('heading', { level: 2, name: 'Home Files' })).toBeTruthy()
    const listbox = screen.getByRole('listbox', { name: 'Home Files' })
    expect(listbox.getAttribute('aria-multiselectable')).toBe('true')
    const options = within(listbox).getAllByRole('option')
    expect(options).toHaveLength(10)
    expect(options[0]?.textContent).toContain('file-0.pdf')
    expect(screen.getByRole('option', { name: 'file-0.pdf 03/07/24, 09:05 PM' })).toBeTruthy()
    expect(options.filter((o) => o.getAttribute('aria-selected') === 'true').map((o) => o.dataset.index)).toEqual([
      '1',
      '3',
    ])
    expect(options[0]?.getAttribute('aria-setsize')).toBe('10')
    expect(options[9]?.getAttribute('aria-posinset')).toBe('10')
    await expectNoAxeViolations()
  })

  it('given 10,000 files, then fewer than 300 cards are in the DOM and each knows the set size', () => {
    renderGrid({ items: files(10_000) })
    const options = screen.getAllByRole('option')
    expect(options.length).toBeGreaterThan(0)
    expect(options.length).toBeLessThan(300)
    expect(options[0]?.getAttribute('aria-setsize')).toBe('10000')
  })

  it('given a thumbnail URL, then it shows the image; thumbnails off or a broken image show the extension badge', () => {
    const items: BrowserFile[] = [
      { id: 'a', name: 'holiday.jpg', size: 1, uploadDate: at, thumbnailUrl: '/thumb/a' },
      { id: 'b', name: 'broken.png', size: 1, uploadDate: at, thumbnailUrl: '/thumb/b' },
    ]
    const { rerender } = renderGrid({ items })
    const images = screen.getByRole('listbox').querySelectorAll('img')
    expect([...images].map((i) => i.getAttribute('src'))).toEqual(['/thumb/a', '/thumb/b'])
    fireEvent.error(images[1] as HTMLImageElement)
    expect(option('broken.png').querySelector('img')).toBeNull()
    expect(option('broken.png').textContent).toContain('PNG')
    rerender(<FileGrid title="Home Files" items={items} thumbnailsDisabled />)
    expect(screen.getByRole('listbox').querySelector('img')).toBeNull()
    expect(option('holiday.jpg').textContent).toContain('JPG')
  })

  describe('keyboard', () => {
    it('given Tab, then the collection is one tab stop, on the first card', async () => {
      const { user } = renderGrid()
      await user.tab()
      expect(document.activeElement).toBe(option('file-0.pdf'))
      expect(screen.getAllByRole('option').filter((o) => o.tabIndex === 0)).toHaveLength(1)
      await user.tab()
      expect(screen.getByRole('listbox').contains(document.activeElement)).toBe(false)
    })

    it('given the arrow keys, then focus moves by one card left and right and by a row (the column count) up and down', async () => {
      const { user } = renderGrid()
      await user.tab()
      await user.keyboard('{ArrowRight}')
      expect(document.activeElement).toBe(option('file-1.pdf'))
      await user.keyboard('{ArrowDown}')
      expect(document.activeElement).toBe(option(`file-${1 + COLUMNS}.pdf`))
      await user.keyboard('{ArrowLeft}')
      expect(document.activeElement).toBe(option(`file-${COLUMNS}.pdf`))
      await user.keyboard('{ArrowUp}')
      expect(document.activeElement).toBe(option('file-0.pdf'))
      // The edges hold.
      await user.keyboard('{ArrowUp}{ArrowLeft}')
      expect(document.activeElement).toBe(option('file-0.pdf'))
      // The roving tab stop followed.
      await user.keyboard('{ArrowRight}')
      expect(option('file-1.pdf').tabIndex).toBe(0)
      expect(option('file-0.pdf').tabIndex).toBe(-1)
    })

    it('given dir="rtl", then ArrowLeft moves to the next card and ArrowRight back (the reading order)', async () => {
      const { user } = setup(
        <div dir="rtl">
          <FileGrid title="Home Files" items={files(10)} />
        </div>,
      )
      await user.tab()
      await user.keyboard('{ArrowLeft}')
      expect(document.activeElement).toBe(option('file-1.pdf'))
      await user.keyboard('{ArrowLeft}')
      expect(document.activeElement).toBe(option('file-2.pdf'))
      await user.keyboard('{ArrowRight}')
      expect(document.activeElement).toBe(option('file-1.pdf'))
    })

    it('given a partial last row, when Down is pressed above a gap, then focus lands on the last card', async () => {
      const { user } = renderGrid()
      await user.tab()
      // 10 cards in rows of 4: index 7 has nothing under it, the last card is index 9.
      await user.keyboard('{End}')
      expect(document.activeElement).toBe(option('file-9.pdf'))
      await user.keyboard('{Home}{ArrowDown}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowDown}')
      expect(document.activeElement).toBe(option('file-9.pdf'))
    })

    it('given Enter, then onItemOpen gets the card; given Space, then onItemToggle gets it (and the page does not scroll)', async () => {
      const onItemOpen = vi.fn()
      const onItemToggle = vi.fn()
      const { user } = renderGrid({ onItemOpen, onItemToggle })
      await user.tab()
      await user.keyboard('{ArrowRight}{Enter}')
      expect(onItemOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 'f1' }), expect.anything())
      const space = new KeyboardEvent('keydown', { key: ' ', bubbles: true, cancelable: true })
      act(() => {
        document.activeElement?.dispatchEvent(space)
      })
      expect(space.defaultPrevented).toBe(true)
      expect(onItemToggle).toHaveBeenCalledWith(expect.objectContaining({ id: 'f1' }), expect.anything())
    })

    it('given the list comes back re-sorted, then the tab stop stays on the same file', async () => {
      const items = files(10)
      const { user, rerender } = renderGrid({ items })
      await user.tab()
      await user.keyboard('{ArrowRight}{ArrowRight}')
      rerender(<FileGrid title="Home Files" items={[...items].reverse()} />)
      expect(option('file-2.pdf').tabIndex).toBe(0)
      expect(option('file-2.pdf').dataset.index).toBe('7')
    })
  })

  describe('pointer', () => {
    it('given a click, then onItemClick reports the file with the modifier keys; the grid selects nothing itself', async () => {
      const onItemClick = vi.fn()
      const { user } = renderGrid({ onItemClick })
      await user.click(option('file-2.pdf'))
      expect(onItemClick).toHaveBeenLastCalledWith(
        expect.objectContaining({ id: 'f2' }),
        expect.objectContaining({ ctrlKey: false, metaKey: false }),
      )
      await user.keyboard('{Control>}')
      await user.click(option('file-3.pdf'))
      await user.keyboard('{/Control}')
      expect(onItemClick).toHaveBeenLastCalledWith(
        expect.objectContaining({ id: 'f3' }),
        expect.objectContaining({ ctrlKey: true }),
      )
      await user.keyboard('{Meta>}')
      await user.click(option('file-4.pdf'))
      await user.keyboard('{/Meta}')
      expect(onItemClick).toHaveBeenLastCalledWith(
        expect.objectContaining({ id: 'f4' }),
        expect.objectContaining({ metaKey: true }),
      )
      expect(screen.getAllByRole('option').every((o) => o.getAttribute('aria-selected') === 'false')).toBe(true)
      // The clicked card took the tab stop.
      expect(option('file-4.pdf').tabIndex).toBe(0)
    })

    it('given a double-click, then onItemDoubleOpen gets the file (two clicks are reported too, for the app’s 1.5 s rule)', async () => {
      const onItemClick = vi.fn()
      const onItemDoubleOpen = vi.fn()
      const { user } = renderGrid({ onItemClick, onItemDoubleOpen })
      await user.dblClick(option('file-5.pdf'))
      expect(onItemClick).toHaveBeenCalledTimes(2)
      expect(onItemDoubleOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 'f5' }), expect.anything())
    })
  })

  describe('context menu', () => {
    it('given a right-click, then onItemContextMenu gets the file and its menu opens; choosing runs it and focus returns to the card', async () => {
      const onItemContextMenu = vi.fn()
      const onSelect = vi.fn()
      const { user } = renderGrid({ onItemContextMenu, itemMenu: menu(onSelect) })
      const card = option('file-3.pdf')
      await user.pointer({ keys: '[MouseRight]', target: card, coords: { clientX: 50, clientY: 60 } })
      expect(onItemContextMenu).toHaveBeenCalledWith(expect.objectContaining({ id: 'f3' }), expect.anything())
      const popup = await screen.findByRole('menu', { name: 'Actions' })
      expect(
        within(popup)
          .getAllByRole('menuitem')
          .map((i) => i.textContent),
      ).toEqual(['Share', 'Download', 'Trash'])
      await expectNoAxeViolations()
      await user.click(screen.getByRole('menuitem', { name: 'Download' }))
      expect(onSelect).toHaveBeenCalledWith('download', expect.objectContaining({ id: 'f3' }))
      await waitFor(() => expect(screen.queryByRole('menu')).toBeNull())
      await waitFor(() => expect(document.activeElement).toBe(card))
    })

    it('given Shift+F10 or the ContextMenu key on a focused card, then the menu opens on its first item; Escape returns focus', async () => {
      const { user } = renderGrid({ itemMenu: menu(() => {}) })
      await user.tab()
      await user.keyboard('{ArrowRight}')
      for (const keys of ['{Shift>}{F10}{/Shift}', '{ContextMenu}']) {
        await user.keyboard(keys)
        await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Share' })))
        await user.keyboard('{Escape}')
        await waitFor(() => expect(screen.queryByRole('menu')).toBeNull())
        await waitFor(() => expect(document.activeElement).toBe(option('file-1.pdf')))
      }
    })

    it('given no itemMenu, then a right-click only reports (the app shows its own menu) and the browser menu is suppressed', () => {
      const onItemContextMenu = vi.fn()
      renderGrid({ onItemContextMenu })
      const event = new MouseEvent('contextmenu', { bubbles: true, cancelable: true, clientX: 5, clientY: 5 })
      act(() => {
        option('file-0.pdf').dispatchEvent(event)
      })
      expect(event.defaultPrevented).toBe(true)
      expect(onItemContextMenu).toHaveBeenCalledOnce()
      expect(screen.queryByRole('menu')).toBeNull()
    })

    it('given a touch held for 500 ms, then the menu opens and the lifting finger does not click the card', async () => {
      vi.useFakeTimers()
      const onItemClick = vi.fn()
      renderGrid({ onItemClick, itemMenu: menu(() => {}) })
      const card = option('file-0.pdf')
      fireEvent.pointerDown(card, { pointerType: 'touch', clientX: 40, clientY: 40 })
      act(() => vi.advanceTimersByTime(contextMenuLongPressMs - 1))
      expect(screen.queryByRole('menu')).toBeNull()
      act(() => vi.advanceTimersByTime(1))
      fireEvent.pointerUp(card, { pointerType: 'touch' })
      fireEvent.click(card)
      expect(onItemClick).not.toHaveBeenCalled()
      vi.useRealTimers()
      expect(await screen.findByRole('menu', { name: 'Actions' })).toBeTruthy()
    })

    it('given a touch that moves or lifts early, then no menu opens and a tap clicks', () => {
      vi.useFakeTimers()
      const onItemClick = vi.fn()
      renderGrid({ onItemClick, itemMenu: menu(() => {}) })
      const card = option('file-0.pdf')
      fireEvent.pointerDown(card, { pointerType: 'touch', clientX: 40, clientY: 40 })
      fireEvent.pointerMove(card, { pointerType: 'touch', clientX: 40, clientY: 90 })
      act(() => vi.advanceTimersByTime(1000))
      fireEvent.pointerDown(card, { pointerType: 'touch', clientX: 40, clientY: 40 })
      act(() => vi.advanceTimersByTime(200))
      fireEvent.pointerUp(card, { pointerType: 'touch' })
      fireEvent.click(card)
      act(() => vi.advanceTimersByTime(1000))
      expect(screen.queryByRole('menu')).toBeNull()
      expect(onItemClick).toHaveBeenCalledOnce()
    })
  })

  describe('paging and states', () => {
    it('given the end of the files is in view, then onEndReached asks for the next page, but not while one is loading', () => {
      // A viewport taller than the files (the cards' boxes are stubbed above).
      stubLayout({ height: 2000 })
      const onEndReached = vi.fn()
      const { rerender } = setup(<FileGrid title="Files" items={files(6)} loading onEndReached={onEndReached} />)
      expect(onEndReached).not.toHaveBeenCalled()
      // The page arrived: the new end is in view.
      rerender(<FileGrid title="Files" items={files(8)} onEndReached={onEndReached} />)
      expect(onEndReached).toHaveBeenCalledOnce()
    })

    it('given no layout (hidden, or not laid out yet), then the end is never reported: nobody saw it', () => {
      const onEndReached = vi.fn()
      setup(<FileGrid title="Files" items={files(8)} onEndReached={onEndReached} />)
      expect(screen.getAllByRole('option')).toHaveLength(8)
      expect(onEndReached).not.toHaveBeenCalled()
    })

    it('given loading with files, then a spinner sits under them and the listbox is busy; with none, the spinner alone', () => {
      const { rerender } = renderGrid({ loading: true })
      expect(screen.getByRole('listbox').getAttribute('aria-busy')).toBe('true')
      expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy()
      rerender(<FileGrid title="Files" items={[]} loading loadingLabel="Loading files" />)
      expect(screen.queryByRole('listbox')).toBeNull()
      expect(screen.getByRole('status', { name: 'Loading files' })).toBeTruthy()
    })

    it('given no files, then the empty text shows instead of an empty listbox', async () => {
      renderGrid({ title: 'Files', items: [], emptyText: 'Nothing here' })
      expect(screen.queryByRole('listbox')).toBeNull()
      expect(screen.getByText('Nothing here')).toBeTruthy()
      expect(screen.getByRole('heading', { name: 'Files' })).toBeTruthy()
      await expectNoAxeViolations()
    })

    it('given actions and a hidden title, then the controls sit in the header and the listbox keeps its name', () => {
      renderGrid({ titleHidden: true, headingLevel: 3, actions: <button type="button">Sort</button> })
      expect(screen.getByRole('heading', { level: 3, name: 'Home Files' })).toBeTruthy()
      expect(screen.getByRole('listbox', { name: 'Home Files' })).toBeTruthy()
      expect(screen.getByRole('button', { name: 'Sort' })).toBeTruthy()
    })
  })

  describe('list view', () => {
    it('is a grid with the column headers Name, Size, Created, Actions and one row per file', async () => {
      renderGrid({ view: 'list', selectedIds: ['f2'], itemMenu: menu(() => {}) })
      const grid = screen.getByRole('grid', { name: 'Home Files' })
      expect(
        within(grid)
          .getAllByRole('columnheader')
          .map((h) => h.textContent),
      ).toEqual(['Name', 'Size', 'Created', 'Actions'])
      expect(grid.getAttribute('aria-rowcount')).toBe('11')
      const row = screen.getByRole('row', { name: /^file-2\.pdf/ })
      expect(row.getAttribute('aria-selected')).toBe('true')
      expect(row.getAttribute('aria-rowindex')).toBe('4')
      // The name cell's badge (PDF) is hidden decoration.
      expect(
        within(row)
          .getAllByRole('gridcell')
          .map((c) => c.textContent),
      ).toEqual(['PDFfile-2.pdf', '4.5 KB', '03/07/24, 09:05 PM', ''])
      expect(within(row).getByRole('button', { name: 'Actions for file-2.pdf' }).tabIndex).toBe(-1)
      await expectNoAxeViolations()
    })

    it('given Up and Down, then focus moves by row; Right reaches the Actions button, whose Enter opens the menu; Left returns', async () => {
      const onItemOpen = vi.fn()
      const { user } = renderGrid({ view: 'list', itemMenu: menu(() => {}), onItemOpen })
      await user.tab()
      expect(document.activeElement).toBe(screen.getByRole('row', { name: /^file-0\.pdf/ }))
      await user.keyboard('{ArrowDown}{ArrowDown}')
      const row = screen.getByRole('row', { name: /^file-2\.pdf/ })
      expect(document.activeElement).toBe(row)
      await user.keyboard('{Enter}')
      expect(onItemOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 'f2' }), expect.anything())
      onItemOpen.mockClear()
      await user.keyboard('{ArrowRight}')
      const actions = within(row).getByRole('button', { name: 'Actions for file-2.pdf' })
      expect(document.activeElement).toBe(actions)
      await user.keyboard('{Enter}')
      await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Share' })))
      expect(actions.getAttribute('aria-expanded')).toBe('true')
      expect(onItemOpen).not.toHaveBeenCalled()
      await user.keyboard('{Escape}')
      await waitFor(() => expect(document.activeElement).toBe(actions))
      await user.keyboard('{ArrowLeft}')
      expect(document.activeElement).toBe(row)
      await user.keyboard('{ArrowUp}')
      expect(document.activeElement).toBe(screen.getByRole('row', { name: /^file-1\.pdf/ }))
    })

    it('given a click on a row’s Actions button, then the menu opens and the row is not clicked', async () => {
      const onItemClick = vi.fn()
      const onItemContextMenu = vi.fn()
      const { user } = renderGrid({ view: 'list', itemMenu: menu(() => {}), onItemClick, onItemContextMenu })
      await user.click(screen.getByRole('button', { name: 'Actions for file-4.pdf' }))
      expect(await screen.findByRole('menu', { name: 'Actions' })).toBeTruthy()
      expect(onItemContextMenu).toHaveBeenCalledWith(expect.objectContaining({ id: 'f4' }), expect.anything())
      expect(onItemClick).not.toHaveBeenCalled()
    })

    it('given loading, then a spinner row closes the grid and axe is satisfied', async () => {
      renderGrid({ view: 'list', loading: true })
      expect(screen.getByRole('grid').getAttribute('aria-rowcount')).toBe('12')
      expect(screen.getByRole('status', { name: 'Loading' }).closest('[role="row"]')).not.toBeNull()
      await expectNoAxeViolations()
    })
  })
})
