import '../helpers/setup.ts'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import { setLoggedIn } from '../../../app/state/user.ts'
import { anna, ben, makeFile, makeFolder, sharedEntry, sharedFolder } from '../../../mocks/fixtures.ts'
import { type Sharing, sharingHandlers } from '../../../mocks/handlers.ts'
import { serveDrive } from '../helpers/drive.ts'
import { path, renderApp } from '../helpers/render.tsx'
import { http as mock, ok, sent, server } from '../helpers/server.ts'

const named = (name: string) => new RegExp(`^${name.replace(/[.()]/g, '\\$&')}`)
const findCard = (name: string) => screen.findByRole('option', { name: named(name) })

function open(url: string) {
  setLoggedIn(true)
  localStorage.setItem('hasPreviouslyLoggedIn', 'true')
  return renderApp(url)
}

function serve(over: Partial<Sharing> = {}): Sharing {
  const sharing: Sharing = { shares: [], people: [ben], sharedWithMe: [], ...over }
  server.use(...sharingHandlers(sharing))
  return sharing
}

async function menuOf(name: string) {
  fireEvent.contextMenu(await findCard(name))
  const menu = await screen.findByRole('menu')
  return within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent)
}

beforeAll(async () => {
  await import('../../../app/screens/shared-with-me/shared-with-me-screen.tsx')
  await import('../../../app/screens/files/files-screen.tsx')
})

