import '../../helpers/setup.ts'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { FolderJson } from '../../../../server/schemas/files.ts'
import {
  moveModal,
  multiSelectMap,
  multiSelectMode,
  setMoveModal,
  setMultiSelectMode,
} from '../../../../app/state/selection.ts'
import { useFakeClock, useRealClock } from '../../helpers/clock.ts'
import { isDisabled, toasts } from '../../helpers/render.tsx'
import { apiError, http as mock, ok, sent, server } from '../../helpers/server.ts'
import { fileJson, folderJson, renderModals } from './harness.tsx'

const file = fileJson()
const work = folderJson('w', 'Work')
const photos = folderJson('p', 'Photos')
const moving = folderJson('d1', 'Drafts')
const year = folderJson('y', '2024', 'w')
const q3 = folderJson('q', 'Q3', 'y')

// The server's folder tree by parent (exclusion of moved folders is the server's job).
const children: Record<string, FolderJson[]> = { '/': [photos, work], w: [year], y: [q3], q: [] }
const infos: Record<string, FolderJson> = { w: work, y: year, q: q3, p: photos }

/** The query of every move-folder-list request, in order. */
const listQueries = () =>
  sent('/folder-service/move-folder-list').map((r) => {
    const q = new URLSearchParams(r.search)
    return {
      parent: q.get('parent'),
      search: q.get('search'),
      folderIDs: q.getAll('folderIDs[]'),
      currentParent: q.get('currentParent'),
    }
  })
const lastQuery = () => listQueries().at(-1)

function serveTree() {
  server.use(
    mock.get('*/folder-service/move-folder-list', ({ request }) => {
      const q = new URL(request.url).searchParams
      const search = q.get('search')
      if (search) return ok([photos, work, year, q3].filter((f) => f.name.toLowerCase().includes(search.toLowerCase())))
      return ok(children[q.get('parent') ?? '/'] ?? [])
    }),
    mock.get('*/folder-service/info/:id', ({ params }) =>
      infos[params.id as string] ? ok(infos[params.id as string]) : apiError(404),
    ),
    mock.get('*/file-service/quick-list', () => ok([])),
    mock.get('*/folder-service/list', () => ok([])),
  )
}

async function open(request: Parameters<typeof setMoveModal>[0], { fakeTimers = false } = {}) {
  serveTree()
  setMoveModal(request)
  const view = renderModals({ readers: true, fakeTimers })
  const dialog = await screen.findByRole('dialog', { name: 'Move' })
  await screen.findByRole('option', { name: 'Work' })
  return { ...view, dialog }
}

const confirmButton = () => screen.getByRole('button', { name: 'Confirm' })
const summary = (text: string) => screen.getByText(text, { selector: 'p' })

afterEach(() => useRealClock())

