import '../../helpers/setup.ts'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { File as NodeFile } from 'node:buffer'
import { SWRConfig } from 'swr'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { keptBothName, clashKey, numberedName, planFileUploads } from '../../../../app/features/uploads/conflicts.ts'
import { startUploads, uploadsInFlight } from '../../../../app/features/uploads/start-uploads.ts'
import { UploadPanelHost } from '../../../../app/features/uploads/upload-panel-host.tsx'
import { useFileDrop } from '../../../../app/features/uploads/use-file-drop.tsx'
import { resetConflictQuestions } from '../../../../app/state/upload-conflicts.ts'
import { resetUploads, uploads } from '../../../../app/state/uploads.ts'
import { http as mock, ok, sent, server } from '../../helpers/server.ts'
import { makeFile } from '../../../../mocks/fixtures.ts'
import { createTusServer, type TusServer } from '../../../../mocks/tus.ts'

// jsdom resolves tus-js-client's Node build; the app ships the browser one (XHR, localStorage).
vi.mock('tus-js-client', () => vi.importActual('tus-js-client/lib.esm/browser/index.js'))

/** Polls `check` (real time), letting requests and renders run between tries. */
const until = async (check: () => boolean, ms = 3000) => {
  const start = Date.now()
  while (!check()) {
    if (Date.now() - start > ms) throw new Error(`timed out waiting for ${check.toString()}`)
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)))
  }
}

// Node's File: jsdom's Blob does not survive msw's XMLHttpRequest interceptor.
const file = (name: string, content = 'new') => new NodeFile([content], name, { type: 'text/plain' }) as unknown as File

const panel = () => within(screen.getByRole('region', { name: 'Uploads' }))
const row = (name: string) => panel().getByRole('progressbar', { name }).closest('li')!
const state = (name: string) => uploads.value.find((u) => u.name === name)?.state
const dialog = (name: string) => screen.findByRole('alertdialog', { name: `“${name}” already exists` })
const posts = (name: string) => [...tus.uploads.values()].filter((u) => u.filename === name)

let tus: TusServer
/** What the destination folder holds, per folder id. */
let folders: Record<string, string[]> = {}
const onUploaded = () => {}

beforeEach(() => {
  tus = createTusServer()
  folders = { 'folder-1': ['report.pdf', 'photo.jpg', 'notes.txt', 'report (1).pdf'] }
  server.use(
    ...tus.handlers,
    mock.get('*/file-service/list', ({ request }) => {
      const parent = new URL(request.url).searchParams.get('parent') ?? '/'
      return ok((folders[parent] ?? []).map((filename, i) => makeFile(i, { filename, metadata: { parent } })))
    }),
    // The name the server stored a kept-both upload under.
    mock.get('*/file-service/info/:id', ({ params }) =>
      ok(makeFile(99, { _id: String(params.id), filename: `stored-${String(params.id)}.pdf` })),
    ),
  )
})

afterEach(async () => {
  tus.releaseAll()
  await act(async () => {
    resetConflictQuestions()
    resetUploads()
  })
  await until(() => uploadsInFlight() === 0 && tus.inFlight() === 0)
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
})

function Harness({ parent = 'folder-1' }: { parent?: string }) {
  const drop = useFileDrop(parent)
  return (
    <>
      <main aria-label="Browser" {...drop.dropProps} />
      <UploadPanelHost />
    </>
  )
}

const renderHarness = () => {
  const user = userEvent.setup()
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <Harness />
    </SWRConfig>,
  )
  return user
}

