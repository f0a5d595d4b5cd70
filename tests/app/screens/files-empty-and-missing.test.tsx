// Issue #23: what the file screens show when there is nothing to list (an empty home, folder,
// trash or search: a picture, what is empty, the next step), when the folder in the URL is gone,
// and how a rename the server refuses keeps its dialog open with the reason.
import '../helpers/setup.ts'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { setLoggedIn } from '../../../app/state/user.ts'
import { setViewportWidth } from '../helpers/dom.ts'
import { makeFile, serveDrive } from '../helpers/drive.ts'
import { path, renderApp, toasts } from '../helpers/render.tsx'
import { apiError, http as mock, ok, sent, server } from '../helpers/server.ts'

function open(url: string) {
  setLoggedIn(true)
  return renderApp(url)
}

beforeAll(async () => {
  await import('../../../app/screens/files/files-screen.tsx')
})

/** The empty state under the file list's heading: its heading, its hint, its picture. */
async function emptyState(title: string) {
  const heading = await screen.findByRole('heading', { name: title, level: 3 })
  const box = heading.closest('div')!.parentElement!
  return { heading, box, picture: box.querySelector('svg[data-illustration]') }
}

describe('empty states (issue #23, point 10)', () => {
  it.each([
    ['/home', 'Your drive is empty', 'Drop files here or use ADD NEW', 'upload'],
    ['/folder/f1', 'This folder is empty', 'Drop files here or use ADD NEW', 'folder'],
    ['/trash', 'Trash is empty', 'Items you delete show up here', 'trash'],
    ['/search/cats', 'No results for "cats"', 'Try another name, or check the spelling', 'search'],
    ['/search-trash/cats', 'No results for "cats"', 'Try another name, or check the spelling', 'search'],
  ])(
    '%s with nothing to list shows "%s", the next step and a decorative picture',
    async (route, title, hint, illustration) => {
      open(route)
      const { box, picture } = await emptyState(title)
      expect(within(box).getByText(hint)).toBeTruthy()
      expect(picture?.getAttribute('data-illustration')).toBe(illustration)
      expect(picture?.getAttribute('aria-hidden')).toBe('true')
      // The spec's section titles stay.
      expect(screen.getByRole('heading', { name: 'No Folders' })).toBeTruthy()
    },
  )

  it('on a phone (ADD NEW is in the drawer, nothing is dropped) the empty drive points at the Upload button on screen', async () => {
    setViewportWidth(500)
    open('/home')
    const { box } = await emptyState('Your drive is empty')
    expect(within(box).getByText('Tap Upload to add files')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Upload' })).toBeTruthy()
  })

  it('with files listed there is no empty state', async () => {
    serveDrive({ folders: [], files: [makeFile(1)] })
    open('/home')
    expect(await screen.findByRole('option', { name: /^report-1\.pdf/ })).toBeTruthy()
    expect(screen.queryByRole('heading', { name: 'Your drive is empty' })).toBeNull()
  })
})

describe('a folder URL whose folder is gone (issue #23, point 2)', () => {
  const gone = () =>
    server.use(mock.get('*/folder-service/info/:id', () => apiError(404, 'NOT_FOUND', 'Folder not found')))

  it('says the folder does not exist, instead of an empty folder, and offers the way home', async () => {
    gone()
    const { user } = open('/folder/deleted-1')
    expect(await screen.findByRole('heading', { name: "This folder doesn't exist or was deleted" })).toBeTruthy()
    expect(screen.queryByRole('heading', { name: 'This folder is empty' })).toBeNull()
    expect(screen.queryByRole('heading', { name: 'No Folders' })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Go to Home' }))
    expect(path()).toBe('/home')
  })

  it('refuses ADD NEW uploads and new folders there up front, with a toast, and opens no picker', async () => {
    gone()
    const picked = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => {})
    const { user } = open('/folder/deleted-1')
    await screen.findByRole('heading', { name: "This folder doesn't exist or was deleted" })
    await user.click(screen.getByRole('button', { name: 'ADD NEW' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Upload Files' }))
    expect(
      await toasts().findByText("This folder doesn't exist or was deleted: nothing can be added here"),
    ).toBeTruthy()
    expect(picked).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'ADD NEW' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Create Folder' }))
    expect(screen.queryByRole('dialog', { name: 'Enter Folder Name' })).toBeNull()
  })

  it('refuses dropped files there with a toast, sending nothing', async () => {
    gone()
    open('/folder/deleted-1')
    await screen.findByRole('heading', { name: "This folder doesn't exist or was deleted" })
    const file = new File(['x'], 'a.txt', { type: 'text/plain' })
    const item = { kind: 'file', getAsFile: () => file, webkitGetAsEntry: () => null }
    fireEvent.drop(screen.getByRole('main'), {
      dataTransfer: { types: ['Files'], files: [file], items: [item], dropEffect: 'none' },
    })
    expect(
      await toasts().findByText("This folder doesn't exist or was deleted: nothing can be added here"),
    ).toBeTruthy()
    expect(screen.queryByRole('region', { name: 'Uploads' })).toBeNull()
    expect(sent('/file-service/upload')).toHaveLength(0)
  })
})

describe('rename refused by the server (issue #23, point 1)', () => {
  it('keeps the dialog open with the server reason (and the "Error Renaming" toast); a fixed name goes through', async () => {
    serveDrive({ folders: [], files: [makeFile(1)] })
    let calls = 0
    server.use(
      mock.patch('*/file-service/rename', () =>
        ++calls === 1 ? apiError(409, 'NAME_TAKEN', 'A file named "taken.pdf" already exists here') : ok(),
      ),
    )
    const { user } = open('/home')
    fireEvent.contextMenu(await screen.findByRole('option', { name: /^report-1\.pdf/ }))
    await user.click(await screen.findByRole('menuitem', { name: 'Rename' }))
    const dialog = await screen.findByRole('dialog', { name: 'Enter A File Name' })
    const field = within(dialog).getByRole('textbox')
    await user.clear(field)
    await user.type(field, 'taken.pdf{Enter}')
    expect((await within(dialog).findByRole('alert')).textContent).toBe('A file named "taken.pdf" already exists here')
    expect(await toasts().findByText('Error Renaming')).toBeTruthy()
    expect(dialog.isConnected).toBe(true)
    await user.clear(field)
    await user.type(field, 'free.pdf{Enter}')
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Enter A File Name' })).toBeNull())
    expect(await toasts().findByText('Renamed')).toBeTruthy()
    expect(sent('/file-service/rename').map((r) => r.body)).toEqual([
      { id: 'file-1', title: 'taken.pdf' },
      { id: 'file-1', title: 'free.pdf' },
    ])
  })
})
