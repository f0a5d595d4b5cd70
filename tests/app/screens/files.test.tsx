import '../helpers/setup.ts'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { setLoggedIn } from '../../../app/state/user.ts'
import { useFakeClock, useRealClock } from '../helpers/clock.ts'
import { setViewportWidth } from '../helpers/dom.ts'
import { makeFile, makeFolder, serveDrive } from '../helpers/drive.ts'
import { path, renderApp, toasts } from '../helpers/render.tsx'
import { apiError, http as mock, ok, sent, server } from '../helpers/server.ts'
import { testUserDetailed } from '../../../mocks/fixtures.ts'

const named = (name: string) => new RegExp(`^${name.replace(/[.()]/g, '\\$&')}`)
const card = (name: string) => screen.getByRole('option', { name: named(name) })
const findCard = (name: string) => screen.findByRole('option', { name: named(name) })

function open(url: string, options?: { fakeTimers?: boolean }) {
  setLoggedIn(true)
  localStorage.setItem('hasPreviouslyLoggedIn', 'true')
  return renderApp(url, options)
}

const listQuery = (path: string) => sent(path, 'GET').map((r) => Object.fromEntries(new URLSearchParams(r.search)))

afterEach(() => useRealClock())

// Under fake timers findBy* spends its budget in fake time, almost at once: load the lazy screen first.
beforeAll(async () => {
  await import('../../../app/screens/files/files-screen.tsx')
})

