import { useState } from 'react'
import { expect, fn, screen, waitFor } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import {
  type BrowserFile,
  collectionViews,
  FileGrid,
  type FileGridProps,
  FolderGrid,
  type MenuEntry,
  ParentBar,
  SortControl,
  type SortValue,
  ViewToggle,
} from '../../lib/index.ts'
import { State, StateGrid } from './_support/state-grid.tsx'

// Sample data: fixed local dates (so MM/DD/YY hh:mma reads the same in every time zone) and
// thumbnails drawn as inline SVG, so nothing is fetched.
const thumbnail = (hue: number) =>
  `data:image/svg+xml;utf8,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200"><rect width="320" height="200" fill="hsl(${hue},55%,62%)"/><circle cx="240" cy="60" r="28" fill="hsl(${hue},80%,88%)"/><path d="M0 200L110 90l80 80 50-40 80 70z" fill="hsl(${hue + 30},45%,30%)"/></svg>`,
  )}`
const broken = 'data:image/png;base64,AAAA'
const names = [
  'Quarterly report.pdf',
  'holiday.jpg',
  'budget.xlsx',
  'notes.docx',
  'backup.zip',
  'clip.mp4',
  'README',
  'song.mp3',
  'slides.pptx',
  'photo.png',
]

const sample = (count: number, { thumbs = true, prefix = '' } = {}): BrowserFile[] =>
  Array.from({ length: count }, (_, i) => {
    const name = `${prefix}${names[i % names.length]}`
    const picture = /\.(jpg|png|mp4)$/.test(name)
    return {
      id: `${prefix}file-${i}`,
      name: i >= names.length ? name.replace(/(\.[^.]+)?$/, ` (${i})$1`) : name,
      size: 1536 * (i + 1) ** 3,
      uploadDate: new Date(2024, 2, 7 - (i % 7), 21 - (i % 12), 5 + i),
      thumbnailUrl: thumbs && picture ? thumbnail((i * 47) % 360) : undefined,
      isVideo: name.endsWith('.mp4'),
      linkType: i % 3 === 0 ? 'public' : undefined,
    }
  })

const longNames: BrowserFile[] = [
  {
    id: 'l1',
    name: 'A very long file name that keeps going well past the width of any card in the grid.pdf',
    size: 10,
    uploadDate: new Date(2024, 0, 2, 9, 5),
  },
  {
    id: 'l2',
    name: 'Screenshot 2024-03-07 at 21.05.33 with an even longer description appended.png',
    size: 10,
    uploadDate: new Date(2024, 0, 3, 13, 45),
    thumbnailUrl: thumbnail(200),
  },
  { id: 'l3', name: 'archive.tar.gz', size: 10, uploadDate: new Date(2024, 0, 4, 0, 0) },
  { id: 'l4', name: 'broken-thumbnail.jpg', size: 10, uploadDate: new Date(2024, 0, 5, 12, 0), thumbnailUrl: broken },
]

const many = sample(10_000)

const onItemClick = fn()
const onItemOpen = fn()
const onItemToggle = fn()
const onItemContextMenu = fn()
const onEndReached = fn()
const onMenu = fn()

// A card's name is its text: the file name, then the date.
const named = (name = '') => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} `)

// The spies typed as mocks, to read their calls.
const vi = (f: unknown) => f as ReturnType<typeof fn>

const fileMenu = (file: BrowserFile): MenuEntry[] => [
  { id: 'share', label: 'Share', icon: 'share', onSelect: () => onMenu('share', file.id) },
  { id: 'download', label: 'Download', icon: 'download', onSelect: () => onMenu('download', file.id) },
  { id: 'move', label: 'Move', icon: 'move', onSelect: () => onMenu('move', file.id) },
  { separator: true },
  { id: 'trash', label: 'Trash', icon: 'trash', tone: 'danger', onSelect: () => onMenu('trash', file.id) },
]

const meta = preview.meta({
  title: 'Library/FileGrid',
  tags: ['autodocs'],
  component: FileGrid,
  args: {
    title: 'Home Files',
    items: sample(24),
    style: { height: 480 },
    onItemClick,
    onItemOpen,
    onItemToggle,
    onItemContextMenu,
    onEndReached,
    itemMenu: fileMenu,
  },
  argTypes: { view: { control: 'inline-radio', options: collectionViews } },
  beforeEach: () => {
    for (const spy of [onItemClick, onItemOpen, onItemToggle, onItemContextMenu, onEndReached, onMenu]) spy.mockClear()
  },
})

export const Playground = meta.story({})

// Virtuoso measures, then renders: wait for every grid's cards and every thumbnail before the shot.
const settled = async (canvasElement: HTMLElement, grids: number) => {
  await waitFor(() => expect(canvasElement.querySelectorAll('[role="listbox"], [role="grid"]').length).toBe(grids))
  await waitFor(() => {
    const images = [...canvasElement.querySelectorAll('img')]
    expect(images.every((image) => image.complete)).toBe(true)
  })
  // A broken thumbnail swaps to its badge on error, a render later.
  await waitFor(() => expect(canvasElement.querySelector(`img[src="${broken}"]`)).toBeNull())
}

