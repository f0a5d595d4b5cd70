// `/s/{token}` for a folder link (browse, breadcrumbs, viewer, zips, paging) and for a file
// request (uploads, three at a time, refusals shown with the server's reason).
import '../helpers/setup.ts'
import { screen, waitFor, within } from '@testing-library/react'
import { File as NodeFile } from 'node:buffer'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { navigateAway } from '../../../app/api/navigate.ts'
import { renderApp } from '../helpers/render.tsx'
import { createTusServer, type TusServer } from '../../../mocks/tus.ts'
import { publicPageKey } from '../../../app/hooks/use-public-share.ts'
import { http as mock, ok, requests, server } from '../helpers/server.ts'

vi.mock('../../../app/api/navigate.ts', () => ({ navigateAway: vi.fn() }))
// jsdom resolves tus-js-client's Node build; the app ships the browser one (XHR, localStorage).
vi.mock('tus-js-client', () => vi.importActual('tus-js-client/lib.esm/browser/index.js'))

const base = '/share-service/public/tok'
const at = '2024-03-07T21:05:00.000Z'
const file = (id: string, name: string, metadata: Record<string, unknown> = {}) => ({
  _id: id,
  filename: name,
  length: 100,
  uploadDate: at,
  metadata: { owner: 'x', parent: 'root', size: 100, hasThumbnail: false, isVideo: false, ...metadata },
})
const folder = (id: string, name: string, parent = 'root') => ({ _id: id, name, parent, createdAt: at, updatedAt: at })

const lists = (search: string) =>
  requests
    .filter((r) => r.path === `${base}/list`)
    .map((r) => new URLSearchParams(r.search))
    .filter((q) => q.toString().includes(search))

describe('a folder link', () => {
  beforeEach(() => {
    server.use(
      mock.get(`*${base}`, () => ok({ itemType: 'folder', name: 'Holiday', access: 'view', expiresAt: null })),
      mock.get(`*${base}/list`, ({ request }) => {
        const q = new URL(request.url).searchParams
        if (q.get('folder') === 'sub')
          return ok({
            path: [
              { _id: 'root', name: 'Holiday' },
              { _id: 'sub', name: 'Beach' },
            ],
            folders: [],
            files: [file('f3', 'notes.txt', { parent: 'sub' })],
          })
        return ok({
          path: [{ _id: 'root', name: 'Holiday' }],
          folders: [folder('sub', 'Beach')],
          files: [
            file('f1', 'sunset.jpg', { hasThumbnail: true, thumbnailID: 't1' }),
            file('f2', 'clip.mp4', { isVideo: true }),
            file('f4', 'list.txt'),
          ],
        })
      }),
    )
  })

  it('lists the shared root with thumbnails from the link, and no breadcrumbs at the root', async () => {
    renderApp('/s/tok')
    expect(await screen.findByRole('heading', { name: 'Holiday', level: 1 })).toBeTruthy()
    expect(await screen.findByText('sunset.jpg')).toBeTruthy()
    expect(screen.getByText('Beach')).toBeTruthy()
    const thumbnails = [...document.querySelectorAll('img')].map((img) => img.getAttribute('src'))
    expect(thumbnails).toEqual([`${base}/thumbnail/f1`])
    expect(screen.queryByRole('navigation', { name: 'Folder path' })).toBeNull()
    // The first page asks for 50 files, in the shared root.
    expect(lists('limit')[0]!.get('limit')).toBe('50')
    expect(lists('limit')[0]!.get('folder')).toBeNull()
  })

  it('opens a subfolder (in the address), shows the breadcrumbs inside the shared root, and goes back up from them', async () => {
    const { user } = renderApp('/s/tok')
    await user.dblClick(await screen.findByRole('option', { name: /^Beach/ }))
    expect(await screen.findByText('notes.txt')).toBeTruthy()
    expect(window.location.search).toBe('?folder=sub')
    const crumbs = screen.getByRole('navigation', { name: 'Folder path' })
    expect(within(crumbs).getByText('Beach').getAttribute('aria-current')).toBe('page')
    await user.click(within(crumbs).getByRole('button', { name: 'Holiday' }))
    expect(await screen.findByText('sunset.jpg')).toBeTruthy()
    expect(window.location.search).toBe('')
    expect(lists('folder=sub')).toHaveLength(1)
  })

  it('downloads everything, a selection, and one file through the link', async () => {
    const { user } = renderApp('/s/tok')
    await screen.findByText('sunset.jpg')
    await user.click(screen.getByRole('button', { name: 'Download all' }))
    expect(navigateAway).toHaveBeenLastCalledWith(`${base}/zip`)

    // Ctrl-click starts a selection; once there is one, a click adds to it.
    await user.keyboard('{Control>}')
    await user.click(screen.getByRole('option', { name: /^sunset\.jpg/ }))
    await user.keyboard('{/Control}')
    await user.click(screen.getByRole('option', { name: /^Beach/ }))
    await user.click(await screen.findByRole('button', { name: 'Download selected' }))
    const url = vi.mocked(navigateAway).mock.lastCall![0]
    const [path, query] = url.split('?')
    expect(path).toBe(`${base}/zip`)
    const params = new URLSearchParams(query)
    expect(params.getAll('folderIDs[]')).toEqual(['sub'])
    expect(params.getAll('fileIDs[]')).toEqual(['f1'])
  })

  it('opens a photo in the viewer from the link’s preview route, and a file without a preview downloads', async () => {
    const { user } = renderApp('/s/tok')
    await user.dblClick(await screen.findByRole('option', { name: /^sunset\.jpg/ }))
    const viewer = await screen.findByRole('dialog', { name: 'sunset.jpg' })
    await waitFor(() => expect(within(viewer).getByRole('img').getAttribute('src')).toBe(`${base}/preview/f1`))
    await user.click(within(viewer).getByRole('button', { name: 'Next' }))
    expect(await screen.findByRole('dialog', { name: 'clip.mp4' })).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    await user.dblClick(screen.getByRole('option', { name: /^list\.txt/ }))
    expect(navigateAway).toHaveBeenLastCalledWith(`${base}/download/f4`)
  })
})

