import '../../helpers/setup.ts'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { StrictMode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { useLocation, useSearch } from 'wouter'
import type { FileJson } from '../../../../app/api/files.ts'
import { Toasts } from '../../../../app/features/toasts/toasts.tsx'
import { FileViewer, type FileViewerProps } from '../../../../app/features/viewer/file-viewer.tsx'
import { useScrollMemory } from '../../../../app/hooks/use-scroll-memory.ts'
import { popupModal, resetPopupSelect, setPopupSelect } from '../../../../app/state/selection.ts'
import { isDisabled, path, toasts } from '../../helpers/render.tsx'
import { apiError, http as mock, ok, requests, sent, server } from '../../helpers/server.ts'

const TOKEN = '/file-service/download/access-token-stream-video'
const REMOVE = '/file-service/remove-stream-video-token'

const fileJson = (id: string, filename: string, kind: 'image' | 'video' | 'other'): FileJson => ({
  _id: id,
  filename,
  length: 1000,
  uploadDate: '2024-03-07T21:05:00.000Z',
  metadata: {
    parent: '/',
    size: 1000,
    hasThumbnail: kind !== 'other',
    isVideo: kind === 'video',
    thumbnailID: kind === 'other' ? '' : `t-${id}`,
    preview: kind === 'other' ? null : kind,
  },
})

const beach = fileJson('a', 'beach.jpg', 'image')
const notes = fileJson('b', 'notes.txt', 'other')
const clip = fileJson('c', 'clip.mp4', 'video')
const sunset = fileJson('d', 'sunset.png', 'image')
const report = fileJson('e', 'report.pdf', 'other')
const trip = fileJson('f', 'trip.mp4', 'video')

// The page under the viewer, as the app frames it: the router's location and the per-URL scroll memory.
function Page(props: FileViewerProps) {
  const [location] = useLocation()
  const search = useSearch()
  useScrollMemory(search ? `${location}?${search}` : location)
  return (
    <>
      <p data-testid="route">{location}</p>
      <FileViewer {...props} />
      <Toasts />
    </>
  )
}

const page = (props: Partial<FileViewerProps>) => (
  <StrictMode>
    <Page files={[]} hasMore={false} loadMore={() => {}} {...props} />
  </StrictMode>
)

function setup(props: Partial<FileViewerProps> = {}) {
  window.history.replaceState(null, '', '/folder/f1')
  const user = userEvent.setup()
  const view = render(page(props))
  return { user, ...view, rerender: (next: Partial<FileViewerProps>) => view.rerender(page(next)) }
}

async function open(file: FileJson, type: 'file' | 'quick-item' = 'file') {
  act(() => setPopupSelect({ type, file }))
  return screen.findByRole('dialog', { name: file.filename })
}

const tokenOk = () =>
  server.use(
    mock.get(`*${TOKEN}`, () => ok({ message: 'ok' })),
    mock.delete(`*${REMOVE}`, () => ok({ message: 'ok' })),
  )

const video = () => document.querySelector('video')
const heading = () => within(screen.getByRole('dialog')).getByRole('heading').textContent
const button = (name: 'Previous' | 'Next' | 'Close') => screen.getByRole('button', { name })
const isOurEntry = () => (window.history.state as Record<string, unknown> | null)?.cumulusViewer === true

describe('file viewer: images (SPEC §2)', () => {
  it('shows the name, the file menu and the image from the full-size thumbnail address', async () => {
    const { user } = setup({
      files: [beach],
      menuItems: (file) => [{ id: 'download', label: `Download ${file.filename}` }],
    })
    expect(screen.queryByRole('dialog')).toBeNull()
    await open(beach)
    expect(screen.getByRole('heading', { name: 'beach.jpg' })).toBeTruthy()
    expect(screen.getByRole('img', { name: 'beach.jpg' }).getAttribute('src')).toBe('/file-service/full-thumbnail/a')
    await user.click(screen.getByRole('button', { name: 'File actions' }))
    expect(await screen.findByRole('menuitem', { name: 'Download beach.jpg' })).toBeTruthy()
  })

  it("says who added a photo: a member who put it in, else the owner of someone else's; nothing on my own", async () => {
    const added: FileJson = { ...beach, addedBy: { _id: 'ben', displayName: 'Ben <b>' } }
    const theirs: FileJson = { ...sunset, owner: { _id: 'anna', displayName: 'Anna' }, role: 'viewer' }
    const own = fileJson('z', 'own.jpg', 'image')
    const { user } = setup({ files: [added, theirs, own] })
    const dialog = await open(added)
    // The lib's AddedBy (the name bidi-isolated, as text: never HTML).
    expect(dialog.textContent).toMatch(/Added by\W*Ben <b>/)
    await user.click(button('Next'))
    await waitFor(() => expect(screen.getByRole('dialog').textContent).toMatch(/Added by\W*Anna/))
    await user.click(button('Next'))
    await waitFor(() => expect(heading()).toBe('own.jpg'))
    expect(screen.getByRole('dialog').textContent).not.toMatch(/Added by/)
  })

  it('given the image fails to load, then "Error loading image" shows', async () => {
    setup({ files: [beach] })
    await open(beach)
    fireEvent.error(screen.getByRole('img', { name: 'beach.jpg' }))
    expect(await screen.findByText('Error loading image')).toBeTruthy()
    expect(screen.queryByRole('img', { name: 'beach.jpg' })).toBeNull()
  })

  it('given a new photo whose thumbnail is still being made, then it opens in the viewer, not as a plain file', async () => {
    const fresh: FileJson = {
      ...fileJson('g', 'fresh.jpg', 'other'),
      metadata: { ...notes.metadata, thumbnailPending: true },
    }
    setup({ files: [fresh] })
    await open(fresh)
    expect(screen.getByRole('img', { name: 'fresh.jpg' }).getAttribute('src')).toBe('/file-service/full-thumbnail/g')
  })

  it('given a file without thumbnail or video flag, then the viewer stays closed (the details modal is for it)', async () => {
    setup({ files: [notes] })
    act(() => setPopupSelect({ type: 'file', file: notes }))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(isOurEntry()).toBe(false)
  })
})

describe('file viewer: videos (SPEC §4 "Video", §8)', () => {
  it('requests the stream token first, then streams; a spinner shows until then', async () => {
    let answer!: () => void
    server.use(
      mock.get(`*${TOKEN}`, async () => {
        await new Promise<void>((resolve) => (answer = resolve))
        return ok({ message: 'ok' })
      }),
    )
    setup({ files: [clip] })
    const dialog = await open(clip)
    await waitFor(() => expect(sent(TOKEN, 'GET')).toHaveLength(1))
    expect(within(dialog).getByRole('status', { name: 'Loading' })).toBeTruthy()
    expect(video()).toBeNull()
    answer()
    await waitFor(() => expect(video()?.getAttribute('src')).toBe('/file-service/stream-video/c'))
    // Strict mode runs effects twice: still one request.
    expect(sent(TOKEN, 'GET')).toHaveLength(1)
  })

  it('given the token request fails, then the toast "Error getting video" and no stream', async () => {
    server.use(mock.get(`*${TOKEN}`, () => apiError(500)))
    setup({ files: [clip] })
    await open(clip)
    expect(await toasts().findByText('Error getting video')).toBeTruthy()
    expect(video()).toBeNull()
  })

  it('given a video was shown, when the viewer closes (close control, Escape), then the token is removed', async () => {
    tokenOk()
    const { user } = setup({ files: [clip] })
    await open(clip)
    await waitFor(() => expect(video()).not.toBeNull())
    expect(sent(REMOVE)).toHaveLength(0)
    await user.click(button('Close'))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(sent(REMOVE, 'DELETE')).toHaveLength(1))

    await open(clip)
    await waitFor(() => expect(video()).not.toBeNull())
    await user.keyboard('{Escape}')
    await waitFor(() => expect(sent(REMOVE, 'DELETE')).toHaveLength(2))
    // Removed after the token it undoes, and each viewing asked anew.
    expect(sent(TOKEN, 'GET')).toHaveLength(2)
  })

  it('given the viewer closes while the token is still on its way, then the removal waits for it (it would be undone)', async () => {
    let answer!: () => void
    server.use(
      mock.get(`*${TOKEN}`, async () => {
        await new Promise<void>((resolve) => (answer = resolve))
        return ok({ message: 'ok' })
      }),
      mock.delete(`*${REMOVE}`, () => ok({ message: 'ok' })),
    )
    const { user } = setup({ files: [clip] })
    await open(clip)
    await waitFor(() => expect(sent(TOKEN, 'GET')).toHaveLength(1))
    await user.click(button('Close'))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(sent(REMOVE)).toHaveLength(0)
    answer()
    await waitFor(() => expect(sent(REMOVE, 'DELETE')).toHaveLength(1))
    expect(requests.map((r) => r.path).filter((p) => p === TOKEN || p === REMOVE)).toEqual([TOKEN, REMOVE])
  })

  it('given the user stepped from a video to an image, when closing, then the token is still removed; an image-only viewing removes none', async () => {
    tokenOk()
    const { user } = setup({ files: [clip, sunset] })
    await open(sunset)
    await user.click(button('Close'))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await open(clip)
    await waitFor(() => expect(video()).not.toBeNull())
    await user.click(button('Next'))
    expect(await screen.findByRole('img', { name: 'sunset.png' })).toBeTruthy()
    expect(sent(REMOVE)).toHaveLength(0)
    await user.click(button('Close'))
    await waitFor(() => expect(sent(REMOVE, 'DELETE')).toHaveLength(1))
  })

  it('given a slow token for a video the user stepped away from, then it does not set the later file', async () => {
    let answer!: () => void
    server.use(
      mock.get(`*${TOKEN}`, async () => {
        await new Promise<void>((resolve) => (answer = resolve))
        return ok({ message: 'ok' })
      }),
    )
    const { user } = setup({ files: [clip, sunset, trip] })
    await open(clip)
    await waitFor(() => expect(sent(TOKEN, 'GET')).toHaveLength(1))
    await user.click(button('Next'))
    expect(heading()).toBe('sunset.png')
    await act(async () => answer())
    // Let the late answer land before looking.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
    expect(video()).toBeNull()
    expect(screen.getByRole('img', { name: 'sunset.png' }).getAttribute('src')).toBe('/file-service/full-thumbnail/d')
    // The late answer also must not stand for the next video: checked before any promise settles.
    act(() => void fireEvent.click(button('Next')))
    expect(heading()).toBe('trip.mp4')
    expect(video()).toBeNull()
    await waitFor(() => expect(video()?.getAttribute('src')).toBe('/file-service/stream-video/f'))
  })
})