const box = (height: number, grid: FileGridProps) => <FileGrid {...grid} style={{ height, width: '100%' }} />

/** Grid and list; empty, loading, long names, broken thumbnail, thumbnails off, selection, 10,000 items and a narrow list. */
export const States = meta.story({
  render: () => (
    <StateGrid columns={2} fill>
      <State label="grid · selected (2), thumbnails">
        {box(300, { title: 'Home Files', items: sample(8), selectedIds: ['file-1', 'file-4'] })}
      </State>
      <State label="list · selected (1)">
        {box(300, { title: 'Files', view: 'list', items: sample(6), selectedIds: ['file-2'] })}
      </State>
      <State label="long names, broken thumbnail (badge)">{box(250, { title: 'Files', items: longNames })}</State>
      <State label="thumbnails disabled">
        {box(250, { title: 'Files', items: sample(4), thumbnailsDisabled: true })}
      </State>
      <State label="10,000 items (virtualised), loading the next page">
        {box(250, { title: 'Home Files', items: many, loading: true })}
      </State>
      <State label="narrow list: Size and Created hidden">
        <div style={{ width: 320 }}>{box(250, { title: 'Files', view: 'list', items: longNames })}</div>
      </State>
      <State label="empty">{box(80, { title: 'Files', items: [], emptyText: 'No files here yet.' })}</State>
      <State label="loading the first page">{box(80, { title: 'Files', items: [], loading: true })}</State>
    </StateGrid>
  ),
  play: async ({ canvasElement }) => {
    await settled(canvasElement, 6)
  },
})

export const StatesDark = States.extend({ globals: { theme: 'dark' } })

/** One tab stop; arrows move by column and row; Enter opens; Space toggles; Home/End reach the ends of 10,000. */
export const Keyboard = meta.story({
  args: { items: many },
  play: async ({ canvas, userEvent, args }) => {
    const first = await canvas.findByRole('option', { name: named(many[0]?.name) })
    await userEvent.tab()
    await expect(first).toHaveFocus()
    await userEvent.keyboard('{ArrowRight}')
    const second = canvas.getByRole('option', { name: named(many[1]?.name) })
    await expect(second).toHaveFocus()
    await expect(second).toHaveAttribute('tabindex', '0')
    await expect(first).toHaveAttribute('tabindex', '-1')
    // Down keeps the column and moves one row.
    await userEvent.keyboard('{ArrowDown}')
    const below = document.activeElement as HTMLElement
    await expect(below.getBoundingClientRect().left).toBe(second.getBoundingClientRect().left)
    await expect(below.getBoundingClientRect().top).toBeGreaterThan(second.getBoundingClientRect().top)
    await userEvent.keyboard('{Enter}')
    await expect(args.onItemOpen).toHaveBeenCalledOnce()
    await userEvent.keyboard(' ')
    await expect(args.onItemToggle).toHaveBeenCalledOnce()
    await expect(vi(args.onItemToggle).mock.calls[0]?.[0]).toBe(vi(args.onItemOpen).mock.calls[0]?.[0])
    await userEvent.keyboard('{End}')
    await waitFor(() => expect(canvas.getByRole('option', { name: named(many.at(-1)?.name) })).toHaveFocus())
    await userEvent.keyboard('{Home}')
    await waitFor(() => expect(canvas.getByRole('option', { name: named(many[0]?.name) })).toHaveFocus())
    // Fewer than 300 cards in the DOM out of 10,000.
    await expect(canvas.getAllByRole('option').length).toBeLessThan(300)
    // Tab leaves the grid in one step.
    await userEvent.tab({ shift: true })
    await expect(canvas.queryByRole('option', { name: named(many[0]?.name) })).not.toHaveFocus()
  },
})

/** A click reports the item and its modifier keys; the app (here: nobody) decides what it means. */
export const Pointer = meta.story({
  play: async ({ canvas, userEvent, args }) => {
    const card = await canvas.findByRole('option', { name: named('budget.xlsx') })
    await userEvent.click(card)
    await expect(args.onItemClick).toHaveBeenCalledOnce()
    await expect(vi(args.onItemClick).mock.calls[0]?.[0]).toMatchObject({ name: named('budget.xlsx') })
    await userEvent.keyboard('{Control>}')
    await userEvent.click(canvas.getByRole('option', { name: named('notes.docx') }))
    await userEvent.keyboard('{/Control}')
    await expect(vi(args.onItemClick).mock.calls[1]?.[1]).toMatchObject({ ctrlKey: true })
    await expect(canvas.getByRole('option', { name: named('notes.docx') })).toHaveFocus()
  },
})

/** Right-click opens the item's menu at the pointer; Shift+F10 opens it from the keyboard; focus returns. */
export const ContextMenu = meta.story({
  play: async ({ canvas, userEvent, args }) => {
    const card = await canvas.findByRole('option', { name: named('holiday.jpg') })
    await userEvent.pointer({ keys: '[MouseRight]', target: card })
    await screen.findByRole('menu', { name: 'Actions' })
    await expect(args.onItemContextMenu).toHaveBeenCalledOnce()
    await userEvent.click(screen.getByRole('menuitem', { name: 'Download' }))
    await expect(onMenu).toHaveBeenCalledWith('download', 'file-1')
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull())
    card.focus()
    await userEvent.keyboard('{Shift>}{F10}{/Shift}')
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Share' })).toHaveFocus())
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(card).toHaveFocus())
  },
})