describe('file screens: sections and titles (SPEC §2 Home page)', () => {
  it('home shows Quick Access, Home Folders and Home Files with cards (name and MM/DD/YY hh:mma)', async () => {
    serveDrive({ folders: [makeFolder(1)], files: [makeFile(1), makeFile(2)] })
    open('/home')
    expect(await screen.findByRole('heading', { name: 'Quick Access' })).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Home Folders' })).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Home Files' })).toBeTruthy()
    expect((await findCard('report-1.pdf')).textContent).toMatch(/\d\d\/\d\d\/\d\d \d\d:\d\d(AM|PM)/)
    expect(await findCard('Folder 1')).toBeTruthy()
    expect(listQuery('/file-service/list')[0]).toMatchObject({ parent: '/', sortBy: 'date_desc', limit: '50' })
  })

  it('inside a folder: the parent bar names it, titles are Folders/Files or No Folders, back goes up', async () => {
    const parent = makeFolder(1)
    const child = makeFolder(2, { parent: parent._id, name: 'Child' })
    const drive = serveDrive({ folders: [parent, child], files: [makeFile(1)] })
    server.use(
      mock.get('*/folder-service/list', ({ request }) =>
        ok(new URL(request.url).searchParams.get('parent') === child._id ? [] : drive.folders),
      ),
    )
    const { user } = open(`/folder/${child._id}`)
    const bar = await screen.findByRole('navigation', { name: 'Breadcrumb' })
    expect(await within(bar).findByText('Child')).toBeTruthy()
    expect(await screen.findByRole('heading', { name: 'No Folders' })).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Files' })).toBeTruthy()
    expect(screen.queryByRole('heading', { name: 'Quick Access' })).toBeNull()
    await user.click(within(bar).getByRole('button', { name: 'Back' }))
    expect(path()).toBe(`/folder/${parent._id}`)
    expect(await screen.findByRole('heading', { name: 'Folders' })).toBeTruthy()
    await user.click(
      within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('button', { name: 'Home' }),
    )
    expect(path()).toBe('/home')
  })

  it('trash shows the banner and the Trash title, and lists with trashMode', async () => {
    serveDrive({ folders: [makeFolder(1, { trashed: true })], files: [makeFile(1)] })
    open('/trash')
    expect(
      await screen.findByText('Items in the trash may be automatically deleted depending on the servers settings.'),
    ).toBeTruthy()
    expect(await screen.findByRole('heading', { name: 'Trash' })).toBeTruthy()
    await findCard('report-1.pdf')
    expect(listQuery('/file-service/list')[0]).toMatchObject({ trashMode: 'true' })
    expect(listQuery('/folder-service/list')[0]).toMatchObject({ trashMode: 'true' })
  })

  it('trash says the real retention beside the banner, shows days left per item, and "Empty trash" empties it after a confirmation', async () => {
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000 - 60_000).toISOString()
    serveDrive({
      folders: [makeFolder(1, { trashed: true, trashedAt: daysAgo(10) })],
      files: [
        makeFile(1, { metadata: { trashed: true, trashedAt: daysAgo(28) } }),
        makeFile(2, { metadata: { trashed: true, trashedAt: daysAgo(29.99) } }),
      ],
    })
    server.use(
      mock.get('*/user-service/user-detailed', () => ok({ ...testUserDetailed, trashRetentionDays: 30 })),
      mock.delete('*/file-service/empty-trash', () => ok({ message: 'Trash emptied' })),
    )
    const { user } = open('/trash')
    expect(
      await screen.findByText('Items in the trash may be automatically deleted depending on the servers settings.'),
    ).toBeTruthy()
    expect(
      await screen.findByText('On this server, items are deleted forever 30 days after they are moved to the trash.'),
    ).toBeTruthy()
    expect((await findCard('report-1.pdf')).textContent).toContain('2 days left')
    expect(card('report-2.pdf').textContent).toContain('1 day left')
    expect((await findCard('Folder 1')).textContent).toContain('20 days left')

    await user.click(screen.getByRole('button', { name: 'Empty trash' }))
    let dialog = await screen.findByRole('alertdialog', { name: 'Empty trash?' })
    await user.click(within(dialog).getByRole('button', { name: 'cancel' }))
    expect(sent('/file-service/empty-trash', 'DELETE')).toHaveLength(0)
    await user.click(screen.getByRole('button', { name: 'Empty trash' }))
    dialog = await screen.findByRole('alertdialog', { name: 'Empty trash?' })
    expect(within(dialog).getByText(/deleted forever/)).toBeTruthy()
    const listed = listQuery('/file-service/list').length
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }))
    expect(await toasts().findByText('Trash emptied')).toBeTruthy()
    expect(sent('/file-service/empty-trash', 'DELETE')).toHaveLength(1)
    // The lists (and the storage meter) are asked again.
    await waitFor(() => expect(listQuery('/file-service/list').length).toBeGreaterThan(listed))
  })

  it('with retention 0, trash says items stay until deleted and shows no days left', async () => {
    serveDrive({
      folders: [],
      files: [makeFile(1, { metadata: { trashed: true, trashedAt: new Date().toISOString() } })],
    })
    server.use(mock.get('*/user-service/user-detailed', () => ok({ ...testUserDetailed, trashRetentionDays: 0 })))
    open('/trash')
    expect(await screen.findByText('On this server, items stay in the trash until you delete them.')).toBeTruthy()
    expect((await findCard('report-1.pdf')).textContent).not.toMatch(/left|soon/)
  })

  it('a search route titles folders Search and sends the text without a parent', async () => {
    serveDrive({ folders: [makeFolder(1)], files: [makeFile(1)] })
    open('/search/rep%20ort')
    expect(await screen.findByRole('heading', { name: 'Search' })).toBeTruthy()
    // Search results are rows (DESIGN §8), whatever the view preference.
    await screen.findByText('report-1.pdf')
    expect(screen.queryByRole('option', { name: named('report-1.pdf') })).toBeNull()
    const query = listQuery('/file-service/list')[0]!
    expect(query.search).toBe('rep ort')
    expect(query.parent).toBeUndefined()
  })

  it('the sort control and the view toggle change the lists and persist as preferences', async () => {
    serveDrive({ folders: [], files: [makeFile(1)] })
    const { user } = open('/home')
    await findCard('report-1.pdf')
    await user.click(screen.getByRole('button', { name: 'Ascending' }))
    await waitFor(() => expect(listQuery('/file-service/list').at(-1)).toMatchObject({ sortBy: 'date_asc' }))
    expect(localStorage.getItem('order-asc')).toBe('true')
    await user.click(screen.getByRole('button', { name: 'List view' }))
    expect(localStorage.getItem('list-mode')).toBe('true')
    expect(await screen.findByRole('columnheader', { name: 'Size' })).toBeTruthy()
  })

  it('the media page is titled by its filter and lists 100 thumbnails with mediaMode', async () => {
    serveDrive({ folders: [], files: [makeFile(1, { metadata: { hasThumbnail: true, thumbnailID: 't1' } })] })
    const { user } = open('/media')
    expect(await screen.findByRole('heading', { name: 'Photos and Videos' })).toBeTruthy()
    expect(listQuery('/file-service/list')[0]).toMatchObject({ mediaMode: 'true', mediaFilter: 'all', limit: '100' })
    await user.click(screen.getByRole('combobox', { name: 'Filter' }))
    await user.click(await screen.findByRole('option', { name: 'Videos' }))
    expect(await screen.findByRole('heading', { name: 'Videos' })).toBeTruthy()
    await waitFor(() => expect(listQuery('/file-service/list').at(-1)).toMatchObject({ mediaFilter: 'videos' }))
  })

  it('the media page groups thumbnails under month headings by when each was taken (else uploaded)', async () => {
    // jsdom has no layout: give the gallery (and everything else) a width to pack its rows into.
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000)
    const thumb = { hasThumbnail: true, thumbnailID: 't' }
    serveDrive({
      folders: [],
      files: [
        makeFile(1, { metadata: thumb }),
        makeFile(2, { metadata: { ...thumb, takenDate: '2019-09-14T08:00:00.000Z' } }),
      ],
    })
    open('/media')
    const taken = await findCard('report-2.pdf')
    expect(card('report-1.pdf')).toBeTruthy()
    expect(screen.getByText('March 2024')).toBeTruthy()
    expect(screen.getByText('September 2019')).toBeTruthy()
    // Each month starts its own row.
    expect(taken.parentElement).not.toBe(card('report-1.pdf').parentElement)
  })

  it('the media page lists by date taken whatever Home sorts by, newest first, and its toggle shows oldest first', async () => {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000)
    // Home sorted by name, ascending: the gallery must not inherit it (its months would repeat).
    localStorage.setItem('sort-name', 'true')
    localStorage.setItem('order-asc', 'true')
    const { resetFilters } = await import('../../../app/state/filters.ts')
    resetFilters()
    serveDrive({ folders: [], files: [makeFile(1, { metadata: { hasThumbnail: true, thumbnailID: 't1' } })] })
    const { user } = open('/media')
    await findCard('report-1.pdf')
    expect(listQuery('/file-service/list')[0]).toMatchObject({ mediaMode: 'true', sortBy: 'date_desc' })
    await user.click(screen.getByRole('button', { name: 'Oldest first' }))
    await waitFor(() => expect(listQuery('/file-service/list').at(-1)).toMatchObject({ sortBy: 'date_asc' }))
    // Home's own sort is left as it was.
    expect(localStorage.getItem('sort-name')).toBe('true')
    expect(localStorage.getItem('order-asc')).toBe('true')
  })

  it('an empty media page says so and offers to upload', async () => {
    serveDrive({ folders: [], files: [] })
    const picked = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => {})
    const { user } = open('/media')
    expect(await screen.findByRole('heading', { name: 'No photos or videos yet' })).toBeTruthy()
    expect(screen.getByText('Upload photos and videos and they show up here')).toBeTruthy()
    const main = screen.getByRole('main')
    await user.click(within(main).getByRole('button', { name: 'Upload Files' }))
    expect(picked).toHaveBeenCalled()
  })
})