describe('name clashes (server/repositories/files.ts files.named)', () => {
  it('compares names as the server does: the exact name after trimming, case and Unicode form included', () => {
    expect(clashKey(' notes.txt ')).toBe(clashKey('notes.txt'))
    // The server stores "Report.PDF" beside "report.pdf": no clash, no question.
    expect(clashKey('Report.PDF')).not.toBe(clashKey('report.pdf'))
    // NFC and NFD spell "Café" differently; the server keeps them apart, and so does the app.
    expect(clashKey('Caf\u00e9.txt')).not.toBe(clashKey('Cafe\u0301.txt'))
  })

  it('numbers kept-both names like the server, past the numbers already taken', () => {
    expect(numberedName('report.pdf', 1)).toBe('report (1).pdf')
    expect(numberedName('archive.tar.gz', 2)).toBe('archive.tar (2).gz')
    expect(numberedName('README', 1)).toBe('README (1)')
    expect(numberedName('.env', 1)).toBe('.env (1)')
    const taken = new Set(['report.pdf', 'report (1).pdf'].map(clashKey))
    expect(keptBothName('report.pdf', taken)).toBe('report (2).pdf')
    // The name it gave is taken now.
    expect(keptBothName('report.pdf', taken)).toBe('report (3).pdf')
    expect(keptBothName('Report.pdf', taken)).toBe('Report (1).pdf')
  })

  it('reads every page of the folder before deciding', async () => {
    renderHarness()
    folders['big'] = Array.from({ length: 1500 }, (_, i) => `f-${i}.txt`)
    // The list mock pages like the server: `limit`, then after the cursor's id.
    server.use(
      mock.get('*/file-service/list', ({ request }) => {
        const q = new URL(request.url).searchParams
        const all = folders['big']!.map((filename, i) => makeFile(i, { _id: `id-${i}`, filename }))
        const after = q.get('startAtId')
        const from = after ? all.findIndex((f) => f._id === after) + 1 : 0
        return ok(all.slice(from, from + Number(q.get('limit'))))
      }),
    )
    const plans = planFileUploads([file('f-1499.txt'), file('fresh.txt')], 'big')
    await waitFor(() => expect(screen.getByRole('alertdialog', { name: '“f-1499.txt” already exists' })).toBeTruthy())
    expect(sent('/file-service/list').map((r) => new URLSearchParams(r.search).get('startAtId'))).toEqual([
      null,
      'id-999',
    ])
    act(() => resetConflictQuestions())
    expect(await plans).toBeNull()
  })
})