describe('move modal: browsing (SPEC §2 "Move modal")', () => {
  it('opens at Home: lists the root folders with parent "/", an empty search and the current route as currentParent', async () => {
    const { dialog } = await open({ type: 'file', file })
    expect(
      within(dialog)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Photos', 'Work'])
    expect(screen.getByRole('button', { name: 'Home', pressed: false })).toBeTruthy()
    expect(summary('Move to home')).toBeTruthy()
    expect(listQueries()).toEqual([{ parent: '/', search: '', folderIDs: [], currentParent: '/' }])
    expect(screen.getByRole('searchbox', { name: 'Search' })).toBeTruthy()
  })

  it('given the browser is inside a folder, then currentParent is that folder', async () => {
    window.history.replaceState(null, '', '/folder/abc')
    await open({ type: 'file', file })
    expect(lastQuery()?.currentParent).toBe('abc')
  })

  it('given a folder is moved, then its id goes as folderIDs so it and its descendants are left out', async () => {
    await open({ type: 'folder', folder: moving })
    expect(lastQuery()).toEqual({ parent: '/', search: '', folderIDs: ['d1'], currentParent: '/' })
  })

  it('given multi-select, then folderIDs are the selected folders and the search input is hidden', async () => {
    setMultiSelectMode([
      { type: 'file', id: 'f1', file },
      { type: 'folder', id: 'd1', folder: moving },
      { type: 'folder', id: 'd2', folder: folderJson('d2', 'Old') },
    ])
    await open({ type: 'multi' })
    expect(lastQuery()?.folderIDs).toEqual(['d1', 'd2'])
    expect(screen.queryByRole('searchbox')).toBeNull()
  })

  it('a second click on a folder within 1.5 s enters it; after 1.5 s a click only selects it', async () => {
    useFakeClock()
    const { user } = await open({ type: 'file', file }, { fakeTimers: true })
    await user.click(screen.getByRole('option', { name: 'Work' }))
    vi.advanceTimersByTime(1501)
    await user.click(screen.getByRole('option', { name: 'Work' }))
    // Still at Home, with Work selected.
    expect(screen.getByRole('option', { name: 'Work', selected: true })).toBeTruthy()
    expect(summary('Move to Work')).toBeTruthy()
    expect(listQueries().map((q) => q.parent)).toEqual(['/'])
    vi.advanceTimersByTime(1000)
    await user.click(screen.getByRole('option', { name: 'Work' }))
    await screen.findByRole('option', { name: '2024' })
    expect(lastQuery()?.parent).toBe('w')
    // Inside Work, nothing selected: the destination is the current folder.
    expect(screen.getByRole('button', { name: 'Work', pressed: false })).toBeTruthy()
    expect(summary('Move to Work')).toBeTruthy()
  })

  it('Back goes to the parent of the current folder (from its info), and to Home from a top folder', async () => {
    const { user, dialog } = await open({ type: 'file', file })
    for (const name of ['Work', 'Work', '2024', '2024']) await user.click(await screen.findByRole('option', { name }))
    await screen.findByRole('option', { name: 'Q3' })
    expect(screen.getByRole('button', { name: '2024' })).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Back' }))
    // The parent's id and name come from the folder info; its list may come from the cache.
    expect(sent('/folder-service/info/y')).not.toHaveLength(0)
    expect(await screen.findByRole('button', { name: 'Work' })).toBeTruthy()
    expect(
      within(dialog)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['2024'])
    await user.click(screen.getByRole('button', { name: 'Back' }))
    await screen.findByRole('option', { name: 'Photos' })
    expect(screen.getByRole('button', { name: 'Home', pressed: false })).toBeTruthy()
    expect(summary('Move to home')).toBeTruthy()
    // Root stays root.
    expect(isDisabled(screen.getByRole('button', { name: 'Back' }))).toBe(true)
    expect(new Set(listQueries().map((q) => q.parent))).toEqual(new Set(['/', 'w', 'y']))
  })

  it('search is sent 500 ms after typing; the home icon goes to the root and clears the search', async () => {
    const { user } = await open({ type: 'file', file })
    // Enter Work by keyboard (ArrowRight), which selects nothing at Home on the way.
    screen.getByRole('option', { name: 'Work' }).focus()
    await user.keyboard('{ArrowRight}')
    await screen.findByRole('option', { name: '2024' })
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'q')
    await screen.findByRole('option', { name: 'Q3' })
    expect(lastQuery()).toMatchObject({ parent: 'w', search: 'q' })
    await user.click(screen.getByRole('button', { name: 'Go to Home' }))
    // The root's folders (unfiltered) again; the cache may answer, so look at the list itself.
    await screen.findByRole('option', { name: 'Photos' })
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Photos', 'Work'])
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search' }).value).toBe('')
    expect(summary('Move to home')).toBeTruthy()
  })

  it('the close icon closes it and resets moveModal; the next opening starts at Home again', async () => {
    const { user } = await open({ type: 'file', file })
    for (const name of ['Work', 'Work']) await user.click(await screen.findByRole('option', { name }))
    await screen.findByRole('option', { name: '2024' })
    await user.click(screen.getByRole('button', { name: 'Close' }))
    expect(moveModal.value).toBeNull()
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Move' })).toBeNull())
    act(() => setMoveModal({ type: 'file', file }))
    await screen.findByRole('option', { name: 'Photos' })
    expect(screen.getByRole('button', { name: 'Home' })).toBeTruthy()
  })
})