describe('file viewer: previous and next (SPEC §2)', () => {
  it('move among previewable files only, keep the popup type, and disable at the ends', async () => {
    tokenOk()
    const { user } = setup({ files: [notes, beach, report, clip, sunset, notes] })
    await open(beach, 'quick-item')
    expect(isDisabled(button('Previous'))).toBe(true)
    expect(isDisabled(button('Next'))).toBe(false)
    await user.click(button('Next'))
    expect(heading()).toBe('clip.mp4')
    expect(popupModal.value).toEqual({ type: 'quick-item', file: clip })
    await user.click(button('Next'))
    expect(heading()).toBe('sunset.png')
    expect(isDisabled(button('Next'))).toBe(true)
    await user.click(button('Next'))
    expect(heading()).toBe('sunset.png')
    await user.click(button('Previous'))
    await user.click(button('Previous'))
    expect(heading()).toBe('beach.jpg')
    expect(isDisabled(button('Previous'))).toBe(true)
  })

  it('given the last loaded file and another page, when Next, then the page loads and the viewer moves on to its first previewable file', async () => {
    tokenOk()
    const loadMore = vi.fn()
    const { user, rerender } = setup({ files: [beach, notes], hasMore: true, loadMore })
    await open(beach)
    expect(isDisabled(button('Next'))).toBe(false)
    await user.click(button('Next'))
    expect(loadMore).toHaveBeenCalledTimes(1)
    expect(heading()).toBe('beach.jpg')
    rerender({ files: [beach, notes, report, sunset, clip], hasMore: false, loadMore })
    await waitFor(() => expect(heading()).toBe('sunset.png'))
    expect(loadMore).toHaveBeenCalledTimes(1)
    await user.click(button('Next'))
    expect(heading()).toBe('clip.mp4')
    expect(isDisabled(button('Next'))).toBe(true)
  })

  it('given a new page with nothing previewable, then the next one is asked for; with no more pages Next ends disabled', async () => {
    const loadMore = vi.fn()
    const { user, rerender } = setup({ files: [beach], hasMore: true, loadMore })
    await open(beach)
    await user.click(button('Next'))
    rerender({ files: [beach, notes], hasMore: true, loadMore })
    await waitFor(() => expect(loadMore).toHaveBeenCalledTimes(2))
    rerender({ files: [beach, notes, report], hasMore: false, loadMore })
    await waitFor(() => expect(isDisabled(button('Next'))).toBe(true))
    expect(heading()).toBe('beach.jpg')
    expect(loadMore).toHaveBeenCalledTimes(2)
  })

  it('given the files change, then the open file shows the list copy (e.g. renamed)', async () => {
    const { rerender } = setup({ files: [beach, sunset] })
    await open(beach)
    rerender({ files: [{ ...beach, filename: 'shore.jpg' }, sunset] })
    expect(await screen.findByRole('heading', { name: 'shore.jpg' })).toBeTruthy()
  })
})