describe('on a phone: tap to select, tap again to open (SPEC §4)', () => {
  it('the first tap selects the card and shows the Open cue; the second opens it', async () => {
    setViewportWidth(500)
    serveDrive({ folders: [makeFolder(1)], files: [makeFile(1)] })
    const { user } = open('/home')
    const file = await findCard('report-1.pdf')
    expect(file.querySelector('[data-part="open-cue"]')).toBeNull()
    await user.click(file)
    expect(file.getAttribute('aria-selected')).toBe('true')
    expect(file.querySelector('[data-part="open-cue"]')?.textContent).toBe('Open')
    await user.click(file)
    expect(await screen.findByRole('dialog', { name: 'report-1.pdf' })).toBeTruthy()
  })

  it('a folder too: the first tap shows the Open cue, the second enters it', async () => {
    setViewportWidth(500)
    serveDrive({ folders: [makeFolder(1)], files: [] })
    const { user } = open('/home')
    const folder = await findCard('Folder 1')
    await user.click(folder)
    expect(folder.querySelector('[data-part="open-cue"]')?.textContent).toBe('Open')
    await user.click(folder)
    await waitFor(() => expect(path()).toBe('/folder/folder-1'))
  })

  it('on desktop a selected card has no Open cue (the details panel shows the selection)', async () => {
    serveDrive({ folders: [], files: [makeFile(1)] })
    const { user } = open('/home')
    const file = await findCard('report-1.pdf')
    await user.click(file)
    expect(file.getAttribute('aria-selected')).toBe('true')
    expect(file.querySelector('[data-part="open-cue"]')).toBeNull()
  })
})

