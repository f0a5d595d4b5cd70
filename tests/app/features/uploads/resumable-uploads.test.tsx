import '../../helpers/setup.ts'
import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { File as NodeFile } from 'node:buffer'
import { SWRConfig } from 'swr'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { startUploads, uploadsInFlight } from '../../../../app/features/uploads/start-uploads.ts'
import { UploadPanelHost } from '../../../../app/features/uploads/upload-panel-host.tsx'
import { toaster } from '../../../../app/features/toasts/toasts.tsx'
import { removeUpload, uploads } from '../../../../app/state/uploads.ts'
import { server } from '../../helpers/server.ts'
import { createTusServer, type TusServer } from '../../../../mocks/tus.ts'

// jsdom resolves tus-js-client's Node build; the app ships the browser one (XHR, localStorage).
vi.mock('tus-js-client', () => vi.importActual('tus-js-client/lib.esm/browser/index.js'))

let tus: TusServer
let refetched: string[] = []
const onUploaded = (kind: 'file' | 'folder') => void refetched.push(kind)

beforeEach(() => {
  tus = createTusServer()
  server.use(...tus.handlers)
  refetched = []
})

// Node's File: jsdom's Blob does not survive msw's XMLHttpRequest interceptor (it arrives as "undefined").
const file = (name: string, size = 10, lastModified = 1_700_000_000_000) =>
  new NodeFile([new Uint8Array(size).fill(7)], name, { type: 'text/plain', lastModified }) as unknown as File
const panel = () => within(screen.getByRole('region', { name: 'Uploads' }))
const heading = () => panel().getByRole('heading').textContent
const row = (name: string) => panel().getByRole('progressbar', { name }).closest('li')!
const state = (name: string) => uploads.value.find((u) => u.name === name)?.state

const until = async (check: () => boolean, ms = 3000) => {
  const start = Date.now()
  while (!check()) {
    if (Date.now() - start > ms) throw new Error('timed out')
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)))
  }
}

const renderPanel = () =>
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <UploadPanelHost />
    </SWRConfig>,
  )

const click = async (name: string) => {
  await userEvent.setup().click(panel().getByRole('button', { name }))
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)))
}

/** Starts `big.bin` (1,000 bytes) into `parent`: the creating request leaves `kept` bytes on the server and its next PATCH is held. */
async function startHeldBigFile(kept: number, parent: string) {
  renderPanel()
  tus.acceptOnly('big.bin', kept)
  tus.hold()
  void startUploads([file('big.bin', 1000)], parent, onUploaded)
  await until(() => tus.held().length === 1)
  tus.release()
  await until(() => tus.held().join() === 'PATCH big.bin')
}

