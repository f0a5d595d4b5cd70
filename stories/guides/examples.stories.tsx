import { type ComponentProps, type HTMLAttributes, useState } from 'react'
import { expect, fn, screen, waitFor } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import {
  type BrowserFile,
  Button,
  createTheme,
  DetailsPanel,
  type DetailsRow,
  deMessages,
  FileGrid,
  FileList,
  LocaleProvider,
  type MenuEntry,
  MoveDialog,
  type MoveFolder,
  Sidebar,
  type SidebarDestination,
  type UploadItem,
  UploadPanel,
  useFileSelection,
} from '../../lib/index.ts'
import { overlayDocs } from '../lib/_support/visual.ts'
import { TokenReference } from './token-reference.tsx'

// The live examples of the MDX guides (stories/guides/*.mdx show them with their source). Hidden
// from the sidebar ('!dev'), still run by the test runner (play functions and the axe check), and
// typechecked with the rest: the code a guide shows is code that compiles against the kit.

const meta = preview.meta({
  title: 'Guides/Examples',
  tags: ['!dev', '!autodocs'],
})

// Sample data: fixed dates, no thumbnails (nothing to fetch).
const fileNames = ['Quarterly report.pdf', 'holiday.jpg', 'budget.xlsx', 'notes.docx', 'backup.zip', 'clip.mp4']
const files = (count: number, from = 0): BrowserFile[] =>
  Array.from({ length: count }, (_, i) => {
    const n = from + i
    const base = fileNames[n % fileNames.length] ?? 'file'
    return {
      id: `file-${n}`,
      name: n < fileNames.length ? base : base.replace(/(\.[^.]+)$/, ` (${n})$1`),
      size: 4096 * (n + 1) ** 2,
      uploadDate: new Date(2024, 2, 7, 9, n % 60),
    }
  })