describe('a folder link with more files than a page', () => {
  it('pages as SPEC §4: the next page starts after the last file (date, name, id); a short page ends it', () => {
    const page = (n: number) => ({
      path: [],
      folders: [],
      files: Array.from({ length: n }, (_, i) => file(`p${i}`, `photo-${i}.jpg`)),
    })
    expect(publicPageKey('tok', null, 50, 0, null)).toEqual([`${base}/list`, { limit: 50 }])
    expect(publicPageKey('tok', 'sub', 50, 1, page(50) as never)).toEqual([
      `${base}/list`,
      { folder: 'sub', limit: 50, startAtDate: at, startAtName: 'photo-49.jpg', startAtId: 'p49' },
    ])
    expect(publicPageKey('tok', 'sub', 50, 2, page(12) as never)).toBeNull()
  })
})

describe('the viewer at the end of a loaded page', () => {
  it('Next asks for the next page and steps to its first picture', async () => {
    // One picture, then 49 files without a preview; the second page starts with a picture.
    const first = [
      file('p0', 'first.jpg', { hasThumbnail: true }),
      ...Array.from({ length: 49 }, (_, i) => file(`t${i}`, `doc-${i}.txt`)),
    ]
    server.use(
      mock.get(`*${base}`, () => ok({ itemType: 'folder', name: 'Big', access: 'view', expiresAt: null })),
      mock.get(`*${base}/list`, ({ request }) => {
        const q = new URL(request.url).searchParams
        return ok({
          path: [{ _id: 'root', name: 'Big' }],
          folders: [],
          files: q.get('startAtId') ? [file('p1', 'second.jpg', { hasThumbnail: true })] : first,
        })
      }),
    )
    const { user } = renderApp('/s/tok')
    await user.click(await screen.findByRole('option', { name: /^first\.jpg/ }))
    const viewer = await screen.findByRole('dialog', { name: 'first.jpg' })
    await user.click(within(viewer).getByRole('button', { name: 'Next' }))
    expect(await screen.findByRole('dialog', { name: 'second.jpg' })).toBeTruthy()
    expect(lists('startAtId')).toHaveLength(1)
  })
})

