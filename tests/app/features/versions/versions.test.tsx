import '../../helpers/setup.ts'
import { screen, waitFor, within } from '@testing-library/react'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { navigateAway } from '../../../../app/api/navigate.ts'
import { setLoggedIn } from '../../../../app/state/user.ts'
import { anna, makeVersion } from '../../../../mocks/fixtures.ts'
import { versionHandlers, type Versions } from '../../../../mocks/handlers.ts'
import { makeFile, makeFolder, serveDrive } from '../../helpers/drive.ts'
import { renderApp, toasts } from '../../helpers/render.tsx'
import { apiError, http as mock, ok, sent, server, testUserDetailed } from '../../helpers/server.ts'

vi.mock('../../../../app/api/navigate.ts', () => ({ navigateAway: vi.fn() }))

const named = (name: string) => new RegExp(`^${name.replace(/[.()]/g, '\\$&')}`)
const findCard = async (name: string) => (await screen.findAllByRole('option', { name: named(name) })).at(-1)!

beforeAll(async () => {
  await import('../../../../app/screens/files/files-screen.tsx')
})

const report = makeFile(1, { filename: 'report.pdf', length: 5000, metadata: { size: 5000 } })
// Two earlier contents: one of the owner's, one a member uploaded.
const versions = () => [
  makeVersion(1, { size: 2048, addedBy: { _id: 'u3', displayName: 'Ben' } }),
  makeVersion(2, { size: 1024 }),
]

function serve(files = [report], state: Partial<Versions> = {}) {
  const drive = serveDrive({ folders: [], files })
  const held: Versions = { versions: { [files[0]!._id]: versions() }, drive, ...state }
  server.use(...versionHandlers(held))
  return held
}

async function openVersions(name = 'report.pdf') {
  setLoggedIn(true)
  localStorage.setItem('hasPreviouslyLoggedIn', 'true')
  const view = renderApp('/home')
  await view.user.click(await findCard(name))
  await view.user.click(await screen.findByRole('button', { name: 'Versions' }))
  const dialog = await screen.findByRole('dialog', { name: 'Versions' })
  await within(dialog).findByRole('list', { name: 'Versions' })
  return { ...view, dialog }
}

const rows = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('list', { name: 'Versions' }))
    .getAllByRole('listitem')
    .map((row) => row.firstElementChild?.textContent)

const VERSIONS = `/file-service/${report._id}/versions`

