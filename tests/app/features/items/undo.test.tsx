import '../../helpers/setup.ts'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import { setMoveModal, setMultiSelectMode } from '../../../../app/state/selection.ts'
import { setLoggedIn } from '../../../../app/state/user.ts'
import { makeFile, makeFolder, serveDrive } from '../../helpers/drive.ts'
import { renderApp, toasts } from '../../helpers/render.tsx'
import { apiError, http as mock, ok, sent, server } from '../../helpers/server.ts'

// Undo on the success toast of a trash, move or rename (single and multi-select): the same
// routes put everything back (restore, move, rename); a failed undo says why.

const named = (name: string) => new RegExp(`^${name.replace(/[.()]/g, '\\$&')}`)
const findCard = (name: string) => screen.findByRole('option', { name: named(name) })

function open(url: string) {
  setLoggedIn(true)
  localStorage.setItem('hasPreviouslyLoggedIn', 'true')
  return renderApp(url)
}

beforeAll(async () => {
  await import('../../../../app/screens/files/files-screen.tsx')
})

async function menuAction(name: string, action: string, user: ReturnType<typeof open>['user']) {
  fireEvent.contextMenu(await findCard(name))
  await user.click(await screen.findByRole('menuitem', { name: action }))
}

const yes = async (user: ReturnType<typeof open>['user'], title: string) =>
  user.click(within(await screen.findByRole('alertdialog', { name: title })).getByRole('button', { name: 'Yes' }))

const undoButton = () => toasts().findByRole('button', { name: 'Undo' })

describe('undo a trash', () => {
  it('given a file trashed from its menu, then Undo restores it and says "Undone"; the lists refetch', async () => {
    serveDrive({ folders: [], files: [makeFile(1)] })
    server.use(
      mock.patch('*/file-service/trash', () => ok({ message: 'Trashed' })),
      mock.patch('*/file-service/restore-multi', () => ok({ message: 'Restored', toHome: 0 })),
    )
    const { user } = open('/home')
    await menuAction('report-1.pdf', 'Trash', user)
    await yes(user, 'Move to trash?')
    expect(await toasts().findByText('Trashed')).toBeTruthy()
    const listed = sent('/file-service/list').length
    await user.click(await undoButton())
    expect(await toasts().findByText('Undone')).toBeTruthy()
    expect(sent('/file-service/restore-multi', 'PATCH').map((r) => r.body)).toEqual([
      { items: [{ id: 'file-1', type: 'file' }] },
    ])
    // The Trashed toast went with its Undo: one press, one restore.
    expect(toasts().queryByText('Trashed')).toBeNull()
    await waitFor(() => expect(sent('/file-service/list').length).toBeGreaterThan(listed))
  })

  it('given a multi-select of a file and a folder trashed, then Undo from the keyboard restores both in one call', async () => {
    serveDrive({ folders: [makeFolder(1)], files: [makeFile(1)] })
    server.use(
      mock.patch('*/file-service/trash-multi', () => ok({ message: 'Trashed' })),
      mock.patch('*/file-service/restore-multi', () => ok({ message: 'Restored', toHome: 0 })),
    )
    const { user } = open('/home')
    await user.keyboard('{Control>}')
    await user.click(await findCard('report-1.pdf'))
    await user.click(await findCard('Folder 1'))
    await user.keyboard('{/Control}')
    await user.click(within(screen.getByRole('toolbar', { name: 'Selection' })).getByRole('button', { name: 'Trash' }))
    await yes(user, 'Move to trash?')
    const undo = await undoButton()
    undo.focus()
    await user.keyboard('{Enter}')
    expect(await toasts().findByText('Undone')).toBeTruthy()
    expect(sent('/file-service/restore-multi', 'PATCH').map((r) => r.body)).toEqual([
      {
        items: [
          { id: 'file-1', type: 'file' },
          { id: 'folder-1', type: 'folder' },
        ],
      },
    ])
  })

  it('given the restore fails, then an error toast says the undo failed and why', async () => {
    serveDrive({ folders: [], files: [makeFile(1)] })
    server.use(
      mock.patch('*/file-service/trash', () => ok({ message: 'Trashed' })),
      mock.patch('*/file-service/restore-multi', () => apiError(404, 'NOT_FOUND', 'File not found')),
    )
    const { user } = open('/home')
    await menuAction('report-1.pdf', 'Trash', user)
    await yes(user, 'Move to trash?')
    await user.click(await undoButton())
    expect((await toasts().findByRole('alert')).textContent).toBe("Couldn't undo: File not found")
  })

  it('given its folder went to the trash meanwhile, then the undone item is in Home and the toast says so', async () => {
    serveDrive({ folders: [], files: [makeFile(1, { metadata: { parent: 'folder-9' } })] })
    server.use(
      mock.patch('*/file-service/trash', () => ok({ message: 'Trashed' })),
      mock.patch('*/file-service/restore-multi', () => ok({ message: 'Restored', toHome: 1 })),
    )
    const { user } = open('/home')
    await menuAction('report-1.pdf', 'Trash', user)
    await yes(user, 'Move to trash?')
    await user.click(await undoButton())
    expect(await toasts().findByText('Restored to Home: its folder is gone or in the trash')).toBeTruthy()
  })

  it("given a member's item (someone else's trash), then the Trashed toast offers no Undo", async () => {
    serveDrive({ folders: [], files: [makeFile(1, { owner: { _id: 'u2', displayName: 'Sam' }, role: 'editor' })] })
    server.use(mock.patch('*/file-service/trash', () => ok({ message: 'Trashed' })))
    const { user } = open('/home')
    await menuAction('report-1.pdf', 'Trash', user)
    await yes(user, 'Move to trash?')
    expect(await toasts().findByText('Trashed')).toBeTruthy()
    expect(toasts().queryByRole('button', { name: 'Undo' })).toBeNull()
  })
})