const card = (name: string) =>
  screen.getByRole('option', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} `) })

// Getting started ---------------------------------------------------------------------------------

// #region getting-started
/** The README's first example: a grid with a per-item menu, a selection and an upload panel. */
interface FilesProps {
  files: BrowserFile[]
  uploads: UploadItem[]
  onOpen: (file: BrowserFile) => void
  onDelete: (file: BrowserFile) => void
  onCancelUpload: (id: string) => void
}

function Files({ files: items, uploads, onOpen, onDelete, onCancelUpload }: FilesProps) {
  const [selected, setSelected] = useState<string[]>([])
  const [panelOpen, setPanelOpen] = useState(true)
  const menu = (file: BrowserFile): MenuEntry[] => [
    { id: 'open', label: 'Open', icon: 'file', onSelect: () => onOpen(file) },
    { id: 'delete', label: 'Delete', icon: 'trash', tone: 'danger', onSelect: () => onDelete(file) },
  ]
  return (
    <>
      <FileGrid
        title="My files"
        items={items}
        selectedIds={selected}
        itemMenu={menu}
        style={{ height: 360 }}
        onItemClick={(file) => setSelected([file.id])}
        onItemDoubleOpen={onOpen}
        onItemOpen={onOpen}
      />
      {panelOpen && uploads.length > 0 && (
        <UploadPanel items={uploads} position="static" onCancel={onCancelUpload} onClose={() => setPanelOpen(false)} />
      )}
    </>
  )
}
// #endregion getting-started

export const GettingStarted = meta.story({
  args: { onOpen: fn(), onDelete: fn(), onCancelUpload: fn() },
  render: (args) => (
    <Files
      files={files(12)}
      uploads={[{ id: 'u1', name: 'holiday.jpg', type: 'file', size: 2_400_000, progress: 40, state: 'running' }]}
      onOpen={args.onOpen}
      onDelete={args.onDelete}
      onCancelUpload={args.onCancelUpload}
    />
  ),
  play: async ({ userEvent, args }) => {
    await userEvent.click(await waitFor(() => card('budget.xlsx')))
    await expect(card('budget.xlsx')).toHaveAttribute('aria-selected', 'true')
    await userEvent.keyboard('{Enter}')
    await expect(args.onOpen).toHaveBeenCalledWith(expect.objectContaining({ name: 'budget.xlsx' }), expect.anything())
    // A double-click opens too (onItemDoubleOpen), as the README's example promises.
    await userEvent.dblClick(card('notes.docx'))
    await expect(args.onOpen).toHaveBeenLastCalledWith(
      expect.objectContaining({ name: 'notes.docx' }),
      expect.anything(),
    )
  },
})

// Theming -----------------------------------------------------------------------------------------

// #region create-theme
const brand = createTheme({ accent: '#0b7a53', darkAccent: '#3fd09a' })

/** `brand.light` is a style object: the brand on one subtree, beside the kit's own accent. */
function BrandedButtons() {
  return (
    <div style={{ display: 'flex', gap: 24 }}>
      <Button variant="primary">Kit accent</Button>
      <div style={brand.light}>
        <Button variant="primary">Brand accent</Button>
      </div>
    </div>
  )
}
// #endregion create-theme

export const BrandTheme = meta.story({
  render: () => <BrandedButtons />,
  play: async ({ canvas }) => {
    const branded = canvas.getByRole('button', { name: 'Brand accent' })
    await expect(getComputedStyle(branded).backgroundColor).toBe('rgb(11, 122, 83)')
  },
})

// #region parts
// Unlayered CSS beats everything in `@layer cumulus`, whatever its specificity.
const partsCss = `.parts-recipe [data-part='file-list-name'] { font-style: italic; }`

/** One rule against a `data-part` restyles every name in the list. */
function ItalicNames({ items }: { items: BrowserFile[] }) {
  return (
    <div className="parts-recipe">
      <style>{partsCss}</style>
      <FileList title="Styled names" items={items} style={{ height: 200 }} />
    </div>
  )
}
// #endregion parts

export const PartRecipe = meta.story({
  render: () => <ItalicNames items={files(3)} />,
  play: async ({ canvasElement }) => {
    const name = await waitFor(() => {
      const found = canvasElement.querySelector('[data-part="file-list-name"]')
      if (!found) throw new Error('no file-list-name part yet')
      return found
    })
    await expect(getComputedStyle(name).fontStyle).toBe('italic')
  },
})

// Locale and right to left ------------------------------------------------------------------------

const uploads: UploadItem[] = [
  { id: 'a', name: 'Urlaub.jpg', type: 'file', size: 3_200_000, progress: 64, state: 'running' },
  { id: 'b', name: 'Rechnung.pdf', type: 'file', size: 81_000, progress: 100, state: 'completed' },
]

// #region german
/** German texts, dates and sizes for everything inside the provider (dialogs and menus too). */
function GermanUploads({ items }: { items: UploadItem[] }) {
  return (
    <LocaleProvider locale="de-DE" messages={deMessages} timeZone="Europe/Berlin">
      <div lang="de">
        <UploadPanel items={items} position="static" onCancel={() => undefined} onClose={() => undefined} />
      </div>
    </LocaleProvider>
  )
}
// #endregion german

export const German = meta.story({
  render: () => <GermanUploads items={uploads} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Uploads schließen' })).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Upload von Urlaub.jpg abbrechen' })).toBeVisible()
  },
})

const hebrew: BrowserFile[] = [
  { id: 'h1', name: 'דוח רבעוני.pdf', size: 120_000, uploadDate: new Date(2024, 2, 7, 9, 5) },
  { id: 'h2', name: 'holiday.jpg', size: 2_400_000, uploadDate: new Date(2024, 2, 6, 18, 30) },
]

// #region rtl
/** Right to left on a subtree: `dir="rtl"` on any ancestor (the kit reads the attribute). */
function RtlFiles({ items }: { items: BrowserFile[] }) {
  return (
    <div dir="rtl">
      <FileList title="Files" items={items} style={{ height: 200 }} />
    </div>
  )
}
// #endregion rtl

export const RightToLeft = meta.story({
  render: () => <RtlFiles items={hebrew} />,
  play: async ({ canvasElement }) => {
    const row = await waitFor(() => {
      const found = canvasElement.querySelector<HTMLElement>('[data-part="file-list-row"]')
      if (!found) throw new Error('no row yet')
      return found
    })
    await expect(getComputedStyle(row).direction).toBe('rtl')
  },
})

// Selection ---------------------------------------------------------------------------------------

// #region selection
/** `useFileSelection`: click, Ctrl/Cmd+click, Shift+click, Shift+Arrow, Ctrl/Cmd+A, Escape. */
function SelectableFiles() {
  const items = files(18)
  const selection = useFileSelection({ items, getId: (file) => file.id })
  return (
    <div>
      <p role="status">{selection.selectedIds.length} selected</p>
      <Button onClick={selection.selectAll}>Select all</Button> <Button onClick={selection.clear}>Clear</Button>
      <FileGrid title="Files" items={items} style={{ height: 360 }} {...selection.collectionProps} />
    </div>
  )
}
// #endregion selection

export const Selection = meta.story({
  render: () => <SelectableFiles />,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await waitFor(() => card('Quarterly report.pdf')))
    await userEvent.keyboard('{Shift>}')
    await userEvent.click(card('budget.xlsx'))
    await userEvent.keyboard('{/Shift}')
    await expect(canvas.getByRole('status')).toHaveTextContent('3 selected')
    await userEvent.keyboard('{Escape}')
    await expect(canvas.getByRole('status')).toHaveTextContent('0 selected')
  },
})

// Paging ------------------------------------------------------------------------------------------

// #region paging
const PAGE = 30
const TOTAL = 90

/** A stand-in for your API: one page of files after a short wait. */
const fetchPage = (offset: number) =>
  new Promise<BrowserFile[]>((resolve) => setTimeout(() => resolve(files(Math.min(PAGE, TOTAL - offset), offset)), 150))

/** Pages from a server: `onEndReached` asks for the next one, `loading` shows a spinner and pauses paging. */
function PagedFiles() {
  const [items, setItems] = useState<BrowserFile[]>(() => files(PAGE))
  const [loading, setLoading] = useState(false)
  const done = items.length >= TOTAL
  const loadMore = async () => {
    if (done) return
    setLoading(true)
    const page = await fetchPage(items.length)
    setItems((current) => [...current, ...page])
    setLoading(false)
  }
  return (
    <FileGrid
      title="All files"
      items={items}
      loading={loading}
      onEndReached={done ? undefined : loadMore}
      style={{ height: 360 }}
    />
  )
}
// #endregion paging

export const Paging = meta.story({
  render: () => <PagedFiles />,
  play: async ({ userEvent }) => {
    const first = await waitFor(() => card('Quarterly report.pdf'))
    first.focus()
    await userEvent.keyboard('{End}')
    await waitFor(() => expect(screen.getAllByRole('option')[0]).toHaveAttribute('aria-setsize', String(2 * PAGE)))
  },
})

// Uploads -----------------------------------------------------------------------------------------

// #region uploads
/** The panel is controlled: your uploader owns the items, the panel reports what the user asked. */
function UploadQueue() {
  const [items, setItems] = useState<UploadItem[]>([
    {
      id: 'r',
      name: 'holiday.mp4',
      type: 'file',
      size: 48_000_000,
      progress: 42,
      state: 'running',
      bytesPerSecond: 1_200_000,
      secondsLeft: 190,
    },
    { id: 'f', name: 'scan.pdf', type: 'file', size: 900_000, progress: 10, state: 'failed', error: 'Network Error' },
  ])
  const set = (id: string, patch: Partial<UploadItem>) =>
    setItems((current) => current.map((item) => (item.id === id ? { ...item, ...patch } : item)))
  return (
    <UploadPanel
      items={items}
      position="static"
      onPause={(id) => set(id, { state: 'paused' })}
      onResume={(id) => set(id, { state: 'running' })}
      onRetry={(id) => set(id, { state: 'running', error: undefined })}
      onCancel={(id) => set(id, { state: 'canceled' })}
      onClose={() => setItems([])}
    />
  )
}
// #endregion uploads

export const Uploads = meta.story({
  render: () => <UploadQueue />,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Pause upload of holiday.mp4' }))
    await expect(canvas.getByText('Paused')).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Resume upload of holiday.mp4' }))
    await userEvent.click(canvas.getByRole('button', { name: 'Retry upload of scan.pdf' }))
    await expect(canvas.queryByText('Network Error')).toBeNull()
  },
})

// Move dialog over a tree -------------------------------------------------------------------------

// #region move-tree
// Your folder tree, as a server would answer "the folders in X" (null: the root).
const tree: Record<string, MoveFolder[]> = {
  root: [
    { id: 'photos', name: 'Photos' },
    { id: 'work', name: 'Work' },
  ],
  photos: [
    { id: '2023', name: '2023' },
    { id: '2024', name: '2024' },
  ],
}
const listFolders = (parent: MoveFolder | null) =>
  new Promise<MoveFolder[]>((resolve) => setTimeout(() => resolve(tree[parent?.id ?? 'root'] ?? []), 100))

/** The dialog shows one folder at a time; the app keeps the path and loads each folder's children. */
function MoveOverTree() {
  const [open, setOpen] = useState(false)
  const [path, setPath] = useState<MoveFolder[]>([])
  const [folders, setFolders] = useState<MoveFolder[]>([])
  const [loading, setLoading] = useState(false)
  const [moved, setMoved] = useState('')
  const show = async (next: MoveFolder[]) => {
    setPath(next)
    setLoading(true)
    setFolders(await listFolders(next.at(-1) ?? null))
    setLoading(false)
  }
  return (
    <>
      <Button
        onClick={() => {
          setOpen(true)
          void show([])
        }}
      >
        Move
      </Button>
      <p role="status">{moved}</p>
      <MoveDialog
        open={open}
        folders={folders}
        currentFolder={path.at(-1) ?? null}
        loading={loading}
        onSearch={(text) =>
          setFolders(
            Object.values(tree)
              .flat()
              .filter((folder) => folder.name.toLowerCase().includes(text.toLowerCase())),
          )
        }
        onEnter={(folder) => void show([...path, folder])}
        onBack={() => void show(path.slice(0, -1))}
        onHome={() => void show([])}
        onConfirm={(destination) => {
          setMoved(`Moved to ${destination?.name ?? 'Home'}`)
          setOpen(false)
        }}
        onClose={() => setOpen(false)}
      />
    </>
  )
}
// #endregion move-tree

export const MoveTree = meta.story({
  // The dialog is modal: in the guide it opens inside the example's own frame.
  parameters: overlayDocs,
  render: () => <MoveOverTree />,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Move' }))
    const photos = await screen.findByRole('option', { name: 'Photos' })
    photos.focus()
    await userEvent.keyboard('{ArrowRight}')
    await userEvent.click(await screen.findByRole('option', { name: '2024' }))
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }))
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent('Moved to 2024'))
  },
})

// Composition ---------------------------------------------------------------------------------------

// #region composition
/** Your router's link: it takes `to`; the kit hands it its class, `aria-current` and content. */
function AppLink({ to, ...props }: ComponentProps<'a'> & { to: string }) {
  return <a {...props} href={`#${to}`} />
}