describe('file viewer: browser history (SPEC §2 "the browser back button dismisses it")', () => {
  it('given the viewer is open, when Back, then it closes and the route and scroll position stay', async () => {
    const { user } = setup({ files: [beach, sunset] })
    window.scrollTo(0, 600)
    const before = window.history.length
    await open(beach)
    expect(window.history.length).toBe(before + 1)
    expect(isOurEntry()).toBe(true)
    // Stepping does not add entries.
    await user.click(button('Next'))
    await user.click(button('Previous'))
    expect(window.history.length).toBe(before + 1)

    act(() => window.history.back())
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(popupModal.value).toBeNull()
    expect(path()).toBe('/folder/f1')
    expect(screen.getByTestId('route').textContent).toBe('/folder/f1')
    expect(window.scrollY).toBe(600)
    expect(isOurEntry()).toBe(false)
  })

  it('given the viewer closes through the UI, then its history entry is popped and the earlier state is back', async () => {
    const back = vi.spyOn(window.history, 'back')
    const { user } = setup({ files: [beach] })
    window.history.replaceState({ page: 'earlier' }, '', '/folder/f1?sort=name')
    await open(beach)
    expect(window.history.state).toEqual({ page: 'earlier', cumulusViewer: true })
    expect(window.location.search).toBe('?sort=name')
    await user.click(button('Close'))
    await waitFor(() => expect(window.history.state).toEqual({ page: 'earlier' }))
    expect(back).toHaveBeenCalledTimes(1)
    expect(path()).toBe('/folder/f1')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    // A second viewing takes a fresh entry and gives it back again.
    await open(beach)
    expect(isOurEntry()).toBe(true)
    await user.keyboard('{Escape}')
    await waitFor(() => expect(window.history.state).toEqual({ page: 'earlier' }))
    expect(back).toHaveBeenCalledTimes(2)
  })

  it('given the viewer reopens before its own Back lands, then it keeps an entry and stays open', async () => {
    setup({ files: [beach] })
    await open(beach)
    // Closed and reopened in one task: the popstate of the close's back arrives after the reopen.
    act(() => resetPopupSelect())
    act(() => setPopupSelect({ type: 'file', file: beach }))
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(screen.getByRole('dialog', { name: 'beach.jpg' })).toBeTruthy()
    expect(isOurEntry()).toBe(true)
  })
})

