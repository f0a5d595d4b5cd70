import { useState } from 'react'
import { expect, fn, screen, waitFor, within } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { type BrowserFile, FileList, FileListRow, type MenuEntry } from '../../lib/index.ts'
import { State, StateGrid } from './_support/state-grid.tsx'

const names = ['Quarterly report.pdf', 'holiday.jpg', 'budget.xlsx', 'notes.docx', 'backup.zip', 'README']
const files = (count: number): BrowserFile[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `file-${i}`,
    name: i < names.length ? (names[i] as string) : `document-${i}.pdf`,
    size: 1536 * (i + 1) ** 4,
    uploadDate: new Date(2024, 2, 7 - (i % 7), 9 + (i % 12), 5),
  }))

const onMenu = fn()
const menu = (file: BrowserFile): MenuEntry[] => [
  { id: 'share', label: 'Share', icon: 'share', onSelect: () => onMenu('share', file.id) },
  { id: 'download', label: 'Download', icon: 'download', onSelect: () => onMenu('download', file.id) },
  { separator: true },
  { id: 'trash', label: 'Trash', icon: 'trash', tone: 'danger', onSelect: () => onMenu('trash', file.id) },
]

const meta = preview.meta({
  title: 'Library/FileList',
  tags: ['autodocs'],
  component: FileList,
  args: {
    title: 'Files',
    items: files(40),
    style: { height: 360 },
    itemMenu: menu,
    onItemClick: fn(),
    onItemOpen: fn(),
    onItemToggle: fn(),
  },
  beforeEach: () => {
    onMenu.mockClear()
  },
})

export const Playground = meta.story({})

/** Columns Name, Size, Created, Actions; selection; long names; narrow (Size and Created hidden); 10,000 rows. */
export const States = meta.story({
  render: () => (
    <StateGrid columns={1} fill>
      <State label="selected (2)">
        <FileList
          title="Files"
          items={files(5)}
          selectedIds={['file-1', 'file-3']}
          style={{ height: 280, width: '100%' }}
        />
      </State>
      <State label="long names, custom column texts">
        <FileList
          title="Search"
          items={[
            {
              id: 'x',
              name: 'An extremely long file name that goes on and on and on until it simply has to be cut short.pdf',
              size: 1_234_567_890,
              uploadDate: new Date(2023, 11, 31, 23, 59),
            },
          ]}
          columnLabels={{ created: 'Uploaded' }}
          style={{ height: 110, width: '100%' }}
        />
      </State>
      <State label="10,000 rows (virtualised), loading more">
        <FileList title="Files" items={files(10_000)} loading style={{ height: 200, width: '100%' }} />
      </State>
      <State label="narrow (360 px)">
        <div style={{ width: 360 }}>
          <FileList title="Files" items={files(3)} selectedIds={['file-0']} style={{ height: 200 }} />
        </div>
      </State>
    </StateGrid>
  ),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelectorAll('[role="grid"]').length).toBe(4))
    await waitFor(() => expect(canvasElement.querySelectorAll('[role="row"][data-index]').length).toBeGreaterThan(10))
  },
})

export const StatesDark = States.extend({ globals: { theme: 'dark' } })

/** Right to left (`dir="rtl"` on <html>): sides, arrows and progress mirror; names and dates stay isolated. */
export const StatesRtl = States.extend({ globals: { dir: 'rtl' } })

/** Every "Aktionen" header shows whole: its text fits its box, and its box stays inside the list. */
const actionsHeadersWhole = async (canvasElement: HTMLElement, lists: number) => {
  await waitFor(() => expect(canvasElement.querySelectorAll('[role="grid"]').length).toBe(lists))
  const headers = [...canvasElement.querySelectorAll<HTMLElement>('[role="columnheader"]')].filter(
    (header) => header.textContent === 'Aktionen',
  )
  await expect(headers.length).toBe(lists)
  for (const header of headers) {
    await expect(header.scrollWidth).toBeLessThanOrEqual(header.clientWidth)
    const list = header.closest('[role="grid"]')!.getBoundingClientRect()
    const box = header.getBoundingClientRect()
    await expect(box.left).toBeGreaterThanOrEqual(list.left)
    await expect(box.right).toBeLessThanOrEqual(list.right)
  }
}

/** In German (`LocaleProvider` with `deMessages`): texts, dates and sizes; "Aktionen" is shown whole. */
export const StatesGerman = States.extend({
  globals: { locale: 'de-DE' },
  play: async ({ canvasElement }) => actionsHeadersWhole(canvasElement, 4),
})

/** German with larger small text (a brand's 14 px): "Aktionen" is wider than the Actions column, and still whole. */
export const GermanLargerText = meta.story({
  globals: { locale: 'de-DE' },
  render: (args) => (
    <div style={{ ['--cumulus-font-size-small' as string]: '14px', width: 700 }}>
      <FileList {...args} style={{ height: 200 }} />
    </div>
  ),
  play: async ({ canvasElement }) => actionsHeadersWhole(canvasElement, 1),
})

