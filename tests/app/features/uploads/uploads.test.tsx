import '../../helpers/setup.ts'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { SWRConfig } from 'swr'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { keys } from '../../../../app/api/keys.ts'
import { PROGRESS_INTERVAL_MS } from '../../../../app/api/uploads.ts'
import { toaster } from '../../../../app/features/toasts/toasts.tsx'
import { MAX_PARALLEL_UPLOADS, startUploads } from '../../../../app/features/uploads/start-uploads.ts'
import { UploadPanelHost } from '../../../../app/features/uploads/upload-panel-host.tsx'
import { useFileDrop } from '../../../../app/features/uploads/use-file-drop.tsx'
import { useApi } from '../../../../app/hooks/swr-config.ts'
import {
  addUpload,
  cancelAllUploads,
  cancelUpload,
  heldCancelHandles,
  updateUpload,
  uploads,
  uploadsMinimized,
} from '../../../../app/state/uploads.ts'
import { setLoggedIn } from '../../../../app/state/user.ts'
import { useFakeClock, useRealClock } from '../../helpers/clock.ts'
import { renderApp } from '../../helpers/render.tsx'
import { http as mock, ok, sent, server } from '../../helpers/server.ts'
import { FakeXhr } from '../../helpers/fake-xhr.ts'

/** The request that carries `name` (a file upload's filename field). */
const xhrFor = (name: string) => {
  const xhr = FakeXhr.all.find((x) => x.form.get('filename') === name)
  if (!xhr) throw new Error(`no upload request for ${name}`)
  return xhr
}

// Store changes re-render the panel: run them inside act, and let the upload promises settle.
const settle = (fn: () => void = () => {}) =>
  act(async () => {
    fn()
    await new Promise((resolve) => setTimeout(resolve, 0))
  })

const file = (name: string, content = 'x') => new File([content], name, { type: 'text/plain' })
const withPath = (name: string, path: string) => {
  const f = file(name)
  Object.defineProperty(f, 'webkitRelativePath', { value: path })
  return f
}

const panel = () => within(screen.getByRole('region', { name: 'Uploads' }))
const heading = () => panel().getByRole('heading').textContent
const rowNames = () => panel().queryAllByRole('progressbar').map((bar) => bar.getAttribute('aria-label'))
const bar = (name: string) => panel().getByRole('progressbar', { name })
const row = (name: string) => bar(name).closest('li')!

let refetched: string[] = []
const onUploaded = (kind: 'file' | 'folder') => void refetched.push(kind)

/** The panel plus a drop zone into `parent`; with `lists`, readers of the quick list and the folder list. */
function Harness({ parent = 'folder-1', lists = false }: { parent?: string; lists?: boolean }) {
  const drop = useFileDrop(parent)
  return (
    <>
      <aside aria-label="Sidebar">Sidebar</aside>
      <main aria-label="Browser" {...drop.dropProps}>
        {lists ? <ListReaders /> : null}
        {drop.overlay}
      </main>
      <UploadPanelHost />
    </>
  )
}

function ListReaders() {
  useApi(keys.quickList())
  useApi(keys.folders({ parent: '/' }))
  return null
}

const renderHarness = (props: Parameters<typeof Harness>[0] = {}) =>
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <Harness {...props} />
    </SWRConfig>,
  )

beforeEach(() => {
  FakeXhr.all = []
  refetched = []
  vi.stubGlobal('XMLHttpRequest', FakeXhr)
})
afterEach(() => {
  useRealClock()
})