describe('resumable uploads (issue #18)', () => {
  it('sends a file through tus into its folder, with the uuid header, and counts it as uploaded', async () => {
    renderPanel()
    void startUploads([file('a.txt')], 'folder-1', onUploaded)
    await until(() => state('a.txt') === 'completed')
    expect(tus.upload('a.txt')).toMatchObject({ offset: 10, parent: 'folder-1', fileId: expect.any(String) })
    expect(tus.log.every((entry) => entry.uuid)).toBe(true)
    expect(heading()).toBe('Uploaded 1 file(s)')
    expect(refetched).toEqual(['file'])
    // Done: the URL storage forgets it, so a reload does not offer it again.
    expect(Object.keys(localStorage).filter((key) => key.startsWith('tus::'))).toEqual([])
  })

  it('never has more than 3 files in flight with 20 files; the rest wait listed', async () => {
    renderPanel()
    tus.hold()
    const names = Array.from({ length: 20 }, (_, i) => `f${i}.txt`)
    void startUploads(
      names.map((name) => file(name)),
      '/',
      onUploaded,
    )
    await until(() => tus.held().length === 3)
    expect(uploads.value).toHaveLength(20)
    expect(uploadsInFlight()).toBe(3)
    for (let done = 0; done < 20; done++) {
      await until(() => tus.held().length > 0)
      expect(tus.inFlight()).toBeLessThanOrEqual(3)
      tus.release()
    }
    await until(() => uploads.value.every((u) => u.state === 'completed'))
    expect(tus.maxInFlight()).toBe(3)
    expect(heading()).toBe('Uploaded 20 file(s)')
  })

  it('pause stops sending and resume sends only what the server is missing', async () => {
    // The creating request keeps 400 of 1,000 bytes; the next PATCH is held, then paused.
    await startHeldBigFile(400, '/')
    await click('Pause big.bin')
    expect(row('big.bin').dataset.state).toBe('paused')
    // What the aborted PATCH carried partly arrived: the server now holds 700 bytes.
    tus.acceptOnly('big.bin', 300)
    tus.releaseAll()
    await until(() => tus.upload('big.bin')!.offset === 700)
    expect(state('big.bin')).toBe('paused')
    await click('Resume big.bin')
    await until(() => state('big.bin') === 'completed')
    const patches = tus.log.filter((entry) => entry.method === 'PATCH')
    expect(patches.at(-1)).toMatchObject({ offset: 700, bytes: 300 })
    expect(tus.upload('big.bin')!.received).toBe(1000)
  })

  it('a network error shows "retrying", then the upload resumes and completes', async () => {
    renderPanel()
    tus.acceptOnly('a.bin', 200)
    tus.failNetwork('a.bin')
    tus.hold()
    void startUploads([file('a.bin', 500)], '/', onUploaded)
    await until(() => tus.held().length === 1)
    tus.release()
    await until(() => tus.held().length === 1)
    tus.release()
    const seen = new Set<string>()
    const stop = uploads.subscribe((list) => list.forEach((u) => seen.add(u.state)))
    // The first retry goes at once (TUS_RETRY_DELAYS[0] = 0): a HEAD, then the PATCH from the server's offset.
    await until(() => tus.held().length === 1)
    stop()
    expect(seen.has('retrying')).toBe(true)
    tus.releaseAll()
    await until(() => state('a.bin') === 'completed', 5000)
    expect(tus.upload('a.bin')!.received).toBe(500)
    expect(tus.log.map((entry) => entry.method)).toEqual(['POST', 'PATCH', 'HEAD', 'PATCH'])
  })

  it('a 413 refusal shows the server’s reason, is not retried, and the header counts what really arrived', async () => {
    renderPanel()
    tus.refuse('huge.bin', 413, 'File is larger than the limit of 100 bytes')
    void startUploads([file('ok.txt'), file('huge.bin', 500), file('gone.txt')], '/', onUploaded)
    await until(
      () => state('huge.bin') === 'failed' && state('ok.txt') === 'completed' && state('gone.txt') === 'completed',
    )
    expect(row('huge.bin').textContent).toContain('File is larger than the limit of 100 bytes')
    expect(tus.log.filter((entry) => entry.name === 'huge.bin')).toHaveLength(1)
    // Too large stays too large: no Retry button.
    expect(within(row('huge.bin')).queryByRole('button', { name: 'Retry huge.bin' })).toBeNull()
    expect(heading()).toBe('Uploaded 2 of 3 files')
    expect(panel().getByText('1 failed')).toBeTruthy()
  })

  it('leaving the page while files are being sent asks first; once they are done it does not', async () => {
    renderPanel()
    const leave = () => {
      const event = new Event('beforeunload', { cancelable: true })
      window.dispatchEvent(event)
      return event.defaultPrevented
    }
    expect(leave()).toBe(false)
    tus.hold()
    void startUploads([file('a.txt')], '/', onUploaded)
    await until(() => tus.held().length === 1)
    expect(leave()).toBe(true)
    tus.releaseAll()
    await until(() => state('a.txt') === 'completed')
    expect(leave()).toBe(false)
  })

  it('header: "Uploading N file(s)" while unfinished, then "Uploaded C of T files" and the summary', async () => {
    renderPanel()
    tus.hold()
    void startUploads([file('a.txt'), file('b.txt'), file('c.txt')], '/', onUploaded)
    await until(() => tus.held().length === 3)
    expect(heading()).toBe('Uploading 3 file(s)')
    await click('Cancel b.txt')
    expect(heading()).toBe('Uploading 2 file(s)')
    tus.refuse('c.txt', 404, 'Folder not found')
    tus.releaseAll()
    await until(() => state('a.txt') === 'completed' && state('c.txt') === 'failed')
    expect(heading()).toBe('Uploaded 1 of 3 files')
    expect(panel().getByText('1 failed, 1 canceled')).toBeTruthy()
    // The folder may be back: Retry is offered, and sends it again (a 507 offers none: quota-exceeded.test.tsx).
    await click('Retry c.txt')
    await until(() => state('c.txt') === 'completed')
    expect(heading()).toBe('Uploaded 2 of 3 files')
  })

  it('a folder is one row with byte progress; a refused file fails the row with its path and reason, the others arrive', async () => {
    renderPanel()
    const withPath = (f: File, path: string) => (Object.defineProperty(f, 'webkitRelativePath', { value: path }), f)
    tus.refuse('bad.txt', 400, 'Name must not contain "\\"')
    const files = [
      withPath(file('a.txt', 100), 'Pics/a.txt'),
      withPath(file('bad.txt', 100), 'Pics/sub/bad.txt'),
      withPath(file('c.txt', 100), 'Pics/c.txt'),
    ]
    void startUploads(files, 'folder-1', onUploaded)
    await until(() => state('Pics') === 'failed')
    expect(uploads.value).toEqual([expect.objectContaining({ name: 'Pics', type: 'folder', size: 300 })])
    expect(row('Pics').textContent).toContain('Pics/sub/bad.txt: Name must not contain "\\"')
    expect([...tus.uploads.values()].filter((u) => u.fileId).map((u) => u.relativePath)).toEqual([
      'Pics/a.txt',
      'Pics/c.txt',
    ])
    expect(refetched).toEqual(['folder'])
  })
})

