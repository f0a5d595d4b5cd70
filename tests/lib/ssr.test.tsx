// @vitest-environment node
// The grids and the gallery rendered on a server (no window, no document, nothing measured):
// given `initialItemCount` (and the gallery an `initialWidth`), the HTML already holds their first
// items; without it, an empty list that fills on the client. The client side, hydration, is in
// ssr-hydration.test.tsx.
import type { ReactElement } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import {
  type BrowserFile,
  FileGrid,
  FileList,
  FolderGrid,
  MediaGrid,
  PhotoGallery,
  Sidebar,
  UploadPanel,
} from '../../lib/index.ts'
import FilesPage from '../../stories/guides/next-app-page.tsx'
import { serverFiles, serverFolders } from './helpers/ssr-items.ts'

const count = (html: string, pattern: RegExp) => html.match(pattern)?.length ?? 0
const options = (html: string) => count(html, /role="option"/g)
const rows = (html: string) => count(html, /role="row"/g)

const render = (element: ReactElement) => {
  expect(typeof window).toBe('undefined')
  return renderToString(element)
}

describe('server rendering', () => {
  it('renders the first 24 of 2,000 files in FileGrid given initialItemCount, none without it', () => {
    const files = serverFiles(2000)
    const html = render(<FileGrid title="Files" items={files} initialItemCount={24} />)
    expect(options(html)).toBe(24)
    expect(html).toContain('report-0.pdf')
    expect(html).toContain('report-23.pdf')
    expect(html).not.toContain('report-24.pdf')
    expect(options(render(<FileGrid title="Files" items={files} />))).toBe(0)
  })

  it('renders the first rows of FileList (its header row besides), and FolderGrid and MediaGrid cards', () => {
    const files = serverFiles(2000)
    // One header row plus 20 item rows.
    expect(rows(render(<FileList title="Files" items={files} initialItemCount={20} />))).toBe(21)
    expect(options(render(<FolderGrid title="Folders" items={serverFolders(500)} initialItemCount={12} />))).toBe(12)
    expect(options(render(<MediaGrid title="Media" items={files} initialItemCount={30} />))).toBe(30)
  })

  it('never renders more than there are', () => {
    expect(options(render(<FileGrid title="Files" items={serverFiles(5)} initialItemCount={24} />))).toBe(5)
  })

  it('renders PhotoGallery tiles given initialWidth and initialItemCount, in whole rows, under month headings', () => {
    const photos: BrowserFile[] = serverFiles(300).map((file, i) => ({ ...file, aspectRatio: i % 3 ? 1.5 : 0.75 }))
    const html = render(<PhotoGallery title="Photos" items={photos} initialWidth={1000} initialItemCount={20} />)
    const tiles = options(html)
    // Rows are whole: the row holding the 20th tile ends at or after it.
    expect(tiles).toBeGreaterThanOrEqual(20)
    expect(tiles).toBeLessThan(40)
    expect(html).toMatch(/March 2024/)
    // Width alone still waits for the client (nothing says how many rows a server should send).
    expect(options(render(<PhotoGallery title="Photos" items={photos} initialWidth={1000} />))).toBe(0)
  })

  it('renders the Next.js App Router page of the docs (a server component) with its first 24 of 2,000 files', async () => {
    const html = render(await FilesPage())
    expect(options(html)).toBe(24)
    expect(html).toContain('report-23.pdf')
    expect(html).toContain('aria-setsize="2000"')
  })

  it('renders the chrome without a window: Sidebar (as a column) and UploadPanel', () => {
    const html = render(
      <>
        <Sidebar active="home" />
        <UploadPanel
          items={[{ id: 'u', name: 'a.jpg', type: 'file', progress: 5, state: 'running' }]}
          onCancel={() => {}}
          onClose={() => {}}
        />
      </>,
    )
    expect(html).toContain('aria-current="page"')
    expect(html).toContain('a.jpg')
  })
})