// Destinations as data, each drawn by your router's link through Ariakit's `render` prop.
type Place = 'photos' | 'albums'
const places: SidebarDestination<Place>[] = [
  { id: 'photos', label: 'Photos', icon: 'grid', href: '#/photos', render: <AppLink to="/photos" /> },
  { id: 'albums', label: 'Albums', icon: 'folder', href: '#/albums', render: <AppLink to="/albums" /> },
]

const photo = {
  id: 'p1',
  name: 'beach.jpg',
  size: 2_097_152,
  uploadDate: new Date(2024, 6, 14),
  width: 4032,
  height: 3024,
}

// Your own fact after Size, and Access left out: the rows are data too.
const withAlbum = (rows: DetailsRow[]): DetailsRow[] =>
  rows
    .filter((row) => row.id !== 'access')
    .flatMap((row) => (row.id === 'size' ? [row, { id: 'album', term: 'Album', value: 'Summer 2024' }] : [row]))

// Each upload row keeps the kit's content and adds yours (here a note of where it goes).
const uploadRow = (item: UploadItem) => (props: HTMLAttributes<HTMLElement>) => (
  <li {...props}>
    {props.children}
    <small>To: Summer 2024 ({item.name})</small>
  </li>
)

function ComposedBrowser() {
  const [place, setPlace] = useState<Place>('photos')
  return (
    <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <Sidebar layout="column" showAddNew={false} destinations={places} active={place} onNavigate={setPlace} />
      <DetailsPanel selection={{ type: 'file', file: photo }} rows={withAlbum} />
      <UploadPanel
        position="static"
        items={[{ id: 'u1', name: 'sunset.jpg', type: 'file', progress: 60, state: 'running' }]}
        rowRender={uploadRow}
        onCancel={() => {}}
        onClose={() => {}}
      />
    </div>
  )
}
// #endregion composition