describe('file viewer: the photo info pane', () => {
  const INFO = '/file-service/media-info/a'
  it('given Info, then it reads the media info once per photo and shows it; a cached photo is not read again', async () => {
    server.use(
      mock.get('*/file-service/media-info/:id', ({ params }) =>
        params.id === 'a'
          ? ok({ width: 4032, height: 3024, photo: { camera: 'Pixel 8', exposureTime: 0.004, fNumber: 1.8 } })
          : apiError(404, 'NOT_FOUND', 'Not found'),
      ),
    )
    const shot: FileJson = { ...sunset, metadata: { ...sunset.metadata, width: 800, height: 600 } }
    const { user } = setup({ files: [beach, shot] })
    await open(beach)
    // Closed, the pane reads nothing.
    expect(sent(INFO)).toHaveLength(0)
    await user.click(screen.getByRole('button', { name: 'Info' }))
    const pane = await screen.findByRole('region', { name: 'Info' })
    await waitFor(() => expect(pane.textContent).toContain('4032 × 3024'))
    expect(pane.textContent).toContain('Pixel 8')
    expect(pane.textContent).toContain('1/250 s · f/1.8')
    expect(sent(INFO, 'GET')).toHaveLength(1)
    // The next photo's read fails: the pane shows what the file's record knows.
    await user.click(button('Next'))
    await screen.findByRole('dialog', { name: 'sunset.png' })
    await waitFor(() => expect(screen.getByRole('region', { name: 'Info' }).textContent).toContain('800 × 600'))
    await user.click(button('Previous'))
    await waitFor(() => expect(screen.getByRole('region', { name: 'Info' }).textContent).toContain('4032 × 3024'))
    expect(sent(INFO, 'GET')).toHaveLength(1)
  })
})