describe('Versions from the details panel (DESIGN.md §8 "Versions")', () => {
  it('lists the file’s versions newest first: date (MM/DD/YYYY hh:mma), size, who added it', async () => {
    serve()
    const { dialog } = await openVersions()
    expect(within(dialog).getByText('report.pdf')).toBeTruthy()
    expect(rows(dialog)).toEqual(['03/07/2024 08:05PM2 KB · Added by Ben', '03/07/2024 07:05PM1 KB'])
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['', 'Download', 'Restore', 'Delete', 'Download', 'Restore', 'Delete'])
    expect(sent(VERSIONS, 'GET')).toHaveLength(1)
  })

  it('no versions: "No earlier versions"', async () => {
    serve([report], { versions: { [report._id]: [] } })
    setLoggedIn(true)
    const { user } = renderApp('/home')
    await user.click(await findCard('report.pdf'))
    await user.click(await screen.findByRole('button', { name: 'Versions' }))
    const dialog = await screen.findByRole('dialog', { name: 'Versions' })
    expect(await within(dialog).findByRole('heading', { name: 'No earlier versions' })).toBeTruthy()
  })

  it('Download goes to the version’s download route after a token refresh', async () => {
    serve()
    const { user, dialog } = await openVersions()
    const before = sent('/user-service/get-token').length
    await user.click(within(dialog).getByRole('button', { name: 'Download version of 03/07/2024 07:05PM' }))
    await waitFor(() =>
      expect(navigateAway).toHaveBeenCalledWith(`/file-service/${report._id}/versions/version-2/download`),
    )
    expect(sent('/user-service/get-token').length).toBe(before + 1)
  })

  it('Restore: POST …/restore, "Version restored", then the list, the files and the storage meter are read again', async () => {
    const held = serve()
    const { user, dialog } = await openVersions()
    const lists = sent('/file-service/list').length
    const usage = sent('/user-service/user-detailed').length
    await user.click(within(dialog).getByRole('button', { name: 'Restore version of 03/07/2024 07:05PM' }))
    expect(await toasts().findByText('Version restored')).toBeTruthy()
    expect(sent(`${VERSIONS}/version-2/restore`, 'POST')).toHaveLength(1)
    // The content it replaced is the newest version now; the restored one left the list.
    await waitFor(() => expect(rows(dialog)).toHaveLength(2))
    await waitFor(() => expect(rows(dialog)[0]).toContain('4.88 KB'))
    expect(held.versions[report._id]!.map((v) => v._id)).toEqual(['restored-1', 'version-1'])
    await waitFor(() => expect(sent('/file-service/list').length).toBeGreaterThan(lists))
    expect(sent('/user-service/user-detailed').length).toBeGreaterThan(usage)
    // The details panel (behind the dialog) shows the restored content's size.
    const panel = screen.getByRole('complementary', { name: 'Details', hidden: true })
    await waitFor(() => expect(within(panel).getByText('1 KB')).toBeTruthy())
  })

  it('Delete asks first; confirmed: DELETE, "Version deleted", the list without it', async () => {
    serve()
    const { user, dialog } = await openVersions()
    await user.click(within(dialog).getByRole('button', { name: 'Delete version of 03/07/2024 08:05PM' }))
    const question = await screen.findByRole('alertdialog', { name: 'Delete this version?' })
    expect(question.textContent).toContain('The version of 03/07/2024 08:05PM will be deleted.')
    await user.click(within(question).getByRole('button', { name: 'cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(sent(`${VERSIONS}/version-1`, 'DELETE')).toHaveLength(0)

    await user.click(within(dialog).getByRole('button', { name: 'Delete version of 03/07/2024 08:05PM' }))
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Delete this version?' })).getByRole('button', {
        name: 'Delete',
      }),
    )
    expect(await toasts().findByText('Version deleted')).toBeTruthy()
    expect(sent(`${VERSIONS}/version-1`, 'DELETE')).toHaveLength(1)
    await waitFor(() => expect(rows(dialog)).toEqual(['03/07/2024 07:05PM1 KB']))
    // The versions dialog stays open after its question closed.
    expect(screen.getByRole('dialog', { name: 'Versions' })).toBeTruthy()
  })

  it('a viewer of a shared file gets the list and Download only', async () => {
    const shared = makeFile(7, { filename: 'shared.pdf', owner: anna, role: 'viewer' })
    serve([shared])
    const { dialog } = await openVersions('shared.pdf')
    expect(
      within(within(dialog).getByRole('list'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Download', 'Download'])
  })

  it('an editor of a shared file may restore and delete', async () => {
    const shared = makeFile(7, { filename: 'shared.pdf', owner: anna, role: 'editor' })
    serve([shared])
    const { dialog } = await openVersions('shared.pdf')
    expect(within(dialog).getAllByRole('button', { name: /^Restore version/ })).toHaveLength(2)
    expect(within(dialog).getAllByRole('button', { name: /^Delete version/ })).toHaveLength(2)
  })

  it('the list fails: the reason and Try again, which reads it again', async () => {
    serve()
    let fail = true
    server.use(
      mock.get(`*${VERSIONS}`, () => (fail ? apiError(403, 'FORBIDDEN', 'Not allowed') : ok({ versions: [] }))),
    )
    setLoggedIn(true)
    const { user } = renderApp('/home')
    await user.click(await findCard('report.pdf'))
    await user.click(await screen.findByRole('button', { name: 'Versions' }))
    const dialog = await screen.findByRole('dialog', { name: 'Versions' })
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The versions could not be loaded. Not allowed')
    fail = false
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }))
    expect(await within(dialog).findByRole('heading', { name: 'No earlier versions' })).toBeTruthy()
  })

  it('a restore that fails says why in an error toast, and the list is read again', async () => {
    serve()
    const { user, dialog } = await openVersions()
    server.use(mock.post(`*${VERSIONS}/:vid/restore`, () => apiError(404, 'NOT_FOUND', 'Version not found')))
    const reads = sent(VERSIONS, 'GET').length
    await user.click(within(dialog).getByRole('button', { name: 'Restore version of 03/07/2024 07:05PM' }))
    expect(await toasts().findByText('Error Restoring Version: Version not found')).toBeTruthy()
    await waitFor(() => expect(sent(VERSIONS, 'GET').length).toBeGreaterThan(reads))
    // The buttons are usable again.
    expect(
      within(dialog).getByRole('button', { name: 'Delete version of 03/07/2024 07:05PM' }).hasAttribute('disabled'),
    ).toBe(false)
  })

  it('a delete that fails says why', async () => {
    serve()
    const { user, dialog } = await openVersions()
    server.use(mock.delete(`*${VERSIONS}/:vid`, () => apiError(500, 'ERROR', 'Disk on fire')))
    await user.click(within(dialog).getByRole('button', { name: 'Delete version of 03/07/2024 07:05PM' }))
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Delete this version?' })).getByRole('button', {
        name: 'Delete',
      }),
    )
    expect(await toasts().findByText('Error Deleting Version: Disk on fire')).toBeTruthy()
    expect(rows(dialog)).toHaveLength(2)
  })

  it('Escape closes the dialog and gives focus back to the Versions button', async () => {
    serve()
    const { user } = await openVersions()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Versions' })).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Versions' })))
  })

  it('opened again, it reads the list again (the file may have been replaced meanwhile)', async () => {
    const held = serve()
    const { user } = await openVersions()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Versions' })).toBeNull())
    held.versions[report._id] = [makeVersion(0, { size: 9000 }), ...versions()]
    // Past the list's short reuse window.
    await new Promise((resolve) => setTimeout(resolve, 2100))
    await user.click(screen.getByRole('button', { name: 'Versions' }))
    const dialog = await screen.findByRole('dialog', { name: 'Versions' })
    await waitFor(() => expect(rows(dialog)).toHaveLength(3))
    expect(sent(VERSIONS, 'GET')).toHaveLength(2)
  })

  it('a folder has no Versions button', async () => {
    serveDrive({ folders: [makeFolder(1, { name: 'Inbox' })], files: [] })
    setLoggedIn(true)
    const { user } = renderApp('/home')
    await user.click(await findCard('Inbox'))
    expect(screen.getByRole('complementary', { name: 'Details' }).textContent).toContain('Folder')
    expect(screen.queryByRole('button', { name: 'Versions' })).toBeNull()
  })
})

