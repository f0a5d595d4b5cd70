import '../helpers/setup.ts'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { setLoggedIn } from '../../../app/state/user.ts'
import { rangeFrom, resetSearchFilters, searchFilterParams } from '../../../app/state/search-filters.ts'
import { anna, sharedFolder } from '../../../mocks/fixtures.ts'
import { makeFile, makeFolder, serveDrive } from '../helpers/drive.ts'
import { path, renderApp } from '../helpers/render.tsx'
import { http as mock, ok, sent, server } from '../helpers/server.ts'

function open(url: string) {
  setLoggedIn(true)
  localStorage.setItem('hasPreviouslyLoggedIn', 'true')
  return renderApp(url)
}

const listQuery = (p: string) => sent(p, 'GET').map((r) => Object.fromEntries(new URLSearchParams(r.search)))
const lastQuery = (p: string) => listQuery(p).at(-1)!
const rowOf = (name: string) => screen.getAllByRole('row').find((row) => row.textContent?.includes(name))!

const photos = { _id: 'folder-photos', name: 'Photos' }
const sunflower = makeFile(1, {
  filename: 'garden.pdf',
  rank: 4,
  path: [],
  snippet: { text: 'we planted <b>sunflower</b> seeds', marks: [[14, 23]] },
})
const holiday = makeFile(2, { filename: 'holiday.jpg', rank: 3, path: [photos] })
const folder = makeFolder(3, { name: 'Holiday 2024', rank: 1, path: [photos] })

beforeAll(async () => {
  await import('../../../app/screens/files/files-screen.tsx')
})
beforeEach(() => resetSearchFilters())

const pressed = (toolbar: HTMLElement) =>
  within(toolbar)
    .getAllByRole('button')
    .filter((b) => b.getAttribute('aria-pressed') === 'true')
    .map((b) => b.textContent)