describe('details panel (SPEC §2)', () => {
  it('describes a selected file: Type (extension), Size, Created, Access', async () => {
    serveDrive({ folders: [], files: [makeFile(1, { metadata: { linkType: 'public', link: 'tok' } })] })
    const { user } = open('/home')
    const first = await findCard('report-1.pdf')
    const panel = screen.getByRole('complementary', { name: 'Details' })
    expect(within(panel).getByText('Select a file or folder to view it’s details.')).toBeTruthy()
    await user.click(first)
    for (const label of ['Type', 'Size', 'Created', 'Access']) expect(within(panel).getByText(label)).toBeTruthy()
    expect(within(panel).getAllByText('PDF').length).toBeGreaterThan(0)
    expect(within(panel).getByText('Public')).toBeTruthy()
    expect(within(panel).getByText('03/07/2024')).toBeTruthy()
  })
})

describe('selection (SPEC §4)', () => {
  it('a click selects (details panel), a second click within 1.5 s opens a folder; later it only selects', async () => {
    useFakeClock()
    serveDrive({ folders: [makeFolder(1)], files: [] })
    const { user } = open('/home', { fakeTimers: true })
    await user.click(await findCard('Folder 1'))
    const panel = screen.getByRole('complementary', { name: 'Details' })
    expect(within(panel).getByText('Folder')).toBeTruthy()
    act(() => void (Date.now() + 0))
    await act(async () => void (await import('vitest')).vi.advanceTimersByTime(1600))
    await user.click(card('Folder 1'))
    expect(path()).toBe('/home')
    await user.click(card('Folder 1'))
    expect(path()).toBe('/folder/folder-1')
  })

  it('with single-click-folders on, one click opens a folder', async () => {
    localStorage.setItem('single-click-folders', 'true')
    const { loadPreferences } = await import('../../../app/state/preferences.ts')
    loadPreferences()
    serveDrive({ folders: [makeFolder(1)], files: [] })
    const { user } = open('/home')
    await user.click(await findCard('Folder 1'))
    expect(path()).toBe('/folder/folder-1')
  })

  it('Ctrl-click toggles multi-select; the bar counts, Escape and route changes clear it', async () => {
    serveDrive({ folders: [makeFolder(1)], files: [makeFile(1), makeFile(2)] })
    const { user } = open('/home')
    await user.click(await findCard('report-1.pdf'))
    await user.keyboard('{Control>}')
    await user.click(card('report-2.pdf'))
    await user.keyboard('{/Control}')
    // Entering multi-select keeps the item that was open (SPEC §4).
    const bar = screen.getByRole('toolbar', { name: 'Selection' })
    expect(within(bar).getByText('2 selected')).toBeTruthy()
    await user.click(card('report-2.pdf'))
    expect(within(bar).getByText('1 selected')).toBeTruthy()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('toolbar', { name: 'Selection' })).toBeNull()
    await user.keyboard('{Control>}')
    await user.click(card('Folder 1'))
    await user.keyboard('{/Control}')
    expect(screen.getByRole('toolbar', { name: 'Selection' })).toBeTruthy()
    await user.click(screen.getByRole('link', { name: 'Trash' }))
    await waitFor(() => expect(path()).toBe('/trash'))
    expect(screen.queryByRole('toolbar', { name: 'Selection' })).toBeNull()
  })

  it('Ctrl+A selects every loaded item', async () => {
    serveDrive({ folders: [makeFolder(1)], files: [makeFile(1), makeFile(2)] })
    const { user } = open('/home')
    ;(await findCard('report-1.pdf')).focus()
    await user.keyboard('{Control>}a{/Control}')
    expect(within(screen.getByRole('toolbar', { name: 'Selection' })).getByText('3 selected')).toBeTruthy()
  })

  it('Shift-click selects the range from the last clicked item, across folders and files; Escape clears it', async () => {
    serveDrive({ folders: [makeFolder(1), makeFolder(2)], files: [makeFile(1), makeFile(2), makeFile(3)] })
    const { user } = open('/home')
    await user.click(await findCard('Folder 2'))
    expect(screen.queryByRole('toolbar', { name: 'Selection' })).toBeNull()
    await user.keyboard('{Shift>}')
    await user.click(card('report-2.pdf'))
    await user.keyboard('{/Shift}')
    const bar = screen.getByRole('toolbar', { name: 'Selection' })
    expect(within(bar).getByText('3 selected')).toBeTruthy()
    const isSelected = (name: string) => card(name).getAttribute('aria-selected')
    expect(['Folder 1', 'Folder 2', 'report-1.pdf', 'report-2.pdf', 'report-3.pdf'].map(isSelected)).toEqual([
      'false',
      'true',
      'true',
      'true',
      'false',
    ])
    // In multi-select mode a plain click still toggles (SPEC §4).
    await user.click(card('report-3.pdf'))
    expect(within(bar).getByText('4 selected')).toBeTruthy()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('toolbar', { name: 'Selection' })).toBeNull()
    // Entering multi-select cleared the main item (SPEC §4): nothing is left selected.
    expect(screen.queryAllByRole('option', { selected: true })).toHaveLength(0)
  })

  it('Shift+Arrow extends the selection from the clicked item', async () => {
    serveDrive({ folders: [], files: [makeFile(1), makeFile(2), makeFile(3)] })
    const { user } = open('/home')
    await user.click(await findCard('report-1.pdf'))
    await user.keyboard('{Shift>}{ArrowRight}{/Shift}')
    expect(within(screen.getByRole('toolbar', { name: 'Selection' })).getByText('2 selected')).toBeTruthy()
    expect(card('report-2.pdf').getAttribute('aria-selected')).toBe('true')
    await user.keyboard('{Shift>}{ArrowRight}{/Shift}')
    expect(within(screen.getByRole('toolbar', { name: 'Selection' })).getByText('3 selected')).toBeTruthy()
  })

  it("Ctrl+A in the search field stays the field's own: nothing is selected and the key is not taken", async () => {
    serveDrive({ folders: [makeFolder(1)], files: [makeFile(1)] })
    const { user } = open('/home')
    await findCard('report-1.pdf')
    const field = screen.getByRole('combobox', { name: 'Search' })
    await user.type(field, 'rep')
    const key = new KeyboardEvent('keydown', { key: 'a', ctrlKey: true, bubbles: true, cancelable: true })
    field.dispatchEvent(key)
    expect(key.defaultPrevented).toBe(false)
    await user.keyboard('{Control>}a{/Control}')
    expect(screen.queryByRole('toolbar', { name: 'Selection' })).toBeNull()
  })
})