export const Composition = meta.story({
  render: () => <ComposedBrowser />,
  play: async ({ canvas, userEvent }) => {
    const albums = canvas.getByRole('link', { name: 'Albums' })
    await expect(albums).toHaveAttribute('href', '#/albums')
    await userEvent.click(albums)
    await waitFor(() => expect(albums).toHaveAttribute('aria-current', 'page'))
    await expect(canvas.getByText('Summer 2024', { selector: 'dd bdi' })).toBeVisible()
    await expect(canvas.queryByText('Access')).toBeNull()
    await expect(canvas.getByText('To: Summer 2024 (sunset.jpg)')).toBeVisible()
  },
})

// Server rendering --------------------------------------------------------------------------------

/** The grid as the server sends it, hydrated: the first 24 of 2,000 cards come with the HTML. */
export const ServerRendered = meta.story({
  render: () => <FileGrid title="Files" items={files(2000)} initialItemCount={24} style={{ height: 400 }} />,
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.getAllByRole('option').length).toBeGreaterThan(0))
    await expect(canvas.getAllByRole('option').length).toBeLessThan(300)
  },
})

// Token reference -----------------------------------------------------------------------------------

/** Every CSS variable with its light and dark value, made from the theme objects. */
export const TokenTable = meta.story({
  render: () => <TokenReference />,
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('tr[data-token="--cumulus-color-text-on-media"]')).not.toBeNull()
  },
})