describe('search results (DESIGN §8 "Search inside files")', () => {
  it('/search asks for Best match (sortBy=relevance, no parent) and shows rows with the path and the snippet', async () => {
    serveDrive({ folders: [folder], files: [sunflower, holiday] })
    open('/search/sunflower')
    await screen.findByText('garden.pdf')
    expect(lastQuery('/file-service/list')).toMatchObject({ search: 'sunflower', sortBy: 'relevance' })
    expect(lastQuery('/file-service/list').parent).toBeUndefined()
    expect(lastQuery('/folder-service/list')).toMatchObject({ search: 'sunflower', sortBy: 'relevance' })
    // Rows, not cards: the search is a list whatever the view preference.
    expect(screen.queryByRole('option', { name: /garden\.pdf/ })).toBeNull()
    const row = rowOf('garden.pdf')
    const marks = [...row.querySelectorAll('mark')].map((m) => m.textContent)
    expect(marks).toEqual(['sunflower'])
    // The document's markup is text, not elements.
    expect(row.querySelector('b')).toBeNull()
    expect(row.textContent).toContain('<b>sunflower</b>')
    expect(within(rowOf('holiday.jpg')).getByRole('list', { name: 'Location' }).textContent).toBe('Home›Photos')
    expect(screen.getByRole('combobox', { name: 'Sort by' }).textContent).toContain('Best match')
    expect(screen.queryByRole('button', { name: 'Ascending' })).toBeNull()
    expect(screen.queryByRole('group', { name: 'View' })).toBeNull()
  })

  it("a result's crumb opens its folder; the Home crumb opens Home", async () => {
    serveDrive({ folders: [], files: [holiday] })
    const { user } = open('/search/holday')
    await screen.findByText('holiday.jpg')
    await user.click(within(rowOf('holiday.jpg')).getByRole('button', { name: 'Open folder Photos' }))
    expect(path()).toBe('/folder/folder-photos')
  })

  it('the Home crumb goes to /home, and in Trash search the first crumb is Trash and leads to /trash', async () => {
    serveDrive({ folders: [], files: [holiday] })
    const { user } = open('/search-trash/holday')
    await screen.findByText('holiday.jpg')
    expect(lastQuery('/file-service/list')).toMatchObject({ trashMode: 'true', sortBy: 'relevance' })
    await user.click(within(rowOf('holiday.jpg')).getByRole('button', { name: 'Open folder Trash' }))
    expect(path()).toBe('/trash')
  })

  it('the type and date chips send kind and from; pressing a chip again clears it', async () => {
    serveDrive({ folders: [], files: [sunflower] })
    const { user } = open('/search/sunflower')
    await screen.findByText('garden.pdf')
    const type = screen.getByRole('toolbar', { name: 'Type' })
    await user.click(within(type).getByRole('button', { name: 'Documents' }))
    await waitFor(() => expect(lastQuery('/file-service/list')).toMatchObject({ kind: 'documents' }))
    expect(lastQuery('/folder-service/list')).toMatchObject({ kind: 'documents' })
    const date = screen.getByRole('toolbar', { name: 'Date' })
    expect(within(date).getByRole('button', { name: 'Any time' }).getAttribute('aria-pressed')).toBe('true')
    await user.click(within(date).getByRole('button', { name: 'Past 7 days' }))
    await waitFor(() =>
      expect(lastQuery('/file-service/list')).toMatchObject({ kind: 'documents', from: rangeFrom('week') }),
    )
    await user.click(within(type).getByRole('button', { name: 'Documents' }))
    await waitFor(() => expect(lastQuery('/file-service/list').kind).toBeUndefined())
    expect(lastQuery('/file-service/list').from).toBe(rangeFrom('week'))
    expect(pressed(type)).toEqual([])
    // Back to the first query: SWR answers it from its cache, so the chips say what is asked.
    await user.click(within(date).getByRole('button', { name: 'Any time' }))
    expect(pressed(date)).toEqual(['Any time'])
    expect(listQuery('/file-service/list').every((q) => q.search === 'sunflower')).toBe(true)
  })

  it('Custom range… sends the chosen days as from and to, refuses a first day after the last, and a fixed chip replaces it', async () => {
    serveDrive({ folders: [], files: [sunflower] })
    const { user } = open('/search/sunflower')
    await screen.findByText('garden.pdf')
    const date = screen.getByRole('toolbar', { name: 'Date' })
    await user.click(within(date).getByRole('button', { name: 'Custom range…' }))
    const dialog = await screen.findByRole('dialog', { name: 'Custom range' })
    const from = within(dialog).getByLabelText('From')
    const to = within(dialog).getByLabelText('To')
    fireEvent.change(from, { target: { value: '2026-03-10' } })
    fireEvent.change(to, { target: { value: '2026-03-01' } })
    const asked = sent('/file-service/list', 'GET').length
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }))
    expect(within(dialog).getByRole('alert').textContent).toBe('The first day must be on or before the last day.')
    expect(sent('/file-service/list', 'GET').length).toBe(asked)
    fireEvent.change(to, { target: { value: '2026-03-31' } })
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }))
    await waitFor(() =>
      expect(lastQuery('/file-service/list')).toMatchObject({
        search: 'sunflower',
        from: '2026-03-10',
        to: '2026-03-31',
      }),
    )
    expect(lastQuery('/folder-service/list')).toMatchObject({ from: '2026-03-10', to: '2026-03-31' })
    expect(screen.queryByRole('dialog', { name: 'Custom range' })).toBeNull()
    expect(pressed(date)).toEqual(['03/10/2026 – 03/31/2026'])
    await user.click(within(date).getByRole('button', { name: 'Past 30 days' }))
    await waitFor(() => expect(lastQuery('/file-service/list').from).toBe(rangeFrom('month')))
    expect(lastQuery('/file-service/list').to).toBeUndefined()
    expect(pressed(date)).toEqual(['Past 30 days'])
  })

  it('choosing Name sends alp_desc with its direction toggle; Best match sends relevance again', async () => {
    serveDrive({ folders: [], files: [sunflower] })
    const { user } = open('/search/sunflower')
    await screen.findByText('garden.pdf')
    await user.click(screen.getByRole('combobox', { name: 'Sort by' }))
    await user.click(await screen.findByRole('option', { name: 'Name' }))
    await waitFor(() => expect(lastQuery('/file-service/list').sortBy).toBe('alp_desc'))
    await user.click(screen.getByRole('button', { name: 'Ascending' }))
    await waitFor(() => expect(lastQuery('/file-service/list').sortBy).toBe('alp_asc'))
    await user.click(screen.getByRole('combobox', { name: 'Sort by' }))
    await user.click(await screen.findByRole('option', { name: 'Best match' }))
    // The first query again (answered from SWR's cache): Best match, no direction.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Ascending' })).toBeNull())
    expect(screen.getByRole('combobox', { name: 'Sort by' }).textContent).toContain('Best match')
    expect(listQuery('/file-service/list')[0]!.sortBy).toBe('relevance')
    // Home's own sort preference is untouched.
    expect(localStorage.getItem('sort-name')).not.toBe('true')
  })

  it('/search-media asks for media matches by relevance, shows rows with paths, and offers only Photos and Videos', async () => {
    serveDrive({ folders: [], files: [holiday] })
    const { user } = open('/search-media/holday')
    await screen.findByText('holiday.jpg')
    expect(lastQuery('/file-service/list')).toMatchObject({ mediaMode: 'true', search: 'holday', sortBy: 'relevance' })
    const type = screen.getByRole('toolbar', { name: 'Type' })
    expect(
      within(type)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Photos', 'Videos'])
    await user.click(within(type).getByRole('button', { name: 'Videos' }))
    await waitFor(() => expect(lastQuery('/file-service/list')).toMatchObject({ mediaMode: 'true', kind: 'videos' }))
    await user.click(within(rowOf('holiday.jpg')).getByRole('button', { name: 'Open folder Photos' }))
    expect(path()).toBe('/folder/folder-photos')
  })

  it("the suggestions show each item's path as a second line", async () => {
    serveDrive({ folders: [], files: [] })
    server.use(mock.get('*/file-service/suggested-list', () => ok({ folderList: [folder], fileList: [holiday] })))
    const { user } = open('/home')
    await user.type(screen.getByRole('combobox', { name: 'Search' }), 'hol')
    const option = await screen.findByRole('option', { name: 'holiday.jpg' }, { timeout: 3000 })
    const described = document.getElementById(option.getAttribute('aria-describedby') ?? '')
    expect(described?.textContent).toBe('Home › Photos')
  })
})