describe('item actions: prompts, confirmations and toasts (SPEC §5, §8)', () => {
  async function menuAction(name: string, action: string, user: ReturnType<typeof open>['user']) {
    fireEvent.contextMenu(await findCard(name))
    await user.click(await screen.findByRole('menuitem', { name: action }))
  }

  it('a right-click selects the item (the details panel shows it) before its menu opens', async () => {
    serveDrive({ folders: [makeFolder(1)], files: [makeFile(1), makeFile(2)] })
    open('/home')
    fireEvent.contextMenu(await findCard('report-2.pdf'))
    expect(await screen.findByRole('menu')).toBeTruthy()
    await waitFor(() => expect(card('report-2.pdf').getAttribute('aria-selected')).toBe('true'))
    expect(card('report-1.pdf').getAttribute('aria-selected')).not.toBe('true')
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' })
    fireEvent.contextMenu(await findCard('Folder 1'))
    await waitFor(() => expect(card('Folder 1').getAttribute('aria-selected')).toBe('true'))
    expect(card('report-2.pdf').getAttribute('aria-selected')).not.toBe('true')
  })

  it('rename: "Enter A File Name" prefilled, empty → "Please Enter a Name", unchanged does nothing, else Renaming... → Renamed', async () => {
    serveDrive({ folders: [], files: [makeFile(1)] })
    server.use(mock.patch('*/file-service/rename', () => ok()))
    const { user } = open('/home')
    await menuAction('report-1.pdf', 'Rename', user)
    const dialog = await screen.findByRole('dialog', { name: 'Enter A File Name' })
    const field = within(dialog).getByRole<HTMLInputElement>('textbox')
    expect(field.value).toBe('report-1.pdf')
    // The name is selected without its extension: typing a new name keeps ".pdf".
    await waitFor(() => expect(document.activeElement).toBe(field))
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, 'report-1'.length])
    await user.click(within(dialog).getByRole('button', { name: 'Okay' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(sent('/file-service/rename')).toHaveLength(0)
    await menuAction('report-1.pdf', 'Rename', user)
    const again = await screen.findByRole('dialog', { name: 'Enter A File Name' })
    await user.clear(within(again).getByRole('textbox'))
    await user.click(within(again).getByRole('button', { name: 'Okay' }))
    expect(await within(again).findByText('Please Enter a Name')).toBeTruthy()
    await user.type(within(again).getByRole('textbox'), 'final.pdf')
    await user.click(within(again).getByRole('button', { name: 'Okay' }))
    expect(await toasts().findByText('Renamed')).toBeTruthy()
    expect(sent('/file-service/rename')[0]!.body).toEqual({ id: 'file-1', title: 'final.pdf' })
  })

  it('rename failure shows "Error Renaming"; folders ask "Enter A folder Name"', async () => {
    serveDrive({ folders: [makeFolder(1)], files: [] })
    server.use(mock.patch('*/folder-service/rename', () => apiError(500)))
    const { user } = open('/home')
    await menuAction('Folder 1', 'Rename', user)
    const dialog = await screen.findByRole('dialog', { name: 'Enter A folder Name' })
    await user.type(within(dialog).getByRole('textbox'), ' new')
    await user.click(within(dialog).getByRole('button', { name: 'Okay' }))
    expect(await toasts().findByText('Error Renaming')).toBeTruthy()
  })

  it('trash asks "Move to trash?" and toasts Trashing... → Trashed; cancel sends nothing', async () => {
    serveDrive({ folders: [], files: [makeFile(1)] })
    server.use(mock.patch('*/file-service/trash', () => ok()))
    const { user } = open('/home')
    await menuAction('report-1.pdf', 'Trash', user)
    let dialog = await screen.findByRole('alertdialog', { name: 'Move to trash?' })
    expect(within(dialog).getByText('Items in the trash will eventually be deleted.')).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'cancel' }))
    expect(sent('/file-service/trash')).toHaveLength(0)
    await menuAction('report-1.pdf', 'Trash', user)
    dialog = await screen.findByRole('alertdialog', { name: 'Move to trash?' })
    const before = sent('/file-service/list').length
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }))
    expect(await toasts().findByText('Trashed')).toBeTruthy()
    expect(sent('/file-service/trash')[0]!.body).toEqual({ id: 'file-1' })
    await waitFor(() => expect(sent('/file-service/list').length).toBeGreaterThan(before))
  })

  it('in trash: the menu offers Restore and Delete only; "Delete file?" → Deleted, "Restore item?" → Restored', async () => {
    serveDrive({ folders: [], files: [makeFile(1, { metadata: { trashed: true } })] })
    server.use(
      mock.delete('*/file-service/remove', () => ok()),
      mock.patch('*/file-service/restore', () => ok()),
    )
    const { user } = open('/trash')
    fireEvent.contextMenu(await findCard('report-1.pdf'))
    const menu = await screen.findByRole('menu')
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Multi-select', 'Restore', 'Delete'])
    await user.click(within(menu).getByRole('menuitem', { name: 'Delete' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete file?' })
    expect(within(dialog).getByText('You will not be able to recover this file.')).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }))
    expect(await toasts().findByText('Deleted')).toBeTruthy()
    await menuAction('report-1.pdf', 'Restore', user)
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Restore item?' })).getByRole('button', { name: 'Yes' }),
    )
    expect(await toasts().findByText('Restored')).toBeTruthy()
  })

  it('delete and restore show their pending toasts, and their error toasts when the call fails', async () => {
    let release: () => void = () => {}
    const held = () => new Promise<void>((resolve) => (release = resolve))
    serveDrive({ folders: [], files: [makeFile(1, { metadata: { trashed: true } })] })
    server.use(
      mock.delete('*/file-service/remove', async () => (await held(), apiError(500))),
      mock.patch('*/file-service/restore', async () => (await held(), apiError(500))),
    )
    const { user } = open('/trash')
    await menuAction('report-1.pdf', 'Delete', user)
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Delete file?' })).getByRole('button', { name: 'Yes' }),
    )
    expect(await toasts().findByText('Deleting...')).toBeTruthy()
    release()
    expect(await toasts().findByText('Error Deleting')).toBeTruthy()
    await menuAction('report-1.pdf', 'Restore', user)
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Restore item?' })).getByRole('button', { name: 'Yes' }),
    )
    expect(await toasts().findByText('Restoring...')).toBeTruthy()
    release()
    expect(await toasts().findByText('Error Restoring')).toBeTruthy()
  })

  it('deleting a folder asks "Delete folder?"; in trash the bar deletes and restores the selection ("Delete items?", "Restore items?")', async () => {
    serveDrive({ folders: [makeFolder(1, { trashed: true })], files: [makeFile(1, { metadata: { trashed: true } })] })
    server.use(
      mock.delete('*/folder-service/remove', () => ok()),
      mock.delete('*/file-service/remove-multi', () => ok()),
      mock.patch('*/file-service/restore-multi', () => ok()),
    )
    const { user } = open('/trash')
    await menuAction('Folder 1', 'Delete', user)
    const folderDialog = await screen.findByRole('alertdialog', { name: 'Delete folder?' })
    expect(within(folderDialog).getByText('You will not be able to recover this folder.')).toBeTruthy()
    await user.click(within(folderDialog).getByRole('button', { name: 'cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    await user.keyboard('{Control>}')
    await user.click(card('Folder 1'))
    await user.click(card('report-1.pdf'))
    await user.keyboard('{/Control}')
    const bar = screen.getByRole('toolbar', { name: 'Selection' })
    expect(within(bar).queryByRole('button', { name: 'Trash' })).toBeNull()
    await user.click(within(bar).getByRole('button', { name: 'Restore' }))
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Restore items?' })).getByRole('button', {
        name: 'cancel',
      }),
    )
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    await user.click(within(screen.getByRole('toolbar', { name: 'Selection' })).getByRole('button', { name: 'Delete' }))
    const many = await screen.findByRole('alertdialog', { name: 'Delete items?' })
    expect(within(many).getByText('You will not be able to recover these items.')).toBeTruthy()
    await user.click(within(many).getByRole('button', { name: 'Yes' }))
    expect(await toasts().findByText('Deleted')).toBeTruthy()
    expect(sent('/file-service/remove-multi')[0]!.body).toEqual({
      items: [
        { id: 'folder-1', type: 'folder' },
        { id: 'file-1', type: 'file' },
      ],
    })
  })

  it('the multi-select bar trashes the selection with one trash-multi call', async () => {
    serveDrive({ folders: [makeFolder(1)], files: [makeFile(1)] })
    server.use(mock.patch('*/file-service/trash-multi', () => apiError(500)))
    const { user } = open('/home')
    await user.keyboard('{Control>}')
    await user.click(await findCard('report-1.pdf'))
    await user.click(await findCard('Folder 1'))
    await user.keyboard('{/Control}')
    await user.click(within(screen.getByRole('toolbar', { name: 'Selection' })).getByRole('button', { name: 'Trash' }))
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Move to trash?' })).getByRole('button', { name: 'Yes' }),
    )
    expect(await toasts().findByText('Error Trashing')).toBeTruthy()
    expect(sent('/file-service/trash-multi')[0]!.body).toEqual({
      items: [
        { id: 'file-1', type: 'file' },
        { id: 'folder-1', type: 'folder' },
      ],
    })
  })

  it('when the bar closes after its action, focus goes back to the collection, not to <body>', async () => {
    const drive = serveDrive({ folders: [], files: [makeFile(1), makeFile(2)] })
    server.use(
      mock.patch('*/file-service/trash-multi', () => {
        drive.files = [makeFile(2)]
        return ok()
      }),
    )
    const { user } = open('/home')
    await user.keyboard('{Control>}')
    await user.click(await findCard('report-1.pdf'))
    await user.keyboard('{/Control}')
    within(screen.getByRole('toolbar', { name: 'Selection' }))
      .getByRole('button', { name: 'Trash' })
      .focus()
    await user.keyboard('{Enter}')
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Move to trash?' })).getByRole('button', { name: 'Yes' }),
    )
    await waitFor(() => expect(screen.queryByRole('toolbar', { name: 'Selection' })).toBeNull())
    await waitFor(() => expect(document.activeElement).not.toBe(document.body))
    expect(screen.getByRole('main').contains(document.activeElement)).toBe(true)
  })

  it('trashing the open folder from the parent bar goes to the trash of its parent', async () => {
    const folder = makeFolder(1)
    serveDrive({ folders: [folder], files: [] })
    server.use(mock.patch('*/folder-service/trash', () => ok()))
    const { user } = open(`/folder/${folder._id}`)
    const bar = await screen.findByRole('navigation', { name: 'Breadcrumb' })
    await within(bar).findByText('Folder 1')
    await user.click(within(bar).getByRole('button', { name: 'Folder actions' }))
    const menu = await screen.findByRole('menu')
    expect(within(menu).queryByRole('menuitem', { name: 'Multi-select' })).toBeNull()
    await user.click(within(menu).getByRole('menuitem', { name: 'Trash' }))
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Move to trash?' })).getByRole('button', { name: 'Yes' }),
    )
    await waitFor(() => expect(path()).toBe('/trash'))
  })

  it('keyboard: Delete on a focused card asks to trash it, F2 renames it', async () => {
    serveDrive({ folders: [], files: [makeFile(1)] })
    const { user } = open('/home')
    ;(await findCard('report-1.pdf')).focus()
    await user.keyboard('{Delete}')
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Move to trash?' })).getByRole('button', {
        name: 'cancel',
      }),
    )
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    card('report-1.pdf').focus()
    await user.keyboard('{F2}')
    expect(await screen.findByRole('dialog', { name: 'Enter A File Name' })).toBeTruthy()
  })
})