describe('upload store (SPEC §3 "Upload item")', () => {
  it('lists uploads newest first and merges updates by id', () => {
    const first = addUpload({ name: 'a.txt', type: 'file', size: 1 })
    const second = addUpload({ name: 'b.txt', type: 'file', size: 2 })
    expect(uploads.value.map((u) => u.name)).toEqual(['b.txt', 'a.txt'])
    expect(uploads.value[1]).toEqual({ id: first, name: 'a.txt', type: 'file', size: 1, progress: 0, state: 'running' })
    updateUpload(first, { progress: 40 })
    expect(uploads.value.map((u) => [u.id, u.progress])).toEqual([
      [second, 0],
      [first, 40],
    ])
    expect(uploads.value[1]).toMatchObject({ name: 'a.txt', size: 1, state: 'running' })
  })

  it('keeps a cancel handle per running upload and lets go of it when the upload ends', () => {
    const stopA = vi.fn()
    const stopB = vi.fn()
    const a = addUpload({ name: 'a', type: 'file' }, stopA)
    const b = addUpload({ name: 'b', type: 'file' }, stopB)
    expect(heldCancelHandles()).toBe(2)
    updateUpload(a, { state: 'completed', progress: 100 })
    expect(heldCancelHandles()).toBe(1)
    // Cancelling a finished upload does nothing: its handle is gone and it stays completed.
    cancelUpload(a)
    expect(stopA).not.toHaveBeenCalled()
    expect(uploads.value.find((u) => u.id === a)).toMatchObject({ state: 'completed' })
    cancelUpload(b)
    expect(stopB).toHaveBeenCalledTimes(1)
    expect(uploads.value.find((u) => u.id === b)?.state).toBe('canceled')
    expect(heldCancelHandles()).toBe(0)
  })

  it('cancelAllUploads stops what runs and empties the list', () => {
    const stop = vi.fn()
    addUpload({ name: 'a', type: 'file' }, stop)
    cancelAllUploads()
    expect(stop).toHaveBeenCalledTimes(1)
    expect(uploads.value).toEqual([])
    expect(heldCancelHandles()).toBe(0)
  })
})