describe('Versions from the viewer’s file actions', () => {
  it('opens over the viewer, which stays open behind it', async () => {
    const photo = makeFile(3, {
      filename: 'beach.jpg',
      metadata: { hasThumbnail: true, thumbnailID: 't3', preview: 'image' },
    })
    serve([photo])
    server.use(mock.get('*/file-service/full-thumbnail/:id', () => new Response('', { status: 404 })))
    setLoggedIn(true)
    const { user } = renderApp('/home')
    const card = await findCard('beach.jpg')
    await user.click(card)
    await user.click(card)
    const viewer = await screen.findByRole('dialog', { name: 'beach.jpg' })
    await user.click(within(viewer).getByRole('button', { name: 'File actions' }))
    const menu = await screen.findByRole('menu')
    const entries = within(menu)
      .getAllByRole('menuitem')
      .map((i) => i.textContent)
    expect(entries.indexOf('Versions')).toBe(entries.indexOf('Download') + 1)
    await user.click(within(menu).getByRole('menuitem', { name: 'Versions' }))
    const dialog = await screen.findByRole('dialog', { name: 'Versions' })
    expect(await within(dialog).findByRole('list', { name: 'Versions' })).toBeTruthy()
    expect(screen.getByRole('dialog', { name: 'beach.jpg', hidden: true })).toBeTruthy()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Versions' })).toBeNull())
    expect(screen.getByRole('dialog', { name: 'beach.jpg' })).toBeTruthy()
  })
})

describe('storage meter: what the space is used by', () => {
  const GB = 1024 ** 3
  const usage = (usedBy: { files: number; versions: number; trash: number }) =>
    server.use(
      mock.get('*/user-service/user-detailed', () =>
        ok({
          ...testUserDetailed,
          used: usedBy.files + usedBy.versions + usedBy.trash,
          quota: 4 * GB,
          usedBy,
        }),
      ),
    )
  const meter = () => screen.findByRole('group', { name: 'Storage' })

  it('under "X of Y used": files, versions and trash', async () => {
    usage({ files: GB, versions: GB / 2, trash: GB / 4 })
    setLoggedIn(true)
    renderApp('/home')
    const box = await meter()
    expect(within(box).getByText('1.75 GB of 4 GB used')).toBeTruthy()
    expect(within(box).getByText('Files 1 GB · Versions 512 MB · Trash 256 MB')).toBeTruthy()
  })

  it('parts holding nothing are left out; all files: no second line', async () => {
    usage({ files: GB, versions: 0, trash: GB / 4 })
    setLoggedIn(true)
    const view = renderApp('/home')
    expect(within(await meter()).getByText('Files 1 GB · Trash 256 MB')).toBeTruthy()
    view.unmount()
    usage({ files: GB, versions: 0, trash: 0 })
    renderApp('/home')
    const box = await meter()
    expect(within(box).getByText('1 GB of 4 GB used')).toBeTruthy()
    expect(box.querySelectorAll('p')).toHaveLength(1)
  })
})