describe('search bar (SPEC §2)', () => {
  it('suggests once the typing settles (500 ms), then opens a folder suggestion', async () => {
    serveDrive({ folders: [], files: [makeFile(1)] })
    const { user } = open('/home')
    await findCard('report-1.pdf')
    server.use(
      mock.get('*/file-service/suggested-list', () =>
        ok({ folderList: [makeFolder(7, { name: 'Photos' })], fileList: [] }),
      ),
    )
    const field = screen.getByRole('combobox', { name: 'Search' })
    const started = Date.now()
    await user.type(field, 'pho')
    expect(sent('/file-service/suggested-list')).toHaveLength(0)
    await waitFor(() => expect(sent('/file-service/suggested-list')).toHaveLength(1))
    expect(Date.now() - started).toBeGreaterThanOrEqual(500)
    expect(listQuery('/file-service/suggested-list')).toEqual([{ search: 'pho' }])
    await user.click(await screen.findByRole('option', { name: 'Photos' }))
    expect(path()).toBe('/folder/folder-7')
  })

  it('shows No Results when both lists are empty; Enter goes to /search/<text>, empty text back to /home', async () => {
    serveDrive({ folders: [], files: [makeFile(1)] })
    const { user } = open('/home')
    await findCard('report-1.pdf')
    const field = screen.getByRole('combobox', { name: 'Search' })
    await user.type(field, 'zzz')
    expect(await screen.findByText('No Results')).toBeTruthy()
    await user.keyboard('{Enter}')
    expect(path()).toBe('/search/zzz')
    const again = await screen.findByRole('combobox', { name: 'Search' })
    await user.clear(again)
    await user.keyboard('{Enter}')
    expect(path()).toBe('/home')
  })
})