describe('upload panel (SPEC §2 "Upload panel", §4 "Upload item")', () => {
  it('is hidden with no uploads, then lists new uploads first with "Uploading N file(s)"', async () => {
    renderHarness()
    expect(screen.queryByRole('region', { name: 'Uploads' })).toBeNull()
    await settle(() => void startUploads([file('a.txt'), file('b.txt')], 'folder-1', onUploaded))
    expect(rowNames()).toEqual(['b.txt', 'a.txt'])
    expect(heading()).toBe('Uploading 2 file(s)')
    expect(bar('a.txt').getAttribute('aria-valuenow')).toBe('0')
    expect(xhrFor('a.txt').url).toBe('/file-service/upload')
    expect(xhrFor('a.txt').form.get('parent')).toBe('folder-1')
    // Each running row has its own cancel control.
    expect(panel().getByRole('button', { name: 'Cancel a.txt' })).toBeTruthy()
    expect(panel().getByRole('button', { name: 'Cancel b.txt' })).toBeTruthy()
  })

  it('moves the bar at most every 200 ms and shows 100 only once the server has answered', async () => {
    useFakeClock()
    renderHarness()
    const done = startUploads([file('a.txt')], '/', onUploaded)
    const xhr = FakeXhr.all[0]!
    await act(async () => xhr.progress(10))
    expect(bar('a.txt').getAttribute('aria-valuenow')).toBe('10')
    await act(async () => {
      xhr.progress(20)
      xhr.progress(35)
    })
    expect(bar('a.txt').getAttribute('aria-valuenow')).toBe('10')
    await act(() => vi.advanceTimersByTimeAsync(PROGRESS_INTERVAL_MS))
    expect(bar('a.txt').getAttribute('aria-valuenow')).toBe('35')
    // Every byte sent, no answer yet: still not 100.
    await act(async () => xhr.progress(100))
    await act(() => vi.advanceTimersByTimeAsync(PROGRESS_INTERVAL_MS * 2))
    expect(bar('a.txt').getAttribute('aria-valuenow')).toBe('35')
    expect(row('a.txt').dataset.state).toBe('running')
    await act(async () => {
      xhr.respond(201, { _id: 'f1' })
      await done
    })
    expect(bar('a.txt').getAttribute('aria-valuenow')).toBe('100')
    expect(PROGRESS_INTERVAL_MS).toBe(200)
  })

  it('a completed upload gets the green check and success bar; the header turns to "Uploaded N file(s)"', async () => {
    renderHarness()
    await settle(() => void startUploads([file('a.txt'), file('b.txt')], '/', onUploaded))
    await settle(() => xhrFor('a.txt').respond(201))
    expect(row('a.txt').dataset.state).toBe('completed')
    expect(within(row('a.txt')).getByRole('img', { name: 'Completed' })).toBeTruthy()
    expect(within(row('a.txt')).queryByRole('button')).toBeNull()
    expect(heading()).toBe('Uploading 2 file(s)')
    await settle(() => xhrFor('b.txt').respond(201))
    expect(heading()).toBe('Uploaded 2 file(s)')
    expect(heldCancelHandles()).toBe(0)
  })

  it("a failed upload is marked failed (red icon) with the server's reason, logged, not counted as uploaded, and raises no toast", async () => {
    renderHarness()
    await settle(() => void startUploads([file('a.txt'), file('b.txt'), file('c.txt')], '/', onUploaded))
    await settle(() => xhrFor('a.txt').respond(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Folder not found' }))
    await settle(() => xhrFor('b.txt').onerror!())
    await settle(() => xhrFor('c.txt').respond(500, { statusCode: 500 }))
    expect(row('a.txt').dataset.state).toBe('failed')
    expect(within(row('a.txt')).getByRole('img', { name: 'Failed' })).toBeTruthy()
    expect(row('a.txt').textContent).toContain('Folder not found')
    expect(row('b.txt').textContent).toContain('Network Error')
    expect(row('c.txt').textContent).toContain('Request failed with status code 500')
    expect(heading()).toBe('Uploaded 0 file(s)')
    expect(panel().getByText('3 failed')).toBeTruthy()
    expect(console.warn).toHaveBeenCalledWith('Upload failed', 'a.txt', expect.objectContaining({ status: 404 }))
    expect(toaster.getSnapshot()).toEqual([])
    expect(refetched).toEqual([])
  })

  it('with 120 files, every completed row shows a full bar, and the header counts successes and names the rest', async () => {
    renderHarness()
    const names = Array.from({ length: 120 }, (_, i) => `f${i}.txt`)
    await settle(() => void startUploads(names.map((name) => file(name)), '/', onUploaded))
    // Each request reports some progress, then ends: 117 stored, 2 refused, 1 canceled by the user.
    // One act for the whole run (three at a time, each next one starts once one ends).
    await act(async () => {
      for (let i = 0; i < names.length; i++) {
        const xhr = FakeXhr.all[i]!
        xhr.progress(30 + (i % 36))
        if (i === 5 || i === 6) xhr.respond(413, { statusCode: 413, message: 'File too large' })
        else if (i === 7) cancelUpload(uploads.peek().find((u) => u.name === names[i])!.id)
        else xhr.respond(201, { _id: `id-${i}` })
        await new Promise((resolve) => setTimeout(resolve, 0))
      }
    })
    const completed = names.filter((_, i) => i < 5 || i > 7)
    // (Plain selectors: 120 role queries would take seconds in jsdom.)
    const bars = document.querySelectorAll('[role="progressbar"]')
    const value = new Map([...bars].map((b) => [b.getAttribute('aria-label'), b.getAttribute('aria-valuenow')]))
    expect(completed.filter((name) => value.get(name) !== '100')).toEqual([])
    expect(heading()).toBe('Uploaded 117 file(s)')
    expect(panel().getByText('2 failed, 1 canceled')).toBeTruthy()
    expect(row('f5.txt').textContent).toContain('File too large')
    expect(row('f7.txt').textContent).toContain('Canceled')
  })

  it('cancelling one row aborts only that request', async () => {
    const user = userEvent.setup()
    renderHarness()
    await settle(() => void startUploads([file('a.txt'), file('b.txt')], '/', onUploaded))
    await user.click(panel().getByRole('button', { name: 'Cancel b.txt' }))
    await settle()
    expect(xhrFor('b.txt').aborted).toBe(true)
    expect(xhrFor('a.txt').aborted).toBe(false)
    expect(row('b.txt').dataset.state).toBe('canceled')
    expect(row('a.txt').dataset.state).toBe('running')
    // A cancel is the user's choice, not a failure: nothing logged.
    expect(console.warn).not.toHaveBeenCalled()
    await settle(() => xhrFor('a.txt').respond(201))
    expect(row('a.txt').dataset.state).toBe('completed')
    // Only the stored file counts; the canceled one is named apart.
    expect(heading()).toBe('Uploaded 1 file(s)')
    expect(panel().getByText('1 canceled')).toBeTruthy()
    expect(row('b.txt').textContent).toContain('Canceled')
  })

  it('close cancels every running upload, clears the list and hides the panel', async () => {
    const user = userEvent.setup()
    renderHarness()
    await settle(() => void startUploads([file('a.txt'), file('b.txt'), file('c.txt')], '/', onUploaded))
    await settle(() => xhrFor('a.txt').respond(201))
    await user.click(panel().getByRole('button', { name: 'Close uploads' }))
    await settle()
    expect(screen.queryByRole('region', { name: 'Uploads' })).toBeNull()
    expect(uploads.value).toEqual([])
    expect(['a.txt', 'b.txt', 'c.txt'].map((name) => xhrFor(name).aborted)).toEqual([false, true, true])
  })

  it('minimize hides the rows and is kept when the panel comes back with new uploads', async () => {
    const user = userEvent.setup()
    renderHarness()
    await settle(() => void startUploads([file('a.txt')], '/', onUploaded))
    await user.click(panel().getByRole('button', { name: 'Minimize' }))
    expect(panel().queryByRole('progressbar')).toBeNull()
    expect(heading()).toBe('Uploading 1 file(s)')
    await user.click(panel().getByRole('button', { name: 'Close uploads' }))
    await settle(() => void startUploads([file('b.txt')], '/', onUploaded))
    expect(uploadsMinimized.value).toBe(true)
    await user.click(panel().getByRole('button', { name: 'Expand' }))
    expect(rowNames()).toEqual(['b.txt'])
  })
})

describe('starting uploads (SPEC §4 "Uploads")', () => {
  it('files that all carry a relative path go as one folder upload, named after the top folder, with an indeterminate bar', async () => {
    renderHarness()
    await settle(() => void startUploads([withPath('a.txt', 'Pics/a.txt'), withPath('b.txt', 'Pics/sub/b.txt')], 'folder-1', onUploaded))
    expect(FakeXhr.all).toHaveLength(1)
    const xhr = FakeXhr.all[0]!
    expect(xhr.url).toBe('/folder-service/upload')
    expect(xhr.form.get('parent')).toBe('folder-1')
    expect(xhr.form.getAll('file-data').map((d) => JSON.parse(d as string).path)).toEqual(['Pics/a.txt', 'Pics/sub/b.txt'])
    expect(uploads.value).toEqual([expect.objectContaining({ name: 'Pics', type: 'folder', size: 2 })])
    expect(rowNames()).toEqual(['Pics'])
    expect(bar('Pics').hasAttribute('aria-valuenow')).toBe(false)
    await settle(() => xhr.respond(201, { _id: 'new-folder' }))
    expect(row('Pics').dataset.state).toBe('completed')
    expect(refetched).toEqual(['folder'])
  })

  it('when any file lacks a relative path, every file is a plain upload', async () => {
    renderHarness()
    await settle(() => void startUploads([withPath('a.txt', 'Pics/a.txt'), file('b.txt')], '/', onUploaded))
    expect(FakeXhr.all.map((x) => x.url)).toEqual(['/file-service/upload', '/file-service/upload'])
    expect(uploads.value.map((u) => [u.name, u.type])).toEqual([
      ['b.txt', 'file'],
      ['a.txt', 'file'],
    ])
  })

  it('calls back after each success only: "file" per file', async () => {
    renderHarness()
    await settle(() => void startUploads([file('a.txt'), file('b.txt')], '/', onUploaded))
    await settle(() => xhrFor('a.txt').respond(201))
    expect(refetched).toEqual(['file'])
    await settle(() => xhrFor('b.txt').onerror?.())
    expect(refetched).toEqual(['file'])
  })

  it(`sends ${MAX_PARALLEL_UPLOADS} at a time; the others wait listed, and one cancelled while waiting is never sent`, async () => {
    const user = userEvent.setup()
    renderHarness()
    const names = ['1.txt', '2.txt', '3.txt', '4.txt', '5.txt']
    await settle(() => void startUploads(names.map((n) => file(n)), '/', onUploaded))
    expect(rowNames()).toEqual(['5.txt', '4.txt', '3.txt', '2.txt', '1.txt'])
    expect(FakeXhr.all.map((x) => x.form.get('filename'))).toEqual(['1.txt', '2.txt', '3.txt'])
    await user.click(panel().getByRole('button', { name: 'Cancel 4.txt' }))
    await settle(() => xhrFor('1.txt').respond(201))
    expect(FakeXhr.all.map((x) => x.form.get('filename'))).toEqual(['1.txt', '2.txt', '3.txt', '5.txt'])
    expect(row('4.txt').dataset.state).toBe('canceled')
  })
})

// Drag events as the browser sends them: jsdom has no DataTransfer, so a plain object stands in.
type Entry = { isFile: boolean; isDirectory: boolean; name: string }
const fileEntry = (f: File): Entry & { file: (ok: (f: File) => void) => void } => ({
  isFile: true,
  isDirectory: false,
  name: f.name,
  file: (resolve) => queueMicrotask(() => resolve(f)),
})
// Hands its children out one per readEntries call, as Chromium does in batches.
const dirEntry = (name: string, children: Entry[]) => ({
  isFile: false,
  isDirectory: true,
  name,
  createReader() {
    let next = 0
    return { readEntries: (resolve: (batch: Entry[]) => void) => queueMicrotask(() => resolve(children.slice(next, ++next))) }
  },
})
const fileItem = (f: File) => ({ kind: 'file', getAsFile: () => f, webkitGetAsEntry: () => fileEntry(f) })
const dirItem = (entry: ReturnType<typeof dirEntry>) => ({ kind: 'file', getAsFile: () => null, webkitGetAsEntry: () => entry })
const filesDrag = (extra: object = {}) => ({ dataTransfer: { types: ['Files'], files: [], items: [], dropEffect: 'none', ...extra } })

describe('drag and drop onto the browser', () => {
  it('shows the overlay while files hover, through nested children, and hides it when they leave', () => {
    renderHarness()
    const zone = screen.getByRole('main', { name: 'Browser' })
    fireEvent.dragEnter(zone, filesDrag())
    expect(screen.getByText('Drop files to upload')).toBeTruthy()
    // Entering a child fires enter on it before leave on the parent: still over the zone.
    const child = screen.getByText('Drop files to upload')
    fireEvent.dragEnter(child, filesDrag())
    fireEvent.dragLeave(zone, filesDrag())
    expect(screen.queryByText('Drop files to upload')).toBeTruthy()
    fireEvent.dragLeave(child, filesDrag())
    expect(screen.queryByText('Drop files to upload')).toBeNull()
  })

  it('accepts the drag (dragover cancelled, copy effect) only when files are dragged', () => {
    renderHarness()
    const zone = screen.getByRole('main', { name: 'Browser' })
    const withFiles = filesDrag()
    expect(fireEvent.dragOver(zone, withFiles)).toBe(false)
    expect(withFiles.dataTransfer.dropEffect).toBe('copy')
    expect(fireEvent.dragOver(zone, { dataTransfer: { types: ['text/plain', 'text/uri-list'] } })).toBe(true)
  })

  it('dropping files uploads them into the folder on screen', async () => {
    renderHarness({ parent: 'folder-9' })
    const zone = screen.getByRole('main', { name: 'Browser' })
    const a = file('a.txt')
    const b = file('b.txt')
    fireEvent.dragEnter(zone, filesDrag())
    await settle(() => fireEvent.drop(zone, filesDrag({ files: [a, b], items: [fileItem(a), fileItem(b)] })))
    expect(screen.queryByText('Drop files to upload')).toBeNull()
    expect(rowNames()).toEqual(['b.txt', 'a.txt'])
    expect(xhrFor('a.txt').form.get('parent')).toBe('folder-9')
    const sentFile = xhrFor('b.txt').form.get('file') as File
    expect([sentFile.name, await sentFile.text()]).toEqual(['b.txt', await b.text()])
  })

  it('a dropped folder is walked and sent as one folder upload with paths; loose files beside it are plain uploads', async () => {
    renderHarness()
    const zone = screen.getByRole('main', { name: 'Browser' })
    const a = file('a.txt')
    const b = file('b.txt', 'bb')
    const loose = file('loose.txt')
    const pics = dirEntry('Pics', [fileEntry(a), dirEntry('sub', [fileEntry(b)]), dirEntry('empty', [])])
    await settle(() => fireEvent.drop(zone, filesDrag({ files: [loose], items: [dirItem(pics), fileItem(loose)] })))
    await settle()
    expect(uploads.value.map((u) => [u.name, u.type, u.size])).toEqual([
      ['loose.txt', 'file', 1],
      ['Pics', 'folder', 3],
    ])
    const folderXhr = FakeXhr.all.find((x) => x.url === '/folder-service/upload')!
    expect(folderXhr.form.getAll('file-data').map((d) => JSON.parse(d as string).path)).toEqual(['Pics/a.txt', 'Pics/sub/b.txt'])
    expect(await Promise.all((folderXhr.form.getAll('file') as File[]).map((f) => f.text()))).toEqual(['x', 'bb'])
    expect(xhrFor('loose.txt').url).toBe('/file-service/upload')
  })

  it('without the entry API the dropped files are uploaded as plain files', async () => {
    renderHarness()
    const zone = screen.getByRole('main', { name: 'Browser' })
    const a = file('a.txt')
    await settle(() => fireEvent.drop(zone, filesDrag({ files: [a], items: [{ kind: 'file', getAsFile: () => a }] })))
    expect(rowNames()).toEqual(['a.txt'])
  })

  it('a drag of text or a link shows no overlay and its drop uploads nothing', async () => {
    renderHarness()
    const zone = screen.getByRole('main', { name: 'Browser' })
    const text = { dataTransfer: { types: ['text/plain', 'text/uri-list'], files: [], items: [{ kind: 'string' }] } }
    fireEvent.dragEnter(zone, text)
    expect(screen.queryByText('Drop files to upload')).toBeNull()
    await settle(() => fireEvent.drop(zone, text))
    expect(FakeXhr.all).toHaveLength(0)
    expect(screen.queryByRole('region', { name: 'Uploads' })).toBeNull()
  })

  it('files let go beside the drop zone are refused, so the browser does not open them in place of the app', async () => {
    renderHarness()
    const aside = screen.getByRole('complementary', { name: 'Sidebar' })
    const over = filesDrag()
    expect(fireEvent.dragOver(aside, over)).toBe(false)
    expect(over.dataTransfer.dropEffect).toBe('none')
    const a = file('a.txt')
    let dropped = true
    await settle(() => void (dropped = fireEvent.drop(aside, filesDrag({ files: [a], items: [fileItem(a)] }))))
    expect(dropped).toBe(false)
    expect(FakeXhr.all).toHaveLength(0)
    // Text dragged beside the zone keeps the browser's own handling.
    expect(fireEvent.dragOver(aside, { dataTransfer: { types: ['text/plain'] } })).toBe(true)
  })

  it('a drag that starts inside the page is not an upload, even when it lists Files', async () => {
    renderHarness()
    const zone = screen.getByRole('main', { name: 'Browser' })
    fireEvent.dragStart(zone)
    fireEvent.dragEnter(zone, filesDrag())
    expect(screen.queryByText('Drop files to upload')).toBeNull()
    const a = file('a.png')
    await settle(() => fireEvent.drop(zone, filesDrag({ files: [a], items: [fileItem(a)] })))
    expect(FakeXhr.all).toHaveLength(0)
    // Once that drag has ended, files from outside are welcome again.
    fireEvent.dragEnd(zone)
    fireEvent.dragEnter(zone, filesDrag())
    expect(screen.getByText('Drop files to upload')).toBeTruthy()
  })

  it('after a dropped file is stored the file lists refetch; after a dropped folder the folders too', async () => {
    server.use(
      mock.get('*/file-service/quick-list', () => ok([])),
      mock.get('*/folder-service/list', () => ok([])),
    )
    renderHarness({ lists: true })
    await waitFor(() => expect(sent('/file-service/quick-list')).toHaveLength(1))
    await waitFor(() => expect(sent('/folder-service/list')).toHaveLength(1))
    const zone = screen.getByRole('main', { name: 'Browser' })
    const a = file('a.txt')
    await settle(() => fireEvent.drop(zone, filesDrag({ files: [a], items: [fileItem(a)] })))
    await settle(() => xhrFor('a.txt').respond(201, { _id: 'f1' }))
    await waitFor(() => expect(sent('/file-service/quick-list')).toHaveLength(2))
    expect(sent('/folder-service/list')).toHaveLength(1)
    const pics = dirEntry('Pics', [fileEntry(file('b.txt'))])
    await settle(() => fireEvent.drop(zone, filesDrag({ items: [dirItem(pics)] })))
    await settle()
    await settle(() => FakeXhr.all.find((x) => x.url === '/folder-service/upload')!.respond(201, { _id: 'd1' }))
    await waitFor(() => expect(sent('/folder-service/list')).toHaveLength(2))
    expect(sent('/file-service/quick-list')).toHaveLength(3)
  })
})

describe('in the app', () => {
  it('a file dropped on Home goes through the real request path, shows in the panel, and the quick list refetches', async () => {
    // The real XMLHttpRequest this time, answered by msw's interceptor.
    vi.unstubAllGlobals()
    server.use(
      mock.get('*/file-service/*', () => ok([])),
      mock.get('*/folder-service/*', () => ok([])),
      mock.post('*/file-service/upload', () => ok({ _id: 'f1', filename: 'a.txt' }, 201)),
    )
    setLoggedIn(true)
    renderApp('/home')
    await waitFor(() => expect(sent('/file-service/quick-list')).toHaveLength(1))
    const a = file('a.txt')
    fireEvent.drop(screen.getByRole('main'), filesDrag({ files: [a], items: [fileItem(a)] }))
    expect(await screen.findByRole('region', { name: 'Uploads' })).toBeTruthy()
    await waitFor(() => expect(heading()).toBe('Uploaded 1 file(s)'))
    expect(row('a.txt').dataset.state).toBe('completed')
    const upload = sent('/file-service/upload', 'POST')
    expect(upload).toHaveLength(1)
    expect(String(upload[0]!.body)).toContain('name="parent"\r\n\r\n/')
    await waitFor(() => expect(sent('/file-service/quick-list')).toHaveLength(2))
  })
})