describe('move modal: moving (SPEC §7, §8 toasts)', () => {
  it('a file: PATCH /file-service/move with the selected folder, "Moving File..." while Confirm is disabled, then "File Moved", closed and lists refetched', async () => {
    let release!: () => void
    server.use(
      mock.patch('*/file-service/move', () => new Promise<Response>((resolve) => (release = () => resolve(ok())))),
    )
    const { user } = await open({ type: 'file', file })
    await waitFor(() => expect(sent('/file-service/quick-list')).toHaveLength(1))
    await user.click(screen.getByRole('option', { name: 'Photos' }))
    expect(summary('Move to Photos')).toBeTruthy()
    await user.click(confirmButton())
    expect(await toasts().findByText('Moving File...')).toBeTruthy()
    expect(isDisabled(confirmButton())).toBe(true)
    // A second press while moving sends nothing more.
    fireEvent.click(confirmButton())
    release()
    expect(await toasts().findByText('File Moved')).toBeTruthy()
    expect(sent('/file-service/move', 'PATCH').map((r) => r.body)).toEqual([{ id: 'f1', parentID: 'p' }])
    expect(moveModal.value).toBeNull()
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Move' })).toBeNull())
    // Files and folders both refetch.
    await waitFor(() => expect(sent('/file-service/quick-list')).toHaveLength(2))
    await waitFor(() => expect(sent('/folder-service/list')).toHaveLength(2))
  })

  it('a folder: PATCH /folder-service/move to the current folder when nothing is selected, "Folder Moved"', async () => {
    server.use(mock.patch('*/folder-service/move', () => ok()))
    const { user } = await open({ type: 'folder', folder: moving })
    for (const name of ['Work', 'Work']) await user.click(await screen.findByRole('option', { name }))
    await screen.findByRole('option', { name: '2024' })
    await user.click(confirmButton())
    expect(await toasts().findByText('Folder Moved')).toBeTruthy()
    expect(sent('/folder-service/move', 'PATCH').map((r) => r.body)).toEqual([{ id: 'd1', parentID: 'w' }])
    expect(moveModal.value).toBeNull()
  })

  it('at Home with nothing selected, the destination is "/"', async () => {
    server.use(mock.patch('*/file-service/move', () => ok()))
    const { user } = await open({ type: 'file', file })
    await user.click(confirmButton())
    expect(await toasts().findByText('File Moved')).toBeTruthy()
    expect(sent('/file-service/move', 'PATCH').map((r) => r.body)).toEqual([{ id: 'f1', parentID: '/' }])
  })

  it('multi: PATCH /file-service/move-multi with the selected items as {id, type}, "Items Moved", then the selection is cleared', async () => {
    server.use(mock.patch('*/file-service/move-multi', () => ok()))
    setMultiSelectMode([
      { type: 'file', id: 'f1', file },
      { type: 'folder', id: 'd1', folder: moving },
      { type: 'quick-item', id: 'f9', file: fileJson({ _id: 'f9' }) },
    ])
    const { user } = await open({ type: 'multi' })
    await user.click(screen.getByRole('option', { name: 'Work' }))
    await user.click(confirmButton())
    expect(await toasts().findByText('Items Moved')).toBeTruthy()
    expect(sent('/file-service/move-multi', 'PATCH').map((r) => r.body)).toEqual([
      {
        items: [
          { id: 'f1', type: 'file' },
          { id: 'd1', type: 'folder' },
          { id: 'f9', type: 'quick-item' },
        ],
        parentID: 'w',
      },
    ])
    expect(multiSelectMode.value).toBe(false)
    expect(multiSelectMap.value).toEqual({})
    expect(moveModal.value).toBeNull()
    await waitFor(() => expect(sent('/folder-service/list')).toHaveLength(2))
  })

  it('multi with nothing selected: the alert "No items selected" and no request', async () => {
    const { user } = await open({ type: 'multi' })
    await user.click(confirmButton())
    const alert = await screen.findByRole('alertdialog', { name: 'No items selected' })
    await user.click(within(alert).getByRole('button', { name: 'Okay' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(sent('/file-service/move-multi')).toHaveLength(0)
    expect(toasts().queryByText('Moving items...')).toBeNull()
  })

  it.each([
    ['file', '/file-service/move', 'Moving File...', 'Error Moving File'],
    ['folder', '/folder-service/move', 'Moving Folder...', 'Error Moving Folder'],
    ['multi', '/file-service/move-multi', 'Moving items...', 'Error Moving Items'],
  ] as const)(
    'given moving a %s fails with a 500, then "%s"… "%s"… the modal stays open and Confirm works again',
    async (type, path, pending, error) => {
      let fail!: () => void
      server.use(
        mock.patch(`*${path}`, () => new Promise<Response>((resolve) => (fail = () => resolve(apiError(500))))),
      )
      if (type === 'multi') setMultiSelectMode([{ type: 'file', id: 'f1', file }])
      await open(type === 'file' ? { type, file } : type === 'folder' ? { type, folder: moving } : { type })
      fireEvent.click(confirmButton())
      expect(await toasts().findByText(pending)).toBeTruthy()
      fail()
      expect(await toasts().findByText(error)).toBeTruthy()
      await waitFor(() => expect(isDisabled(confirmButton())).toBe(false))
      expect(moveModal.value).not.toBeNull()
      expect(screen.getByRole('dialog', { name: 'Move' })).toBeTruthy()
      if (type === 'multi') expect(multiSelectMode.value).toBe(true)
      expect(sent('/file-service/quick-list')).toHaveLength(1)
    },
  )
})