describe('upload conflicts (DESIGN.md §8 "Versions")', () => {
  it('given no clash, then no dialog and each file goes with conflict "fail"', async () => {
    renderHarness()
    await act(() => startUploads([file('fresh.txt')], 'folder-1', onUploaded))
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(tus.upload('fresh.txt')).toMatchObject({ parent: 'folder-1', conflict: 'fail', fileId: expect.any(String) })
    expect(state('fresh.txt')).toBe('completed')
    expect(row('fresh.txt').textContent).not.toContain('Replaced')
  })

  it('given a clash, then one dialog names it, says Replace keeps a version, focuses Replace; Replace sends conflict "replace"', async () => {
    const user = renderHarness()
    const done = startUploads([file('report.pdf')], 'folder-1', onUploaded)
    const asked = await dialog('report.pdf')
    // Nothing is sent while the user decides.
    expect(tus.uploads.size).toBe(0)
    expect(asked.textContent).toContain('keeps the current content as an earlier version')
    // Keep both would skip "report (1).pdf", which the folder holds.
    expect(asked.textContent).toContain('saves the new one as “report (2).pdf”')
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Replace' })))
    expect(screen.queryByRole('checkbox')).toBeNull()
    await user.keyboard('{Enter}')
    await act(() => done)
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(tus.upload('report.pdf')).toMatchObject({ conflict: 'replace', fileId: expect.any(String) })
    expect(state('report.pdf')).toBe('completed')
    expect(row('report.pdf').textContent).toContain('Replaced — the earlier version is kept')
  })

  it('given Keep both, then it goes with "keep-both" and the row names what the server stored it as', async () => {
    const user = renderHarness()
    const done = startUploads([file('photo.jpg'), file('PHOTO.jpg')], 'folder-1', onUploaded)
    // "PHOTO.jpg" is another name for the server: only photo.jpg is asked about.
    await dialog('photo.jpg')
    await user.click(screen.getByRole('button', { name: 'Keep both' }))
    await act(() => done)
    const upload = tus.upload('photo.jpg')!
    expect(upload.conflict).toBe('keep-both')
    expect(tus.upload('PHOTO.jpg')?.conflict).toBe('fail')
    expect(sent(`/file-service/info/${upload.fileId}`, 'GET')).toHaveLength(1)
    expect(row('photo.jpg').textContent).toContain(`Kept both, saved as stored-${upload.fileId}.pdf`)
  })

  it('given Skip, then that file never starts and shows as skipped; the others go on', async () => {
    const user = renderHarness()
    const done = startUploads([file('notes.txt'), file('fresh.txt')], 'folder-1', onUploaded)
    await dialog('notes.txt')
    await user.click(screen.getByRole('button', { name: 'Skip' }))
    await act(() => done)
    expect(posts('notes.txt')).toEqual([])
    expect(tus.upload('fresh.txt')?.conflict).toBe('fail')
    expect(state('notes.txt')).toBe('skipped')
    expect(within(row('notes.txt')).getByRole('img', { name: 'Skipped' })).toBeTruthy()
    expect(panel().getByRole('heading').textContent).toBe('Uploaded 1 file(s)')
    expect(panel().getByText('1 skipped')).toBeTruthy()
  })

  it('given several clashes, then they are asked one by one (N counts down), each with its own answer', async () => {
    const user = renderHarness()
    const done = startUploads([file('report.pdf'), file('photo.jpg'), file('notes.txt')], 'folder-1', onUploaded)
    await dialog('report.pdf')
    expect(screen.getByRole('checkbox', { name: 'Do this for all 3 conflicts' })).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Replace' }))
    await dialog('photo.jpg')
    expect((screen.getByRole('checkbox', { name: 'Do this for all 2 conflicts' }) as HTMLInputElement).checked).toBe(
      false,
    )
    await user.click(screen.getByRole('button', { name: 'Skip' }))
    await dialog('notes.txt')
    expect(screen.queryByRole('checkbox')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Keep both' }))
    await act(() => done)
    expect(tus.upload('report.pdf')?.conflict).toBe('replace')
    expect(posts('photo.jpg')).toEqual([])
    expect(tus.upload('notes.txt')?.conflict).toBe('keep-both')
  })

  it('given "Do this for all N conflicts", then one answer settles every clash and the rest are not asked', async () => {
    const user = renderHarness()
    const done = startUploads(
      [file('report.pdf'), file('fresh.txt'), file('photo.jpg'), file('notes.txt')],
      'folder-1',
      onUploaded,
    )
    await dialog('report.pdf')
    await user.click(screen.getByRole('checkbox', { name: 'Do this for all 3 conflicts' }))
    await user.click(screen.getByRole('button', { name: 'Keep both' }))
    await act(() => done)
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(['report.pdf', 'photo.jpg', 'notes.txt'].map((n) => tus.upload(n)?.conflict)).toEqual([
      'keep-both',
      'keep-both',
      'keep-both',
    ])
    expect(tus.upload('fresh.txt')?.conflict).toBe('fail')
  })

  it('given Escape, then the whole upload is called off: nothing starts, no row is listed', async () => {
    const user = renderHarness()
    const done = startUploads([file('fresh.txt'), file('report.pdf'), file('notes.txt')], 'folder-1', onUploaded)
    await dialog('report.pdf')
    await user.keyboard('{Escape}')
    await act(() => done)
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(tus.uploads.size).toBe(0)
    expect(uploads.value).toEqual([])
  })

  it('given a dropped file that clashes, then the same dialog asks before it is sent', async () => {
    const user = renderHarness()
    const dropped = file('report.pdf')
    fireEvent.drop(screen.getByRole('main'), {
      dataTransfer: { types: ['Files'], files: [dropped], items: [{ kind: 'file', getAsFile: () => dropped }] },
    })
    await dialog('report.pdf')
    await user.click(screen.getByRole('button', { name: 'Replace' }))
    await until(() => state('report.pdf') === 'completed')
    expect(tus.upload('report.pdf')?.conflict).toBe('replace')
  })

  it('given the server finds the name taken meanwhile (409 NAME_EXISTS), then it asks for that file and sends it again with the answer', async () => {
    const user = renderHarness()
    tus.refuse('late.txt', 409, 'An item with this name already exists', 'NAME_EXISTS')
    folders['folder-1']!.push('other.txt')
    const done = startUploads([file('late.txt'), file('fresh.txt')], 'folder-1', onUploaded)
    // Someone else stored late.txt after the app read the folder: the server's list says so now.
    await until(() => posts('late.txt').length === 1)
    folders['folder-1']!.push('late.txt')
    await dialog('late.txt')
    expect(posts('late.txt')[0]!.conflict).toBe('fail')
    expect(state('late.txt')).toBe('running')
    expect(screen.getByRole('alertdialog').textContent).toContain('as “late (1).txt”')
    await user.click(screen.getByRole('button', { name: 'Keep both' }))
    await act(() => done)
    expect(posts('late.txt').map((u) => u.conflict)).toEqual(['fail', 'keep-both'])
    expect(state('late.txt')).toBe('completed')
    expect(state('fresh.txt')).toBe('completed')
    expect(row('late.txt').textContent).toContain('Kept both, saved as stored-')
  })

  it('given a 409 NAME_EXISTS answered with Skip, then the file is skipped and not sent again', async () => {
    const user = renderHarness()
    tus.refuse('late.txt', 409, 'An item with this name already exists', 'NAME_EXISTS')
    const done = startUploads([file('late.txt')], 'folder-1', onUploaded)
    await dialog('late.txt')
    await user.click(screen.getByRole('button', { name: 'Skip' }))
    await act(() => done)
    expect(posts('late.txt')).toHaveLength(1)
    expect(state('late.txt')).toBe('skipped')
  })

  it('given several 409s mid-batch and "Do this for all", then one answer settles them all', async () => {
    const user = renderHarness()
    for (const name of ['a.txt', 'b.txt', 'c.txt']) tus.refuse(name, 409, 'Name taken', 'NAME_EXISTS')
    // The first late question reads the folder (for Keep both's name); it waits until all three
    // refusals came back, so the question knows of all three.
    let refusals = 0
    const count = ({ response }: { response: Response }) => void (response.status === 409 && refusals++)
    server.events.on('response:mocked', count)
    let lists = 0
    server.use(
      mock.get('*/file-service/list', async () => {
        if (++lists > 1) await until(() => refusals === 3)
        return ok([])
      }),
    )
    const done = startUploads([file('a.txt'), file('b.txt'), file('c.txt')], 'folder-1', onUploaded)
    // Whichever refusal came back first is asked about.
    await screen.findByRole('alertdialog', { name: /already exists/ })
    server.events.removeListener('response:mocked', count)
    await user.click(screen.getByRole('checkbox', { name: 'Do this for all 3 conflicts' }))
    await user.click(screen.getByRole('button', { name: 'Replace' }))
    await act(() => done)
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(['a.txt', 'b.txt', 'c.txt'].map((n) => posts(n).map((u) => u.conflict))).toEqual([
      ['fail', 'replace'],
      ['fail', 'replace'],
      ['fail', 'replace'],
    ])
  })

  it('given Escape on a 409 mid-batch, then the batch still running is canceled', async () => {
    const user = renderHarness()
    tus.refuse('late.txt', 409, 'Name taken', 'NAME_EXISTS')
    tus.hold()
    const done = startUploads([file('late.txt'), file('slow.txt')], 'folder-1', onUploaded)
    await until(() => tus.held().length === 2)
    tus.release('late.txt')
    await dialog('late.txt')
    await user.keyboard('{Escape}')
    await act(() => done)
    expect(state('late.txt')).toBe('canceled')
    expect(state('slow.txt')).toBe('canceled')
    expect(posts('late.txt')).toHaveLength(1)
  })

  it('given a folder upload, then it goes without a rule; files the server refuses (merged folder) are asked about by path, "for all" counting them', async () => {
    const user = renderHarness()
    const inFolder = (name: string) => {
      const f = file(name)
      Object.defineProperty(f, 'webkitRelativePath', { value: `Docs/${name}` })
      return f
    }
    for (const name of ['a.txt', 'b.txt']) tus.refuse(name, 409, 'Name taken', 'NAME_EXISTS')
    const done = startUploads([inFolder('a.txt'), inFolder('b.txt'), inFolder('c.txt')], 'folder-1', onUploaded)
    // The question counts every refusal of the batch, also those that came while it was open.
    const all = await screen.findByRole('checkbox', { name: 'Do this for all 2 conflicts' })
    expect(
      screen.getByRole('alertdialog').getAttribute('aria-label') ?? screen.getByRole('alertdialog').textContent,
    ).toMatch(/Docs\/[ab]\.txt/)
    await user.click(all)
    await user.click(screen.getByRole('button', { name: 'Keep both' }))
    await act(() => done)
    expect(['a.txt', 'b.txt', 'c.txt'].map((n) => posts(n).map((u) => u.conflict))).toEqual([
      [undefined, 'keep-both'],
      [undefined, 'keep-both'],
      [undefined],
    ])
    expect(tus.upload('a.txt')?.relativePath).toBe('Docs/a.txt')
    expect(state('Docs')).toBe('completed')
  })
})