describe('undo a rename', () => {
  it('given a rename, then Undo renames it back to the old name', async () => {
    serveDrive({ folders: [], files: [makeFile(1)] })
    server.use(mock.patch('*/file-service/rename', () => ok(makeFile(1))))
    const { user } = open('/home')
    await menuAction('report-1.pdf', 'Rename', user)
    const dialog = await screen.findByRole('dialog', { name: 'Enter A File Name' })
    await user.clear(within(dialog).getByRole('textbox'))
    await user.type(within(dialog).getByRole('textbox'), 'final.pdf')
    await user.click(within(dialog).getByRole('button', { name: 'Okay' }))
    expect(await toasts().findByText('Renamed')).toBeTruthy()
    await user.click(await undoButton())
    expect(await toasts().findByText('Undone')).toBeTruthy()
    expect(sent('/file-service/rename', 'PATCH').map((r) => r.body)).toEqual([
      { id: 'file-1', title: 'final.pdf' },
      { id: 'file-1', title: 'report-1.pdf' },
    ])
  })

  it('given the old name was taken meanwhile, then the error toast says so and the new name stays', async () => {
    serveDrive({ folders: [makeFolder(1)], files: [] })
    let calls = 0
    server.use(
      mock.patch('*/folder-service/rename', () =>
        ++calls === 1
          ? ok(makeFolder(1, { name: 'Folder 1 new' }))
          : apiError(409, 'NAME_EXISTS', 'A folder named "Folder 1" already exists here'),
      ),
    )
    const { user } = open('/home')
    await menuAction('Folder 1', 'Rename', user)
    const dialog = await screen.findByRole('dialog', { name: 'Enter A folder Name' })
    await user.type(within(dialog).getByRole('textbox'), ' new')
    await user.click(within(dialog).getByRole('button', { name: 'Okay' }))
    await user.click(await undoButton())
    expect((await toasts().findByRole('alert')).textContent).toBe(
      'Couldn\'t undo: A folder named "Folder 1" already exists here',
    )
    expect(sent('/folder-service/rename', 'PATCH').map((r) => r.body)).toEqual([
      { id: 'folder-1', title: 'Folder 1 new' },
      { id: 'folder-1', title: 'Folder 1' },
    ])
  })
})

