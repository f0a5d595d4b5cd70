import { useState } from 'react'
import { expect, fn, waitFor, within } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { type BrowserFile, type BrowserFolder, PublicFolderView, type PublicFolderViewProps } from '../../lib/index.ts'
import { State, StateGrid } from './_support/state-grid.tsx'

// Thumbnails drawn as inline SVG, so nothing is fetched; fixed local dates.
const thumbnail = (hue: number) =>
  `data:image/svg+xml;utf8,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200"><rect width="320" height="200" fill="hsl(${hue},55%,62%)"/><circle cx="240" cy="60" r="28" fill="hsl(${hue},80%,88%)"/><path d="M0 200L110 90l80 80 50-40 80 70z" fill="hsl(${hue + 30},45%,30%)"/></svg>`,
  )}`

const day = (n: number) => new Date(2030, 6, n, 10, 15)
const folders: BrowserFolder[] = [
  { id: 'd1', name: 'Day 1 — Lisbon', createdAt: day(1) },
  { id: 'd2', name: 'Day 2 — Sintra', createdAt: day(2) },
  { id: 'd3', name: 'Videos', createdAt: day(3) },
]
const names = [
  'beach.jpg',
  'tram.jpg',
  'castle.png',
  'itinerary.pdf',
  'sunset.mp4',
  'budget.xlsx',
  'pastel.jpg',
  'notes.txt',
]
const files: BrowserFile[] = names.map((name, i) => ({
  id: `f${i}`,
  name,
  size: 1536 * (i + 2) ** 4,
  uploadDate: day(1 + (i % 5)),
  isVideo: name.endsWith('.mp4'),
}))
const many: BrowserFile[] = Array.from({ length: 500 }, (_, i) => ({
  id: `m${i}`,
  name: `IMG_${4100 + i}.jpg`,
  size: 2_400_000,
  uploadDate: day(1 + (i % 28)),
}))

// The app decides thumbnail URLs; here pictures get a drawing, the rest their badge.
const hue = (id: string) => (Number(id.replace(/\D/g, '')) * 47) % 360
const thumbnailUrl = (file: BrowserFile) => (/\.(jpg|png|mp4)$/.test(file.name) ? thumbnail(hue(file.id)) : undefined)

const onNavigate = fn()
const onOpenFile = fn()
const onDownloadAll = fn()
const onDownloadSelected = fn()
const onDownloadFile = fn()
const onEndReached = fn()

const meta = preview.meta({
  title: 'Library/PublicFolderView',
  tags: ['autodocs'],
  component: PublicFolderView,
  args: {
    name: 'Holiday 2030',
    folders,
    files,
    thumbnailUrl,
    onNavigate,
    onOpenFile,
    onDownloadAll,
    onDownloadSelected,
    onDownloadFile,
    onEndReached,
    style: { height: 640 },
  },
  beforeEach: () => {
    for (const spy of [onNavigate, onOpenFile, onDownloadAll, onDownloadSelected, onDownloadFile, onEndReached])
      spy.mockClear()
  },
})

export const Playground = meta.story({})

// Each view is a landmark with breadcrumbs: every one in the grid gets its own names.
const view = (name: string, height: number, props: Partial<PublicFolderViewProps> = {}) => (
  <PublicFolderView
    name={name}
    folders={folders}
    files={files}
    thumbnailUrl={thumbnailUrl}
    onNavigate={onNavigate}
    onOpenFile={onOpenFile}
    onDownloadAll={onDownloadAll}
    onDownloadSelected={onDownloadSelected}
    headingLevel={2}
    labels={{ breadcrumb: `Folder path in ${name}` }}
    style={{ height, width: '100%' }}
    {...props}
  />
)

// Virtuoso measures, then renders: wait for every collection and every thumbnail before the shot.
const settled = async (root: HTMLElement, collections: number) => {
  await waitFor(() => expect(root.querySelectorAll('[role="listbox"], [role="grid"]').length).toBe(collections))
  await waitFor(() => expect([...root.querySelectorAll('img')].every((image) => image.complete)).toBe(true))
}

/** Root with folders, files and thumbnails; a subfolder with a selection; list view; 500 files loading more; loading; empty; error; narrow. */
export const States = meta.story({
  render: () => (
    <StateGrid columns={2} fill>
      <State label="shared root: folders, files, thumbnails">{view('Holiday 2030', 560)}</State>
      <State label="subfolder, two selected">
        {view('Trip photos', 560, {
          path: [{ id: 'd1', name: 'Day 1 — Lisbon' }],
          folders: [],
          selection: ['f0', 'f3'],
        })}
      </State>
      <State label="list view">{view('Documents', 420, { view: 'list', files: files.slice(3) })}</State>
      <State label="500 files, loading the next page">
        {view('Camera roll', 420, { folders: [], files: many, loading: true })}
      </State>
      <State label="loading the first page">{view('Scans', 200, { folders: [], files: [], loading: true })}</State>
      <State label="empty folder">{view('Empty share', 320, { folders: [], files: [] })}</State>
      <State label="error, with Try again">
        {view('Archive', 360, { folders: [], files: [], error: 'Check your connection and try again.', onRetry: fn() })}
      </State>
      <State label="phone (360 px)">
        <div style={{ width: 360 }}>{view('Phone share', 560, { path: [{ id: 'd2', name: 'Day 2 — Sintra' }] })}</div>
      </State>
    </StateGrid>
  ),
  play: async ({ canvasElement }) => {
    await settled(canvasElement, 8)
  },
})

export const StatesDark = States.extend({ globals: { theme: 'dark' } })

/** Keyboard: Tab to the first folder, Enter opens it; Space selects a file; Escape clears. */
export const Keyboard = meta.story({
  render: function Render(args) {
    const [selection, setSelection] = useState<readonly string[]>([])
    return <PublicFolderView {...args} selection={selection} onSelectionChange={setSelection} />
  },
  play: async ({ canvas, canvasElement, userEvent }) => {
    await settled(canvasElement, 2)
    const folder = await canvas.findByRole('option', { name: /^Day 1 — Lisbon/ })
    folder.focus()
    await userEvent.keyboard('{Enter}')
    await expect(onNavigate).toHaveBeenCalledWith('d1')
    const file = await canvas.findByRole('option', { name: /^beach\.jpg/ })
    file.focus()
    await userEvent.keyboard(' ')
    await expect(file).toHaveAttribute('aria-selected', 'true')
    const bar = canvas.getByRole('toolbar', { name: 'Selection' })
    await expect(within(bar).getByRole('status')).toHaveTextContent('1 selected')
    await userEvent.click(within(bar).getByRole('button', { name: 'Download selected' }))
    await expect(onDownloadSelected).toHaveBeenCalledWith({ folderIds: [], fileIds: ['f0'] })
    file.focus()
    await userEvent.keyboard('{Escape}')
    await expect(canvas.queryByRole('toolbar')).toBeNull()
  },
})

/** Pointer: a crumb goes back to the root, a file opens the viewer, Download all. */
export const Pointer = meta.story({
  args: { path: [{ id: 'd1', name: 'Day 1 — Lisbon' }] },
  play: async ({ canvas, canvasElement, userEvent }) => {
    await settled(canvasElement, 2)
    await userEvent.click(canvas.getByRole('button', { name: 'Holiday 2030' }))
    await expect(onNavigate).toHaveBeenCalledWith(null)
    await userEvent.click(await canvas.findByRole('option', { name: /^itinerary\.pdf/ }))
    await expect(onOpenFile).toHaveBeenCalledWith(files[3])
    await userEvent.click(canvas.getByRole('button', { name: 'Download all' }))
    await expect(onDownloadAll).toHaveBeenCalledOnce()
  },
})