describe('a file request', () => {
  let tus: TusServer
  beforeEach(() => {
    tus = createTusServer(`${base}/uploads`)
    server.use(
      ...tus.handlers,
      mock.get(`*${base}`, () => ok({ itemType: 'folder', name: 'Send me photos', access: 'upload', expiresAt: null })),
    )
  })

  // Node's File: jsdom's Blob does not survive msw's XMLHttpRequest interceptor.
  const chosen = (n: number) =>
    Array.from(
      { length: n },
      (_, i) => new NodeFile([`file ${i}`], `f${i}.txt`, { type: 'text/plain' }) as unknown as File,
    )

  it('sends each file through tus at …/uploads, three at a time, and shows refusals with their reason', async () => {
    const { user } = renderApp('/s/tok')
    expect(await screen.findByRole('heading', { name: 'Send me photos', level: 1 })).toBeTruthy()
    // Nothing of the folder is read.
    expect(requests.some((r) => r.path === `${base}/list`)).toBe(false)
    tus.hold()
    tus.refuse('f1.txt', 413, "File is larger than this link's limit of 5 bytes per file")
    tus.refuse('f2.txt', 410, 'This link has expired: ask the person who shared it for a new one')
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, chosen(4))

    await waitFor(() => expect(tus.held()).toHaveLength(3))
    expect(tus.upload('f3.txt')).toBeUndefined()
    const region = screen.getByRole('region', { name: 'Your uploads' })
    expect(within(region).getByText('f3.txt')).toBeTruthy()
    // The link decides the folder: no parent is sent.
    expect(tus.upload('f0.txt')).toMatchObject({ parent: '', length: 6 })

    tus.releaseAll()
    expect(await within(region).findByText("File is larger than this link's limit of 5 bytes per file")).toBeTruthy()
    expect(
      await within(region).findByText('This link has expired: ask the person who shared it for a new one'),
    ).toBeTruthy()
    await waitFor(() => expect(tus.upload('f3.txt')?.fileId).toBeTruthy())
    expect(tus.upload('f0.txt')).toMatchObject({ offset: 6, fileId: expect.any(String) })
    // An anonymous refusal is never retried through a token refresh.
    expect(requests.some((r) => r.path === '/user-service/get-token')).toBe(false)
  })

  it('on a phone the drop zone does not say "Drag": it says to add the files; on a desktop it does', async () => {
    const { setViewportWidth } = await import('../helpers/dom.ts')
    setViewportWidth(375)
    try {
      renderApp('/s/tok')
      expect(await screen.findByText('Add the files you want to send')).toBeTruthy()
      expect(screen.queryByText(/drag/i)).toBeNull()
    } finally {
      setViewportWidth(1280)
    }
    expect(await screen.findByText('Drag files here')).toBeTruthy()
  })

  it('cancels one upload from its row: it ends as canceled and sends nothing more', async () => {
    const { user } = renderApp('/s/tok')
    await screen.findByRole('heading', { name: 'Send me photos' })
    tus.hold()
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, chosen(1))
    await waitFor(() => expect(tus.held()).toHaveLength(1))
    await user.click(screen.getByRole('button', { name: 'Cancel upload of f0.txt' }))
    tus.releaseAll()
    const region = screen.getByRole('region', { name: 'Your uploads' })
    expect(await within(region).findByText('1 canceled')).toBeTruthy()
    expect(within(region).queryByRole('button', { name: 'Cancel upload of f0.txt' })).toBeNull()
    expect(tus.log.filter((entry) => entry.method === 'PATCH')).toEqual([])
  })
})