describe('Shared with me (issue #39)', () => {
  it('is in the sidebar and lists what others share, with owner, role and date', async () => {
    serve({
      sharedWithMe: [
        sharedEntry(sharedFolder('editor')),
        sharedEntry(makeFile(1, { owner: anna, role: 'viewer' }), 'viewer'),
      ],
    })
    const { user } = open('/home')
    await user.click(await screen.findByRole('link', { name: 'Shared with me' }))
    expect(path()).toBe('/shared-with-me')
    expect(await screen.findByRole('heading', { name: 'Shared with me', level: 1 })).toBeTruthy()
    expect((await findCard('Holidays')).textContent).toContain('Anna · Can edit')
    // A file's date is when it was shared (the fixture's share is at 03/07/24 21:05 UTC).
    expect((await findCard('report-1.pdf')).textContent).toMatch(/03\/0[78]\/24 \d\d:\d\d(AM|PM) · Anna · Can view/)
  })

  it('given two shares of one folder (mine as editor, a newer one to a group as viewer), then the card says the stronger role', async () => {
    // The server lists the item once, under its newest share; the item carries the strongest role.
    serve({ sharedWithMe: [sharedEntry(sharedFolder('editor'), 'viewer')] })
    open('/shared-with-me')
    expect((await findCard('Holidays')).textContent).toContain('Anna · Can edit')
  })

  it('given nothing is shared, then it says so', async () => {
    serve()
    open('/shared-with-me')
    expect(await screen.findByText('Nothing shared with you yet')).toBeTruthy()
  })

  it('pages by the server’s next cursor: Show more asks for the next page', async () => {
    const folders = Array.from({ length: 3 }, (_, i) => sharedEntry(makeFolder(i + 1, { owner: anna, role: 'viewer' })))
    serve({ sharedWithMe: folders, pageSize: 2 })
    const { user } = open('/shared-with-me')
    await findCard('Folder 2')
    expect(screen.queryByRole('option', { name: named('Folder 3') })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Show more' }))
    expect(await findCard('Folder 3')).toBeTruthy()
    expect(sent('/share-service/shared-with-me').map((r) => r.search)).toEqual(['?limit=50', '?limit=50&startAt=2'])
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull()
  })

  it('a shared item offers no Share, and no Rename, Move or Trash of the shared item itself', async () => {
    serve({ sharedWithMe: [sharedEntry(sharedFolder('editor'))] })
    open('/shared-with-me')
    expect(await menuOf('Holidays')).toEqual(['Multi-select', 'Download'])
  })

  it('opening a shared folder browses it; the crumbs start at Shared with me and lead back', async () => {
    const holidays = sharedFolder('editor')
    const beach = makeFolder(2, {
      _id: 'beach',
      name: 'Beach',
      parent: holidays._id,
      parentList: ['/', holidays._id],
      owner: anna,
      role: 'editor',
    })
    serve({ sharedWithMe: [sharedEntry(holidays)] })
    serveDrive({ folders: [holidays, beach], files: [] })
    const { user } = open('/shared-with-me')
    await user.dblClick(await findCard('Holidays'))
    await waitFor(() => expect(path()).toBe('/folder/holidays'))
    const bar = await screen.findByRole('navigation', { name: 'Breadcrumb' })
    expect(await within(bar).findByText('Holidays')).toBeTruthy()
    expect(within(bar).getByRole('button', { name: 'Shared with me' })).toBeTruthy()
    // The sidebar marks where this folder comes from.
    expect(screen.getByRole('link', { name: 'Shared with me' }).getAttribute('aria-current')).toBe('page')
    await user.click(within(bar).getByRole('button', { name: 'Back' }))
    expect(path()).toBe('/shared-with-me')
  })
})

describe('role-aware menus in a shared folder (issue #39)', () => {
  it('a viewer sees no write actions and no ADD NEW', async () => {
    const holidays = sharedFolder('viewer')
    const photo = makeFile(1, { owner: anna, role: 'viewer', metadata: { parent: holidays._id } })
    serveDrive({ folders: [holidays], files: [photo] })
    open('/folder/holidays')
    expect(await menuOf('report-1.pdf')).toEqual(['Multi-select', 'Download', 'Versions'])
    expect(screen.queryByRole('button', { name: 'ADD NEW' })).toBeNull()
  })

  it('an editor renames, moves and trashes inside, never shares; ADD NEW is there', async () => {
    const holidays = sharedFolder('editor')
    const photo = makeFile(1, { owner: anna, role: 'editor', metadata: { parent: holidays._id } })
    serveDrive({ folders: [holidays], files: [photo] })
    open('/folder/holidays')
    expect(await menuOf('report-1.pdf')).toEqual(['Multi-select', 'Rename', 'Download', 'Versions', 'Move', 'Trash'])
    expect(await screen.findByRole('button', { name: 'ADD NEW' })).toBeTruthy()
  })

  it('the owner’s own item that is shared shows the Shared mark and keeps Share', async () => {
    serveDrive({ folders: [], files: [makeFile(1, { shared: true })] })
    open('/home')
    const card = await findCard('report-1.pdf')
    expect(card.textContent).toContain('Shared')
    expect(await menuOf('report-1.pdf')).toContain('Share')
  })
})

describe('sharing a multi-selection (issue #39)', () => {
  it('shares each selected item with the chosen person and role, and says how many', async () => {
    const sharing = serve()
    serveDrive({ folders: [makeFolder(1)], files: [makeFile(1), makeFile(2)] })
    const { user } = open('/home')
    fireEvent.contextMenu(await findCard('report-1.pdf'))
    await user.click(await screen.findByRole('menuitem', { name: 'Multi-select' }))
    // In multi-select mode a click toggles.
    await user.click(await findCard('report-2.pdf'))
    await user.click(await findCard('Folder 1'))
    const bar = await screen.findByRole('toolbar', { name: 'Selection' })
    await user.click(within(bar).getByRole('button', { name: 'Share' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Share 3 items' }))
    await user.type(dialog.getByRole('combobox', { name: 'Add people or groups' }), 'ben')
    await user.click(await screen.findByRole('option', { name: /Ben/ }))
    await waitFor(() => expect(sharing.shares).toHaveLength(3))
    expect(sharing.shares.map((s) => [s.itemType, s.itemId, s.role])).toEqual(
      expect.arrayContaining([
        ['file', 'file-1', 'viewer'],
        ['file', 'file-2', 'viewer'],
        ['folder', 'folder-1', 'viewer'],
      ]),
    )
    expect(await screen.findByText('Shared 3 items with Ben')).toBeTruthy()
  })

  it('a viewer’s selection in a shared folder offers Download only', async () => {
    const holidays = sharedFolder('viewer')
    serveDrive({
      folders: [holidays],
      files: [makeFile(1, { owner: anna, role: 'viewer', metadata: { parent: holidays._id } })],
    })
    const { user } = open('/folder/holidays')
    fireEvent.contextMenu(await findCard('report-1.pdf'))
    await user.click(await screen.findByRole('menuitem', { name: 'Multi-select' }))
    const bar = await screen.findByRole('toolbar', { name: 'Selection' })
    expect(
      within(bar)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Clear selection', 'Download'])
  })
})

describe('inside a shared folder (issue #39)', () => {
  it('the details panel says whose it is, my role and who added it; no Share for a member', async () => {
    const holidays = sharedFolder('editor')
    const photo = makeFile(1, {
      owner: anna,
      role: 'editor',
      addedBy: { _id: 'u3', displayName: 'Ben' },
      metadata: { parent: holidays._id },
    })
    serveDrive({ folders: [holidays], files: [photo] })
    const { user } = open('/folder/holidays')
    await user.click(await findCard('report-1.pdf'))
    const people = within(await screen.findByLabelText('Who has access'))
    expect(people.getByRole('img', { name: 'Shared by Anna' }).textContent).toContain("Anna's")
    expect(people.getByText('Can edit')).toBeTruthy()
    expect(people.getByText('Ben')).toBeTruthy()
    expect(people.queryByRole('button', { name: 'Share' })).toBeNull()
  })

  it('an editor creates a folder in the shared folder (its id as the parent)', async () => {
    serveDrive({ folders: [sharedFolder('editor')], files: [] })
    server.use(mock.post('*/folder-service/create', () => ok({ _id: 'new' }, 201)))
    const { user } = open('/folder/holidays')
    await user.click(await screen.findByRole('button', { name: 'ADD NEW' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Create Folder' }))
    const dialog = await screen.findByRole('dialog', { name: 'Enter Folder Name' })
    await user.type(within(dialog).getByRole('textbox'), 'Beach')
    await user.click(within(dialog).getByRole('button', { name: 'Okay' }))
    await waitFor(() => expect(sent('/folder-service/create')[0]?.body).toEqual({ name: 'Beach', parent: 'holidays' }))
  })

  it('the move dialog starts at the shared folder, not Home', async () => {
    const holidays = sharedFolder('editor')
    const beach = makeFolder(2, {
      _id: 'beach',
      name: 'Beach',
      parent: holidays._id,
      parentList: ['/', holidays._id],
      owner: anna,
      role: 'editor',
    })
    const photo = makeFile(1, { owner: anna, role: 'editor', metadata: { parent: holidays._id } })
    serveDrive({ folders: [holidays, beach], files: [photo] })
    server.use(mock.get('*/folder-service/move-folder-list', () => ok([beach])))
    const { user } = open('/folder/holidays')
    fireEvent.contextMenu(await findCard('report-1.pdf'))
    await user.click(await screen.findByRole('menuitem', { name: 'Move' }))
    await screen.findByRole('dialog', { name: 'Move' })
    await waitFor(() => expect(sent('/folder-service/move-folder-list').length).toBeGreaterThan(0))
    const parents = sent('/folder-service/move-folder-list').map((r) => new URLSearchParams(r.search).get('parent'))
    expect(parents).not.toContain('/')
    expect(parents[0]).toBe('holidays')
  })

  it('my own item that I shared: the details panel marks it shared and offers Share', async () => {
    serveDrive({ folders: [], files: [makeFile(1, { shared: true })] })
    const { user } = open('/home')
    await user.click(await findCard('report-1.pdf'))
    const people = within(screen.getByLabelText('Who has access'))
    expect(people.getByRole('img', { name: 'Shared with others' })).toBeTruthy()
    await user.click(people.getByRole('button', { name: 'Share' }))
    expect(await screen.findByRole('heading', { name: 'Share with people' })).toBeTruthy()
  })
})
