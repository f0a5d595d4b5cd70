// "Shared with me" (issue #39): what other accounts share with the user, with owner, role and
// date; the empty state, loading and a failed read; and a shared folder opened in the browser,
// as an editor (ADD NEW, no Share) and as a viewer (read only), its crumbs starting here.
import { delay, http } from 'msw'
import { expect, screen, within } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { anna, ben, makeFile, makeFolder, sharedEntry, sharedFolder } from '../../mocks/fixtures.ts'
import { apiError, driveHandlers, sharingHandlers, thumbnailHandlers } from '../../mocks/handlers.ts'
import { appBeforeEach, appScreen, findCard, phone, renderApp, shown, withApp } from './_support/app-story.tsx'

const meta = preview.meta({
  title: 'App/Shared with me',
  render: renderApp,
  decorators: [withApp],
  parameters: appScreen('/shared-with-me'),
  beforeEach: appBeforeEach,
})

const holidays = sharedFolder('editor')
const recipes = makeFolder(2, {
  _id: 'recipes',
  name: 'Recipes',
  owner: { _id: 'u5', displayName: 'Grandma' },
  role: 'viewer',
})
const photo = makeFile(3, {
  _id: 'beach-photo',
  filename: 'Beach.jpg',
  owner: anna,
  role: 'viewer',
  metadata: { hasThumbnail: true, thumbnailID: 'beach' },
})
const entries = [
  sharedEntry(holidays),
  { ...sharedEntry(recipes, 'viewer'), owner: recipes.owner! },
  sharedEntry(photo, 'viewer'),
]

const sharing = (over = {}) => ({ shares: [], people: [ben], sharedWithMe: entries, ...over })

/** Two folders and a photo, from Anna and Grandma, as editor and viewer. */
export const States = meta.story({
  beforeEach({ msw }) {
    msw.use(...sharingHandlers(sharing()), ...thumbnailHandlers)
  },
  async play() {
    await shown(await findCard('Holidays'))
    await expect(await findCard('Recipes')).toHaveTextContent('Grandma · Can view')
    await shown(await findCard('Beach.jpg'))
  },
})

/** Nothing shared yet. */
export const StatesEmpty = meta.story({
  beforeEach({ msw }) {
    msw.use(...sharingHandlers(sharing({ sharedWithMe: [] })))
  },
  async play() {
    await shown(await screen.findByText('Nothing shared with you yet'))
  },
})

/** More than one page: Show more. */
export const StatesPaged = meta.story({
  beforeEach({ msw }) {
    msw.use(...sharingHandlers(sharing({ pageSize: 2 })), ...thumbnailHandlers)
  },
  async play() {
    await shown(await screen.findByRole('button', { name: 'Show more' }))
  },
})

/** Loading. */
export const Loading = meta.story({
  beforeEach({ msw }) {
    msw.use(http.get('*/share-service/shared-with-me', () => delay('infinite')))
  },
  async play() {
    await expect((await screen.findAllByRole('status', { name: 'Loading' })).length).toBeGreaterThan(0)
  },
})

/** The read fails: the reason and Try again. */
export const StatesError = meta.story({
  beforeEach({ msw }) {
    msw.use(
      http.get('*/share-service/shared-with-me', () => apiError(400, 'BAD_REQUEST', 'The list could not be read')),
    )
  },
  async play() {
    await shown(await screen.findByRole('button', { name: 'Try again' }))
  },
})

const inside = [
  makeFolder(4, {
    _id: 'beach',
    name: 'Beach',
    parent: 'holidays',
    parentList: ['/', 'holidays'],
    owner: anna,
    role: 'editor',
  }),
]
const insideFiles = [
  makeFile(5, {
    owner: anna,
    role: 'editor',
    addedBy: { _id: 'u3', displayName: 'Ben' },
    metadata: { parent: 'holidays' },
  }),
]

/** Holidays opened as an editor: crumbs from Shared with me, ADD NEW, menus without Share. */
export const FolderEditor = meta.story({
  parameters: appScreen('/folder/holidays'),
  beforeEach({ msw }) {
    msw.use(...sharingHandlers(sharing()), ...driveHandlers({ folders: [holidays, ...inside], files: insideFiles }))
  },
  async play() {
    const bar = within(await screen.findByRole('navigation', { name: 'Breadcrumb' }))
    await shown(await bar.findByRole('button', { name: 'Shared with me' }))
    await shown(await findCard('Beach'))
  },
})

/** Holidays opened as a viewer: no ADD NEW, menus with Download only. */
export const FolderViewer = meta.story({
  parameters: appScreen('/folder/holidays'),
  beforeEach({ msw }) {
    const asViewer = <T extends { role?: string }>(item: T) => ({ ...item, role: 'viewer' as const })
    msw.use(
      ...sharingHandlers(sharing()),
      ...driveHandlers({ folders: [asViewer(holidays), ...inside.map(asViewer)], files: insideFiles.map(asViewer) }),
    )
  },
  async play() {
    await shown(await findCard('Beach'))
    await expect(screen.queryByRole('button', { name: 'ADD NEW' })).toBeNull()
  },
})

/** On a phone. */
export const Phone = meta.story({
  ...phone(),
  beforeEach({ msw }) {
    msw.use(...sharingHandlers(sharing()), ...thumbnailHandlers)
  },
  async play() {
    await shown(await findCard('Holidays'))
  },
})