/** Up/Down between rows; Right to Actions; Enter opens the menu; Escape returns; Left back to the row. */
export const Keyboard = meta.story({
  play: async ({ canvas, userEvent, args }) => {
    const first = await canvas.findByRole('row', { name: /^Quarterly report\.pdf/ })
    await userEvent.tab()
    await expect(first).toHaveFocus()
    await userEvent.keyboard('{ArrowDown}{ArrowDown}')
    const budget = canvas.getByRole('row', { name: /^budget\.xlsx/ })
    await expect(budget).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await expect(args.onItemOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 'file-2' }), expect.anything())
    await userEvent.keyboard('{ArrowRight}')
    const actions = canvas.getByRole('button', { name: 'Actions for budget.xlsx' })
    await expect(actions).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Share' })).toHaveFocus())
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(actions).toHaveFocus())
    await userEvent.keyboard('{ArrowLeft}')
    await expect(budget).toHaveFocus()
    await userEvent.keyboard('{End}')
    await waitFor(() => expect(canvas.getByRole('row', { name: /^document-39\.pdf/ })).toHaveFocus())
  },
})

/** Clicking the Actions button opens the menu without clicking the row. */
export const Pointer = meta.story({
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Actions for notes.docx' }))
    await screen.findByRole('menu', { name: 'Actions' })
    await expect(args.onItemClick).not.toHaveBeenCalled()
    await userEvent.click(screen.getByRole('menuitem', { name: 'Trash' }))
    await expect(onMenu).toHaveBeenCalledWith('trash', 'file-3')
    await userEvent.click(canvas.getByRole('row', { name: /^notes\.docx/ }))
    await expect(args.onItemClick).toHaveBeenCalledOnce()
  },
})

/** A row on its own, inside a grid of your making. */
export const Row = meta.story({
  render: () => (
    <div role="grid" aria-label="Files" style={{ width: 600 }}>
      <div role="rowgroup">
        <FileListRow file={files(1)[0] as BrowserFile} />
        <FileListRow folder={{ id: 'f', name: 'Photos', createdAt: new Date(2024, 0, 1, 8, 0) }} selected />
      </div>
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('gridcell')).toHaveLength(8)
  },
})

/** `columnSort`: Name, Size and Created sort when clicked; the sorted column shows its direction (`aria-sort`). */
export const StatesSortableHeaders = meta.story({
  render: () => {
    const [value, setValue] = useState('size_desc')
    // The story sorts the rows itself, as a product's list query would.
    const key = (f: BrowserFile) =>
      value.startsWith('size')
        ? f.size
        : value.startsWith('alp')
          ? f.name.toLowerCase()
          : new Date(f.uploadDate).getTime()
    const sorted = [...files(4)].sort(
      (a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0) * (value.endsWith('desc') ? -1 : 1),
    )
    return (
      <StateGrid columns={1} fill>
        <State label="sorted by size, largest first (click a header to sort)">
          <FileList
            title="Files"
            items={sorted}
            columnSort={{ value, onValueChange: setValue }}
            style={{ height: 240, width: '100%' }}
          />
        </State>
      </StateGrid>
    )
  },
  play: async ({ canvas, userEvent }) => {
    const size = await canvas.findByRole('columnheader', { name: 'Size' })
    await expect(size).toHaveAttribute('aria-sort', 'descending')
    const name = canvas.getByRole('columnheader', { name: 'Name' })
    await userEvent.click(within(name).getByRole('button'))
    await expect(name).toHaveAttribute('aria-sort', 'ascending')
    await userEvent.click(within(size).getByRole('button'))
    await expect(size).toHaveAttribute('aria-sort', 'descending')
    // The baseline shows the sorted state, not the focus ring of the last click.
    ;(document.activeElement as HTMLElement | null)?.blur()
  },
})

/** The people mark beside the name, icon only: "Shared by Ben" as its tooltip and name, "Shared with others" on mine. */
export const StatesPeople = meta.story({
  render: () => (
    <StateGrid columns={1} fill>
      <State label="wide">
        <FileList
          title="Files"
          items={[
            { ...files(1)[0]!, people: { owner: 'Ben' } },
            {
              id: 'mine',
              name: 'Family budget.xlsx',
              size: 20480,
              uploadDate: new Date(2024, 2, 6),
              people: { shared: true },
            },
            {
              id: 'long',
              name: 'Scans from the old office, sorted by year and month.pdf',
              size: 4096,
              uploadDate: new Date(2024, 2, 5),
              people: { owner: 'Grandma Rose Carter' },
            },
          ]}
          style={{ height: 200, width: '100%' }}
        />
      </State>
      <State label="narrow (320 px)">
        <FileList
          title="Files"
          items={[
            {
              id: 'n',
              name: 'holiday.jpg',
              size: 2048,
              uploadDate: new Date(2024, 2, 7),
              people: { owner: 'Grandma Rose Carter' },
            },
          ]}
          style={{ height: 120, width: 320 }}
        />
      </State>
    </StateGrid>
  ),
})

export const StatesPeopleDark = StatesPeople.extend({ globals: { theme: 'dark' } })
