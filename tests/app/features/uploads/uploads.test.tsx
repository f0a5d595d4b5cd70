import '../../helpers/setup.ts'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { File as NodeFile } from 'node:buffer'
import { SWRConfig } from 'swr'
import { type DetailedError, defaultOptions, type HttpRequest } from 'tus-js-client'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { keys } from '../../../../app/api/keys.ts'
import { PROGRESS_INTERVAL_MS } from '../../../../app/api/uploads.ts'
import { toaster } from '../../../../app/features/toasts/toasts.tsx'
import { MAX_PARALLEL_UPLOADS, startUploads, uploadsInFlight } from '../../../../app/features/uploads/start-uploads.ts'
import { UploadPanelHost } from '../../../../app/features/uploads/upload-panel-host.tsx'
import { useFileDrop } from '../../../../app/features/uploads/use-file-drop.tsx'
import { useApi } from '../../../../app/hooks/swr-config.ts'
import {
  addUpload,
  cancelAllUploads,
  cancelUpload,
  heldCancelHandles,
  resetUploads,
  updateUpload,
  uploads,
  uploadsMinimized,
} from '../../../../app/state/uploads.ts'
import { setLoggedIn } from '../../../../app/state/user.ts'
import { useFakeClock, useRealClock } from '../../helpers/clock.ts'
import { renderApp } from '../../helpers/render.tsx'
import { http as mock, ok, sent, server } from '../../helpers/server.ts'
import { createTusServer, type TusServer } from '../../../../mocks/tus.ts'

// jsdom resolves tus-js-client's Node build; the app ships the browser one (XHR, localStorage).
vi.mock('tus-js-client', () => vi.importActual('tus-js-client/lib.esm/browser/index.js'))

// Store changes re-render the panel: run them inside act, and let the upload promises settle.
const settle = (fn: () => void = () => {}) =>
  act(async () => {
    fn()
    await new Promise((resolve) => setTimeout(resolve, 0))
  })

/** Polls `check` (real time), letting requests and renders run between tries. */
const until = async (check: () => boolean, ms = 3000) => {
  const start = Date.now()
  while (!check()) {
    if (Date.now() - start > ms) throw new Error(`timed out waiting for ${check.toString()}`)
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)))
  }
}

// Node's File: jsdom's Blob does not survive msw's XMLHttpRequest interceptor (it arrives as "undefined").
const file = (name: string, content = 'x') => new NodeFile([content], name, { type: 'text/plain' }) as unknown as File
const withPath = (name: string, path: string, content = 'x') => {
  const f = file(name, content)
  Object.defineProperty(f, 'webkitRelativePath', { value: path })
  return f
}

const panel = () => within(screen.getByRole('region', { name: 'Uploads' }))
const heading = () => panel().getByRole('heading').textContent
const rowNames = () =>
  panel()
    .queryAllByRole('progressbar')
    .map((bar) => bar.getAttribute('aria-label'))
const bar = (name: string) => panel().getByRole('progressbar', { name })
const row = (name: string) => bar(name).closest('li')!
const state = (name: string) => uploads.value.find((u) => u.name === name)?.state

let tus: TusServer
let refetched: string[] = []
const onUploaded = (kind: 'file' | 'folder') => void refetched.push(kind)

/**
 * Every request tus-js-client opens, seen from inside its HTTP stack: the body it sends, whether it
 * was aborted, and its upload progress handler, which a test calls to play the browser's progress
 * events (msw reports a request's upload progress only once it answers).
 */
interface SeenRequest {
  request: HttpRequest
  body?: Blob
  aborted: boolean
  progress?: (bytesSent: number) => void
}
let seen: SeenRequest[] = []

function watchRequests() {
  const stack = defaultOptions.httpStack!
  const create = stack.createRequest.bind(stack)
  vi.spyOn(stack, 'createRequest').mockImplementation((method, url) => {
    const request = create(method, url)
    const entry: SeenRequest = { request, aborted: false }
    const { abort, send, setProgressHandler } = request
    request.abort = () => ((entry.aborted = true), abort.call(request))
    request.send = (body?: unknown) => ((entry.body = body as Blob), send.call(request, body))
    request.setProgressHandler = (handler) => ((entry.progress = handler), setProgressHandler.call(request, handler))
    seen.push(entry)
    return request
  })
}

