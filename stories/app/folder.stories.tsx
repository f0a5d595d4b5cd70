// SPEC §2 "Home page" inside a folder (/folder/{id}): the back bar with the folder's name,
// Folders (or No Folders) and Files.
import { delay, http } from 'msw'
import { expect, screen, within } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { makeFolder, sampleDrive } from '../../mocks/fixtures.ts'
import { driveHandlers, thumbnailHandlers } from '../../mocks/handlers.ts'
import { appBeforeEach, appScreen, findCard, imagesSettled, renderApp, shown, withApp } from './_support/app-story.tsx'

const meta = preview.meta({
  title: 'App/Folder',
  render: renderApp,
  decorators: [withApp],
  parameters: appScreen('/folder/folder-1'),
  beforeEach: appBeforeEach,
})

const invoices = makeFolder(1, { name: 'Invoices' })

/** Invoices (folder-1) holding one subfolder and six files. */
const inside = () => {
  const { files, folders } = sampleDrive(6, 2)
  const children = folders.slice(1).map((f) => ({ ...f, parent: invoices._id, parentList: ['/', invoices._id] }))
  return { files, children, folders: [invoices, ...children] }
}

/** The parent bar names the folder; its subfolders and files below. */
export const States = meta.story({
  beforeEach({ msw }) {
    const drive = inside()
    // First in the list wins in msw: the folder lists its children only (driveHandlers lists every folder).
    msw.use(
      http.get('*/folder-service/list', () => Response.json(drive.children)),
      ...driveHandlers(drive),
      ...thumbnailHandlers,
    )
  },
  async play() {
    const bar = await screen.findByRole('navigation', { name: 'Breadcrumb' })
    await shown(await within(bar).findByText('Invoices'))
    await shown(screen.getByRole('heading', { name: 'Folders' }))
    await shown(screen.getByRole('heading', { name: 'Files' }))
    await expect(screen.queryByRole('heading', { name: 'Quick Access' })).toBeNull()
    await findCard('Photos')
    await findCard('holiday.jpg')
    await imagesSettled()
  },
})

/** An empty folder: No Folders, and the empty state in the files' place. */
export const Empty = meta.story({
  beforeEach({ msw }) {
    // First in the list wins in msw: the folder's own record is found, but it lists no subfolders.
    msw.use(
      http.get('*/folder-service/list', () => Response.json([])),
      ...driveHandlers({ files: [], folders: [invoices] }),
    )
  },
  async play() {
    await shown(await screen.findByRole('heading', { name: 'No Folders' }))
    await shown(await screen.findByRole('heading', { name: 'This folder is empty' }))
  },
})

/** The folder's lists never arrive. */
export const Loading = meta.story({
  beforeEach({ msw }) {
    msw.use(
      http.get('*/file-service/list', () => delay('infinite')),
      http.get('*/folder-service/list', () => delay('infinite')),
    )
  },
  async play() {
    await expect((await screen.findAllByRole('status', { name: 'Loading' })).length).toBeGreaterThan(0)
  },
})

/** A folder that is gone (404): said so, with the way home. */
export const StatesMissing = meta.story({
  beforeEach({ msw }) {
    msw.use(...driveHandlers({ files: [], folders: [] }))
  },
  async play() {
    await shown(await screen.findByRole('heading', { name: "This folder doesn't exist or was deleted" }))
    await shown(screen.getByRole('button', { name: 'Go to Home' }))
  },
})