describe('undo a move', () => {
  const folders = [makeFolder(1), makeFolder(2)]

  async function moveTo(user: ReturnType<typeof open>['user'], destination: string) {
    const dialog = await screen.findByRole('dialog', { name: 'Move' })
    await user.click(await within(dialog).findByRole('option', { name: destination }))
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }))
  }

  it('given one file moved with the move dialog, then Undo moves it back to the folder it was in', async () => {
    serveDrive({ folders, files: [makeFile(1, { metadata: { parent: '/' } })] })
    server.use(
      mock.get('*/folder-service/move-folder-list', () => ok(folders)),
      mock.patch('*/file-service/move', () => ok({ message: 'File moved' })),
    )
    const { user } = open('/home')
    await menuAction('report-1.pdf', 'Move', user)
    await moveTo(user, 'Folder 2')
    expect(await toasts().findByText('File Moved')).toBeTruthy()
    await user.click(await undoButton())
    expect(await toasts().findByText('Undone')).toBeTruthy()
    expect(sent('/file-service/move', 'PATCH').map((r) => r.body)).toEqual([
      { id: 'file-1', parentID: 'folder-2' },
      { id: 'file-1', parentID: '/' },
    ])
  })

  it('given a multi-select from two folders moved, then Undo moves each group back to its own folder', async () => {
    serveDrive({ folders, files: [] })
    server.use(
      mock.get('*/folder-service/move-folder-list', () => ok(folders)),
      mock.patch('*/file-service/move-multi', () => ok({ message: 'Items moved' })),
      mock.patch('*/file-service/move', () => ok({ message: 'File moved' })),
    )
    const { user } = open('/home')
    await screen.findByRole('option', { name: named('Folder 1') })
    // A search's selection: items of two folders.
    setMultiSelectMode([
      { type: 'file', id: 'a', file: makeFile(7, { _id: 'a', metadata: { parent: 'folder-1' } }) },
      { type: 'folder', id: 'b', folder: makeFolder(8, { _id: 'b', parent: 'folder-1' }) },
      { type: 'file', id: 'c', file: makeFile(9, { _id: 'c', metadata: { parent: '/' } }) },
    ])
    setMoveModal({ type: 'multi' })
    await moveTo(user, 'Folder 2')
    expect(await toasts().findByText('Items Moved')).toBeTruthy()
    await user.click(await undoButton())
    expect(await toasts().findByText('Undone')).toBeTruthy()
    expect(sent('/file-service/move-multi', 'PATCH').map((r) => r.body)).toEqual([
      {
        items: [
          { id: 'a', type: 'file' },
          { id: 'b', type: 'folder' },
          { id: 'c', type: 'file' },
        ],
        parentID: 'folder-2',
      },
      {
        items: [
          { id: 'a', type: 'file' },
          { id: 'b', type: 'folder' },
        ],
        parentID: 'folder-1',
      },
    ])
    expect(sent('/file-service/move', 'PATCH').map((r) => r.body)).toEqual([{ id: 'c', parentID: '/' }])
  })

  it('given the move back fails (its folder is gone), then the error toast says why', async () => {
    serveDrive({ folders, files: [makeFile(1, { metadata: { parent: 'folder-1' } })] })
    let calls = 0
    server.use(
      mock.get('*/folder-service/move-folder-list', () => ok(folders)),
      mock.patch('*/file-service/move', () =>
        ++calls === 1 ? ok({ message: 'File moved' }) : apiError(404, 'NOT_FOUND', 'Folder not found'),
      ),
    )
    const { user } = open('/home')
    await menuAction('report-1.pdf', 'Move', user)
    await moveTo(user, 'Folder 2')
    await user.click(await undoButton())
    expect((await toasts().findByRole('alert')).textContent).toBe("Couldn't undo: Folder not found")
  })
})

describe('restore and Empty trash', () => {
  it('given a restore whose folder is gone, then a toast notes it went to Home', async () => {
    serveDrive({ folders: [], files: [makeFile(1, { metadata: { trashed: true, parent: 'folder-9' } })] })
    server.use(mock.patch('*/file-service/restore', () => ok({ message: 'Restored', toHome: 1 })))
    const { user } = open('/trash')
    await menuAction('report-1.pdf', 'Restore', user)
    await yes(user, 'Restore item?')
    expect(await toasts().findByText('Restored')).toBeTruthy()
    expect(await toasts().findByText('Restored to Home: its folder is gone or in the trash')).toBeTruthy()
  })

  it('given a restore back in place, then only "Restored" shows', async () => {
    serveDrive({ folders: [], files: [makeFile(1, { metadata: { trashed: true } })] })
    server.use(mock.patch('*/file-service/restore', () => ok({ message: 'Restored', toHome: 0 })))
    const { user } = open('/trash')
    await menuAction('report-1.pdf', 'Restore', user)
    await yes(user, 'Restore item?')
    expect(await toasts().findByText('Restored')).toBeTruthy()
    expect(toasts().queryByText(/Restored to Home/)).toBeNull()
  })

  it('given 3 files and 2 folders in the trash, then the Empty trash confirmation counts them', async () => {
    serveDrive({
      folders: [makeFolder(1, { trashed: true }), makeFolder(2, { trashed: true })],
      files: [1, 2, 3].map((i) => makeFile(i, { metadata: { trashed: true } })),
    })
    const { user } = open('/trash')
    await findCard('report-3.pdf')
    await user.click(screen.getByRole('button', { name: 'Empty trash' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Empty trash?' })
    expect(
      within(dialog).getByText(
        '3 files and 2 folders, with everything in the folders, will be deleted forever. You will not be able to recover them.',
      ),
    ).toBeTruthy()
  })
})