describe('after a reload (issue #18 point 7)', () => {
  /** Starts `big.bin`, lets the server keep 600 of 1,000 bytes, then "reloads": the page's state goes, localStorage stays. */
  async function interruptedUpload() {
    await startHeldBigFile(600, 'folder-1')
    expect(Object.keys(localStorage).filter((key) => key.startsWith('tus::'))).toHaveLength(1)
    // The reload: requests die with the page (no DELETE), and the page's upload list starts empty.
    await click('Pause big.bin')
    removeUpload(uploads.value[0]!.id)
    tus.hold(false)
  }

  it('lists the unfinished upload as paused with "Choose the file to resume"; the same file sends only the missing bytes', async () => {
    await interruptedUpload()
    const { restoreUnfinishedUploads } = await import('../../../../app/features/uploads/restored-uploads.ts')
    await act(async () => restoreUnfinishedUploads(onUploaded))
    expect(row('big.bin').dataset.state).toBe('paused')
    await until(() => bar('big.bin') === '60')
    const picked = file('big.bin', 1000)
    const input = await chooseFile('big.bin', picked)
    expect(input.type).toBe('file')
    await until(() => state('big.bin') === 'completed')
    const patches = tus.log.filter((entry) => entry.method === 'PATCH')
    expect(patches.at(-1)).toMatchObject({ offset: 600, bytes: 400 })
    expect(tus.upload('big.bin')).toMatchObject({ parent: 'folder-1', fileId: expect.any(String) })
    expect(Object.keys(localStorage).filter((key) => key.startsWith('tus::'))).toEqual([])
  })

  it('another file is refused with a toast naming the one to pick, and the row stays; cancel terminates and forgets it', async () => {
    await interruptedUpload()
    const { restoreUnfinishedUploads } = await import('../../../../app/features/uploads/restored-uploads.ts')
    await act(async () => restoreUnfinishedUploads(onUploaded))
    await chooseFile('big.bin', file('big.bin', 1000, 1_800_000_000_000))
    expect(toaster.getSnapshot().map((t) => t.message)).toEqual([
      'That is not the same file: pick “big.bin” to resume its upload',
    ])
    expect(row('big.bin').dataset.state).toBe('paused')
    expect(tus.log.filter((entry) => entry.method === 'PATCH')).toHaveLength(1)
    await click('Cancel big.bin')
    await until(() => tus.upload('big.bin')!.terminated)
    expect(Object.keys(localStorage).filter((key) => key.startsWith('tus::'))).toEqual([])
  })
})

const bar = (name: string) => panel().getByRole('progressbar', { name }).getAttribute('aria-valuenow')

/** Clicks the row's "Choose the file to resume" and answers the file picker it opens with `picked`. */
async function chooseFile(name: string, picked: File): Promise<HTMLInputElement> {
  const click = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => {})
  await userEvent.setup().click(within(row(name)).getByRole('button', { name: 'Choose the file to resume' }))
  const input = click.mock.contexts[0] as HTMLInputElement | undefined
  click.mockRestore()
  Object.defineProperty(input!, 'files', { value: [picked] })
  await act(async () => void input!.dispatchEvent(new Event('change')))
  return input!
}