describe('search inside a folder shared with me', () => {
  const holidays = sharedFolder('viewer')
  const beach = makeFile(5, {
    filename: 'beach.jpg',
    rank: 0,
    owner: anna,
    role: 'viewer',
    path: [
      { _id: 'holidays', name: 'Holidays' },
      { _id: 'folder-2024', name: '2024' },
    ],
  })
  const fullUrl = () => `${window.location.pathname}${window.location.search}`

  it('in the shared folder the box says it searches there, suggests from there and submits with ?in=', async () => {
    serveDrive({ folders: [holidays], files: [] })
    server.use(mock.get('*/file-service/suggested-list', () => ok({ folderList: [], fileList: [beach] })))
    const { user } = open('/folder/holidays')
    const box = await screen.findByRole('combobox', { name: 'Search in Holidays' })
    await user.type(box, 'beach')
    const option = await screen.findByRole('option', { name: 'beach.jpg' }, { timeout: 3000 })
    expect(document.getElementById(option.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Shared with me › Holidays › 2024',
    )
    expect(lastQuery('/file-service/suggested-list')).toMatchObject({ search: 'beach', parent: 'holidays' })
    await user.keyboard('{Escape}')
    await user.type(screen.getByRole('combobox', { name: 'Search in Holidays' }), '{Enter}')
    await waitFor(() => expect(fullUrl()).toBe('/search/beach?in=holidays'))
  })

  it('/search?in= lists the folder’s matches, paths from Shared with me, and an empty search goes back to the folder', async () => {
    serveDrive({ folders: [holidays], files: [beach] })
    const { user } = open('/search/beach?in=holidays')
    await screen.findByText('beach.jpg')
    expect(lastQuery('/file-service/list')).toMatchObject({ search: 'beach', sortBy: 'relevance', parent: 'holidays' })
    expect(lastQuery('/folder-service/list')).toMatchObject({ search: 'beach', parent: 'holidays' })
    const crumbs = within(rowOf('beach.jpg')).getByRole('list', { name: 'Location' })
    await waitFor(() => expect(crumbs.textContent).toBe('Shared with me›Holidays›2024'))
    const box = await screen.findByRole('combobox', { name: 'Search in Holidays' })
    expect((box as HTMLInputElement).value).toBe('beach')
    await user.clear(box)
    await user.type(box, '{Enter}')
    await waitFor(() => expect(fullUrl()).toBe('/folder/holidays'))
  })

  it('the first crumb of a result goes to Shared with me', async () => {
    serveDrive({ folders: [holidays], files: [beach] })
    const { user } = open('/search/beach?in=holidays')
    await screen.findByText('beach.jpg')
    const first = within(rowOf('beach.jpg')).getByRole('button', { name: 'Open folder Shared with me' })
    await user.click(first)
    expect(path()).toBe('/shared-with-me')
  })

  it('in my own folder the box searches Home as the spec says, without ?in=', async () => {
    const mine = makeFolder(7, { _id: 'mine', name: 'Mine' })
    serveDrive({ folders: [mine], files: [] })
    const { user } = open('/folder/mine')
    // The folder's info has come (it is mine: no owner, no role), so the box has decided.
    await waitFor(() => expect(sent('/folder-service/info/mine', 'GET').length).toBe(1))
    await screen.findByRole('navigation', { name: 'Breadcrumb' })
    const box = screen.getByRole('combobox', { name: 'Search' })
    await user.type(box, 'beach{Enter}')
    await waitFor(() => expect(fullUrl()).toBe('/search/beach'))
  })
})

describe('search filter parameters', () => {
  const now = new Date('2026-03-10T12:00:00Z')
  it('the date chips are inclusive UTC days up to today', () => {
    expect(rangeFrom('week', now)).toBe('2026-03-04')
    expect(rangeFrom('month', now)).toBe('2026-02-09')
    expect(rangeFrom('year', now)).toBe('2026-01-01')
    expect(searchFilterParams('photos', 'year', now)).toEqual({ kind: 'photos', from: '2026-01-01' })
    expect(searchFilterParams(null, null, now)).toEqual({})
    expect(searchFilterParams(null, null, now, { to: '2026-02-01' })).toEqual({ to: '2026-02-01' })
    // A fixed range wins over a stale custom one.
    expect(searchFilterParams(null, 'year', now, { from: '2025-01-01' })).toEqual({ from: '2026-01-01' })
  })
})