/** List view: Right reaches the row's Actions button, Enter opens the menu on its first item, Escape returns. */
export const ListActions = meta.story({
  args: { view: 'list' },
  play: async ({ canvas, userEvent }) => {
    const row = await canvas.findByRole('row', { name: /budget\.xlsx/ })
    await userEvent.click(row)
    await userEvent.keyboard('{ArrowRight}')
    const actions = canvas.getByRole('button', { name: 'Actions for budget.xlsx' })
    await expect(actions).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Share' })).toHaveFocus())
    await expect(actions).toHaveAttribute('aria-expanded', 'true')
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(actions).toHaveFocus())
    await userEvent.keyboard('{ArrowLeft}')
    await expect(row).toHaveFocus()
  },
})

/** Paging: scrolling to the end asks for the next page once; the app appends it. */
export const Paging = meta.story({
  render: function Render(args) {
    const [items, setItems] = useState(() => sample(40))
    return (
      <FileGrid
        {...args}
        items={items}
        onEndReached={() => {
          args.onEndReached?.()
          setItems((current) => [...current, ...sample(40, { prefix: `p${current.length}-` })])
        }}
      />
    )
  },
  play: async ({ canvas, userEvent, args }) => {
    const first = await canvas.findByRole('option', { name: named(names[0]) })
    first.focus()
    await userEvent.keyboard('{End}')
    await waitFor(() => expect(args.onEndReached).toHaveBeenCalled())
    await waitFor(() => expect(canvas.getAllByRole('option')[0]).toHaveAttribute('aria-setsize', '80'))
  },
})

/** With the sort control and view toggle in the title row, as on the Home page. */
export const WithControls = meta.story({
  render: function Render(args) {
    const [sort, setSort] = useState<SortValue>('date_desc')
    const [view, setView] = useState<'grid' | 'list'>('grid')
    const items = [...(args.items ?? [])].sort((a, b) =>
      sort.startsWith('alp')
        ? a.name.localeCompare(b.name)
        : new Date(a.uploadDate).getTime() - new Date(b.uploadDate).getTime(),
    )
    if (sort.endsWith('desc')) items.reverse()
    return (
      <FileGrid
        {...args}
        items={items}
        view={view}
        actions={
          <>
            <SortControl value={sort} onValueChange={setSort} />
            <ViewToggle value={view} onValueChange={setView} />
          </>
        }
      />
    )
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'List view' }))
    await expect(await canvas.findByRole('grid', { name: 'Home Files' })).toBeVisible()
    await expect(canvas.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Name',
      'Size',
      'Created',
      'Actions',
    ])
  },
})

/**
 * The Home page's sections in one scrolling area: a parent bar, folders and files share
 * the scroller through `scrollParent`, each still virtualised.
 */
export const SharedScroller = meta.story({
  render: function Render(args) {
    const [scroller, setScroller] = useState<HTMLElement | null>(null)
    const folders = Array.from({ length: 12 }, (_, i) => ({
      id: `d${i}`,
      name: `Folder ${i + 1}`,
      createdAt: new Date(2024, 0, 1 + i),
    }))
    return (
      <div
        ref={setScroller}
        style={{ height: 520, overflowY: 'auto', display: 'flex', flexDirection: 'column', gap: 24 }}
      >
        <ParentBar folderName="Holiday photos" onBack={() => {}} onRootClick={() => {}} />
        <FolderGrid title="Folders" items={folders} scrollParent={scroller} />
        {scroller ? <FileGrid {...args} style={undefined} title="Files" items={many} scrollParent={scroller} /> : null}
      </div>
    )
  },
  play: async ({ canvas, canvasElement }) => {
    await canvas.findByRole('option', { name: 'Folder 1' })
    await canvas.findByRole('option', { name: named(many[0]?.name) })
    const scroller = canvasElement.querySelector<HTMLElement>('[style*="overflow-y: auto"]') as HTMLElement
    scroller.scrollTop = 20_000
    await waitFor(() => expect(canvas.queryByRole('option', { name: named(many[0]?.name) })).toBeNull())
    await expect(canvas.getAllByRole('option').length).toBeLessThan(300)
  },
})

/**
 * Placed in page flow with no height: rather than a 0 px scroller showing nothing, the grid grows
 * with the page and the window scrolls it (a development build warns, naming the fix).
 */
export const InPageFlow = meta.story({
  args: { style: undefined, items: sample(2000) },
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.getAllByRole('option').length).toBeGreaterThan(4))
    const grid = canvas.getByRole('listbox')
    // Far taller than its header: it holds the rows of all 2,000 items, a screenful rendered.
    await expect(grid.getBoundingClientRect().height).toBeGreaterThan(2000)
    await expect(canvas.getAllByRole('option').length).toBeLessThan(200)
  },
})