const decode = (value: string) => new TextDecoder().decode(Uint8Array.from(atob(value), (c) => c.charCodeAt(0)))

/** The file a tus request is about: the creation's metadata, or the upload its URL names. */
function fileOf({ request }: SeenRequest): string | undefined {
  if (request.getMethod() === 'POST') {
    const pair = (request.getHeader('Upload-Metadata') ?? '').split(',').find((p) => p.startsWith('filename '))
    return pair ? decode(pair.split(' ')[1]!) : undefined
  }
  return tus.uploads.get(request.getURL().split('/').at(-1)!)?.filename
}

/** The requests that carried bytes of `name` (creation with upload, then PATCHes). */
const sending = (name: string) => seen.filter((s) => s.body != null && fileOf(s) === name)

/** The body of `name`'s one creation request, as text. */
const sentText = (name: string) => sending(name)[0]!.body!.text()

beforeEach(() => {
  tus = createTusServer()
  server.use(...tus.handlers)
  seen = []
  refetched = []
  watchRequests()
})

afterEach(async () => {
  useRealClock()
  // Stop what a test left running while its tus handlers still answer: a DELETE sent after them
  // would be an unhandled request in the next test.
  tus.releaseAll()
  await act(async () => resetUploads())
  await until(() => uploadsInFlight() === 0 && tus.inFlight() === 0)
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
})

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
    tus.hold()
    await settle(() => void startUploads([file('a.txt'), file('b.txt')], 'folder-1', onUploaded))
    await until(() => tus.held().length === 2)
    expect(rowNames()).toEqual(['b.txt', 'a.txt'])
    expect(heading()).toBe('Uploading 2 file(s)')
    expect(bar('a.txt').getAttribute('aria-valuenow')).toBe('0')
    // Each file is one tus upload created at the resumable endpoint, into the folder on screen.
    expect(sent('/file-service/uploads', 'POST')).toHaveLength(2)
    expect(tus.upload('a.txt')).toMatchObject({ parent: 'folder-1', length: 1 })
    // Each running row has its own cancel control.
    expect(panel().getByRole('button', { name: 'Cancel a.txt' })).toBeTruthy()
    expect(panel().getByRole('button', { name: 'Cancel b.txt' })).toBeTruthy()
  })

  it('moves the bar at most every 200 ms and shows 100 only once the server has answered', async () => {
    renderHarness()
    tus.hold()
    const done = startUploads([file('a.txt', 'x'.repeat(100))], '/', onUploaded)
    await until(() => tus.held().length === 1)
    // The browser's upload progress events, played on the request tus-js-client sent; first a
    // whole interval goes by after the 0 % tick of the start, so the next one shows at once.
    const progress = sending('a.txt')[0]!.progress!
    await act(() => new Promise((resolve) => setTimeout(resolve, PROGRESS_INTERVAL_MS + 50)))
    expect(bar('a.txt').getAttribute('aria-valuenow')).toBe('0')
    useFakeClock()
    await act(async () => progress(10))
    expect(bar('a.txt').getAttribute('aria-valuenow')).toBe('10')
    await act(async () => {
      progress(20)
      progress(35)
    })
    expect(bar('a.txt').getAttribute('aria-valuenow')).toBe('10')
    await act(() => vi.advanceTimersByTimeAsync(PROGRESS_INTERVAL_MS))
    expect(bar('a.txt').getAttribute('aria-valuenow')).toBe('35')
    // Every byte sent, no answer yet: not 100.
    await act(async () => progress(100))
    await act(() => vi.advanceTimersByTimeAsync(PROGRESS_INTERVAL_MS * 2))
    expect(bar('a.txt').getAttribute('aria-valuenow')).toBe('99')
    expect(row('a.txt').dataset.state).toBe('running')
    useRealClock()
    await act(async () => {
      tus.release()
      await done
    })
    expect(bar('a.txt').getAttribute('aria-valuenow')).toBe('100')
    expect(row('a.txt').dataset.state).toBe('completed')
    expect(PROGRESS_INTERVAL_MS).toBe(200)
  })

  it('a completed upload gets the green check and success bar; the header turns to "Uploaded N file(s)"', async () => {
    renderHarness()
    tus.hold()
    await settle(() => void startUploads([file('a.txt'), file('b.txt')], '/', onUploaded))
    await until(() => tus.held().length === 2)
    tus.release('a.txt')
    await until(() => state('a.txt') === 'completed')
    expect(row('a.txt').dataset.state).toBe('completed')
    expect(bar('a.txt').getAttribute('aria-valuenow')).toBe('100')
    expect(within(row('a.txt')).getByRole('img', { name: 'Completed' })).toBeTruthy()
    expect(within(row('a.txt')).queryByRole('button')).toBeNull()
    expect(heading()).toBe('Uploading 2 file(s)')
    tus.release('b.txt')
    await until(() => state('b.txt') === 'completed')
    expect(heading()).toBe('Uploaded 2 file(s)')
    expect(heldCancelHandles()).toBe(0)
  })

  it("a failed upload is marked failed (red icon) with the server's reason, logged, not counted as uploaded, and raises no toast; one that cannot reach the server keeps trying and resumes by itself", async () => {
    renderHarness()
    // A refusal ends the upload at once; a 5xx is retried (TUS_RETRY_DELAYS, 7 retries) before
    // the row gives up, so it fails on all 8 tries. A lost connection is retried as long: then it
    // keeps waiting for the server (SERVER_BACK_POLL_MS) and goes on once it answers.
    tus.refuse('a.txt', 404, 'Folder not found')
    for (let i = 0; i < 8; i++) {
      tus.failNetwork('b.txt')
      tus.refuse('c.txt', 500, '')
    }
    tus.failNetwork('b.txt')
    useFakeClock()
    void startUploads([file('a.txt'), file('b.txt'), file('c.txt')], '/', onUploaded)
    const ended = () =>
      state('a.txt') === 'failed' &&
      state('c.txt') === 'failed' &&
      tus.log.filter((entry) => entry.name === 'b.txt').length === 9
    for (let i = 0; i < 400 && !ended(); i++) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(500)
        await new Promise((resolve) => setImmediate(resolve))
      })
    }
    // Nine tries and the server still out of reach: the row says it is retrying, not failed.
    expect(state('b.txt')).toBe('retrying')
    expect(row('b.txt').textContent).toContain('Connection lost, retrying…')
    for (let i = 0; i < 120 && state('b.txt') !== 'completed'; i++) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(500)
        await new Promise((resolve) => setImmediate(resolve))
      })
    }
    useRealClock()
    expect(row('a.txt').dataset.state).toBe('failed')
    expect(within(row('a.txt')).getByRole('img', { name: 'Failed' })).toBeTruthy()
    expect(row('a.txt').textContent).toContain('Folder not found')
    expect(row('b.txt').dataset.state).toBe('completed')
    expect(row('c.txt').textContent).toContain('Request failed with status code 500')
    expect(heading()).toBe('Uploaded 1 of 3 files')
    expect(panel().getByText('2 failed')).toBeTruthy()
    // Logged with what the server answered.
    const logged = vi
      .mocked(console.warn)
      .mock.calls.find(([what, name]) => what === 'Upload failed' && name === 'a.txt')
    expect((logged?.[2] as DetailedError | undefined)?.originalResponse?.getStatus()).toBe(404)
    expect(toaster.getSnapshot()).toEqual([])
    expect(refetched).toEqual(['file'])
  })

  it('with 120 files, every completed row shows a full bar, and the header counts successes and names the rest', async () => {
    renderHarness()
    const names = Array.from({ length: 120 }, (_, i) => `f${i}.txt`)
    tus.refuse('f5.txt', 413, 'File too large')
    tus.refuse('f6.txt', 413, 'File too large')
    // f7's request is kept open until the user has canceled it; the others go through as they come.
    let f7Arrived = false
    let letF7Go!: () => void
    const f7Gate = new Promise<void>((resolve) => (letF7Go = resolve))
    server.use(
      mock.post('*/file-service/uploads', async ({ request }) => {
        if (!request.headers.get('upload-metadata')?.includes(`filename ${btoa('f7.txt')}`)) return
        f7Arrived = true
        await f7Gate
      }),
    )
    // Sizes vary, so each request reports a different amount of progress as it ends.
    // 117 stored, 2 refused, 1 canceled by the user while it was being sent (three at a time,
    // each next one starts once one ends).
    await settle(
      () =>
        void startUploads(
          names.map((name, i) => file(name, 'x'.repeat(30 + (i % 36)))),
          '/',
          onUploaded,
        ),
    )
    await until(() => f7Arrived)
    await act(async () => cancelUpload(uploads.peek().find((u) => u.name === 'f7.txt')!.id))
    letF7Go()
    await until(() => uploads.value.every((u) => u.state !== 'running'), 10_000)
    const completed = names.filter((_, i) => i < 5 || i > 7)
    // (Plain selectors: 120 role queries would take seconds in jsdom.)
    const bars = document.querySelectorAll('[role="progressbar"]')
    const value = new Map([...bars].map((b) => [b.getAttribute('aria-label'), b.getAttribute('aria-valuenow')]))
    expect(completed.filter((name) => value.get(name) !== '100')).toEqual([])
    expect(heading()).toBe('Uploaded 117 of 120 files')
    expect(panel().getByText('2 failed, 1 canceled')).toBeTruthy()
    expect(row('f5.txt').textContent).toContain('File too large')
    expect(row('f7.txt').textContent).toContain('Canceled')
    expect(sending('f7.txt').map((s) => s.aborted)).toEqual([true])
  })

  it('cancelling one row aborts only that request, and the server drops only that upload', async () => {
    const user = userEvent.setup()
    renderHarness()
    // Both creations keep part of the bytes, so both uploads exist and are busy with a PATCH.
    tus.acceptOnly('a.txt', 2)
    tus.acceptOnly('b.txt', 2)
    tus.hold()
    await settle(() => void startUploads([file('a.txt', 'aaaa'), file('b.txt', 'bbbb')], '/', onUploaded))
    await until(() => tus.held().length === 2)
    tus.release()
    tus.release()
    await until(() => [...tus.held()].sort().join() === 'PATCH a.txt,PATCH b.txt')
    await user.click(panel().getByRole('button', { name: 'Cancel b.txt' }))
    await settle()
    expect(sending('b.txt').at(-1)!.aborted).toBe(true)
    expect(seen.filter((s) => s.aborted).map(fileOf)).toEqual(['b.txt'])
    expect(row('b.txt').dataset.state).toBe('canceled')
    expect(row('a.txt').dataset.state).toBe('running')
    await until(() => tus.upload('b.txt')!.terminated)
    expect(tus.upload('a.txt')!.terminated).toBe(false)
    // A cancel is the user's choice, not a failure: nothing logged.
    expect(console.warn).not.toHaveBeenCalled()
    tus.release('a.txt')
    await until(() => state('a.txt') === 'completed')
    expect(row('a.txt').dataset.state).toBe('completed')
    // Only the stored file counts; the canceled one is named apart.
    expect(heading()).toBe('Uploaded 1 of 2 files')
    expect(panel().getByText('1 canceled')).toBeTruthy()
    expect(row('b.txt').textContent).toContain('Canceled')
  })

  it('close cancels every running upload, clears the list and hides the panel', async () => {
    const user = userEvent.setup()
    renderHarness()
    tus.hold()
    await settle(() => void startUploads([file('a.txt'), file('b.txt'), file('c.txt')], '/', onUploaded))
    await until(() => tus.held().length === 3)
    tus.release('a.txt')
    await until(() => state('a.txt') === 'completed')
    await user.click(panel().getByRole('button', { name: 'Close uploads' }))
    await settle()
    expect(screen.queryByRole('region', { name: 'Uploads' })).toBeNull()
    expect(uploads.value).toEqual([])
    expect(['a.txt', 'b.txt', 'c.txt'].map((name) => sending(name)[0]!.aborted)).toEqual([false, true, true])
  })

  it('minimize hides the rows and is kept when the panel comes back with new uploads', async () => {
    const user = userEvent.setup()
    renderHarness()
    tus.hold()
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
    tus.hold()
    await settle(
      () =>
        void startUploads(
          [withPath('a.txt', 'Pics/a.txt'), withPath('b.txt', 'Pics/sub/b.txt')],
          'folder-1',
          onUploaded,
        ),
    )
    await until(() => tus.held().length === 2)
    // One row; its files go as tus uploads with their paths, into the folder on screen.
    expect([...tus.uploads.values()].map((u) => [u.relativePath, u.parent])).toEqual([
      ['Pics/a.txt', 'folder-1'],
      ['Pics/sub/b.txt', 'folder-1'],
    ])
    expect(uploads.value).toEqual([expect.objectContaining({ name: 'Pics', type: 'folder', size: 2 })])
    expect(rowNames()).toEqual(['Pics'])
    expect(bar('Pics').hasAttribute('aria-valuenow')).toBe(false)
    tus.release('a.txt')
    await until(() => tus.upload('a.txt')!.fileId !== undefined)
    // One file stored, one still on its way: the folder is not done, and nothing refetched yet.
    await settle()
    expect(row('Pics').dataset.state).toBe('running')
    expect(refetched).toEqual([])
    tus.release('b.txt')
    await until(() => state('Pics') === 'completed')
    expect(row('Pics').dataset.state).toBe('completed')
    expect(refetched).toEqual(['folder'])
  })

  it('when any file lacks a relative path, every file is a plain upload', async () => {
    renderHarness()
    await settle(() => void startUploads([withPath('a.txt', 'Pics/a.txt'), file('b.txt')], '/', onUploaded))
    await until(() => tus.uploads.size === 2)
    expect([...tus.uploads.values()].map((u) => [u.filename, u.relativePath])).toEqual([
      ['a.txt', undefined],
      ['b.txt', undefined],
    ])
    expect(uploads.value.map((u) => [u.name, u.type])).toEqual([
      ['b.txt', 'file'],
      ['a.txt', 'file'],
    ])
  })

  it('calls back after each success only: "file" per file', async () => {
    renderHarness()
    tus.hold()
    await settle(() => void startUploads([file('a.txt'), file('b.txt')], '/', onUploaded))
    await until(() => tus.held().length === 2)
    tus.release('a.txt')
    await until(() => state('a.txt') === 'completed')
    expect(refetched).toEqual(['file'])
    tus.refuse('b.txt', 507, 'Not enough storage left')
    tus.release('b.txt')
    await until(() => state('b.txt') === 'failed')
    expect(refetched).toEqual(['file'])
  })

  it(`sends ${MAX_PARALLEL_UPLOADS} at a time; the others wait listed, and one cancelled while waiting is never sent`, async () => {
    const user = userEvent.setup()
    renderHarness()
    const names = ['1.txt', '2.txt', '3.txt', '4.txt', '5.txt']
    tus.hold()
    await settle(
      () =>
        void startUploads(
          names.map((n) => file(n)),
          '/',
          onUploaded,
        ),
    )
    await until(() => tus.held().length === 3)
    expect(rowNames()).toEqual(['5.txt', '4.txt', '3.txt', '2.txt', '1.txt'])
    expect(tus.log.map((entry) => entry.name)).toEqual(['1.txt', '2.txt', '3.txt'])
    await user.click(panel().getByRole('button', { name: 'Cancel 4.txt' }))
    tus.release('1.txt')
    await until(() => tus.held().length === 3)
    expect(tus.log.map((entry) => entry.name)).toEqual(['1.txt', '2.txt', '3.txt', '5.txt'])
    expect(row('4.txt').dataset.state).toBe('canceled')
    tus.releaseAll()
    await until(() => ['1.txt', '2.txt', '3.txt', '5.txt'].every((name) => state(name) === 'completed'))
    expect(seen.map(fileOf)).not.toContain('4.txt')
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
    return {
      readEntries: (resolve: (batch: Entry[]) => void) => queueMicrotask(() => resolve(children.slice(next, ++next))),
    }
  },
})
const fileItem = (f: File) => ({ kind: 'file', getAsFile: () => f, webkitGetAsEntry: () => fileEntry(f) })
const dirItem = (entry: ReturnType<typeof dirEntry>) => ({
  kind: 'file',
  getAsFile: () => null,
  webkitGetAsEntry: () => entry,
})
const filesDrag = (extra: object = {}) => ({
  dataTransfer: { types: ['Files'], files: [], items: [], dropEffect: 'none', ...extra },
})

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
    await until(() => state('a.txt') === 'completed' && state('b.txt') === 'completed')
    expect(tus.upload('a.txt')!.parent).toBe('folder-9')
    expect([tus.upload('b.txt')!.filename, await sentText('b.txt')]).toEqual(['b.txt', await b.text()])
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
    await until(() => state('Pics') === 'completed' && state('loose.txt') === 'completed')
    const pathOf = (name: string) => tus.upload(name)!.relativePath
    expect([pathOf('a.txt'), pathOf('b.txt')]).toEqual(['Pics/a.txt', 'Pics/sub/b.txt'])
    expect(await Promise.all(['a.txt', 'b.txt'].map(sentText))).toEqual(['x', 'bb'])
    expect(tus.upload('loose.txt')).toMatchObject({ relativePath: undefined, parent: 'folder-1' })
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
    expect(sent('/file-service/uploads')).toEqual([])
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
    expect(sent('/file-service/uploads')).toEqual([])
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
    expect(sent('/file-service/uploads')).toEqual([])
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
    tus.hold()
    await settle(() => fireEvent.drop(zone, filesDrag({ files: [a], items: [fileItem(a)] })))
    await until(() => tus.held().length === 1)
    // Nothing refetches before the file is stored.
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)))
    expect(sent('/file-service/quick-list')).toHaveLength(1)
    tus.release('a.txt')
    await waitFor(() => expect(sent('/file-service/quick-list')).toHaveLength(2))
    expect(sent('/folder-service/list')).toHaveLength(1)
    const pics = dirEntry('Pics', [fileEntry(file('b.txt'))])
    await settle(() => fireEvent.drop(zone, filesDrag({ items: [dirItem(pics)] })))
    await until(() => tus.held().length === 1)
    tus.release('b.txt')
    await waitFor(() => expect(sent('/folder-service/list')).toHaveLength(2))
    expect(sent('/file-service/quick-list')).toHaveLength(3)
  })
})

describe('in the app', () => {
  it('a file dropped on Home goes through the real request path, shows in the panel, and the quick list refetches', async () => {
    server.use(
      mock.get('*/file-service/*', () => ok([])),
      mock.get('*/folder-service/*', () => ok([])),
    )
    setLoggedIn(true)
    renderApp('/home')
    await waitFor(() => expect(sent('/file-service/quick-list')).toHaveLength(1))
    const a = file('a.txt')
    fireEvent.drop(screen.getByRole('main'), filesDrag({ files: [a], items: [fileItem(a)] }))
    expect(await screen.findByRole('region', { name: 'Uploads' })).toBeTruthy()
    await waitFor(() => expect(heading()).toBe('Uploaded 1 file(s)'))
    expect(row('a.txt').dataset.state).toBe('completed')
    // One tus creation (the file rides in it), with the browser's uuid, into Home.
    const upload = sent('/file-service/uploads', 'POST')
    expect(upload).toHaveLength(1)
    expect(upload[0]!.uuid).toBeTruthy()
    expect(tus.upload('a.txt')).toMatchObject({ parent: '/', offset: 1, fileId: expect.any(String) })
    await waitFor(() => expect(sent('/file-service/quick-list')).toHaveLength(2))
  })
})
