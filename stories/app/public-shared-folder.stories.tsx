// A shared folder's page (/s/{token}, issue #19): its files with thumbnails through the link,
// subfolders with breadcrumbs inside the shared root, Download all.
import { delay, http, HttpResponse } from 'msw'
import { expect, screen, userEvent, within } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { FIXED_TIME } from '../../mocks/fixtures.ts'
import { ok, thumbnailSvg } from '../../mocks/handlers.ts'
import { appBeforeEach, appScreen, imagesSettled, phone, renderApp, shown, withApp } from './_support/app-story.tsx'

const meta = preview.meta({
  title: 'App/Public shared folder',
  render: renderApp,
  decorators: [withApp],
  parameters: appScreen('/s/tok', false),
  beforeEach: appBeforeEach,
})

const base = '*/share-service/public/tok'
const at = new Date(FIXED_TIME).toISOString()
const file = (id: string, name: string, metadata: Record<string, unknown> = {}) => ({
  _id: id,
  filename: name,
  length: 48_000 * id.length,
  uploadDate: at,
  metadata: { owner: 'x', parent: 'root', size: 48_000 * id.length, hasThumbnail: false, isVideo: false, ...metadata },
})
const folder = (id: string, name: string) => ({ _id: id, name, parent: 'root', createdAt: at, updatedAt: at })

const sharedFolder = (count: number) => [
  http.get(base, () => ok({ itemType: 'folder', name: 'Holiday', access: 'view', expiresAt: null })),
  http.get(
    `${base}/thumbnail/:id`,
    ({ params }) => new HttpResponse(thumbnailSvg(String(params.id)), { headers: { 'Content-Type': 'image/svg+xml' } }),
  ),
  http.get(`${base}/list`, ({ request }) => {
    const q = new URL(request.url).searchParams
    if (q.get('folder') === 'sub')
      return ok({
        path: [
          { _id: 'root', name: 'Holiday' },
          { _id: 'sub', name: 'Beach' },
        ],
        folders: [],
        files: [file('f0', 'notes.txt', { parent: 'sub' })],
      })
    const files = Array.from({ length: count }, (_, i) =>
      i % 3 === 2
        ? file(`f${i + 1}`, `list-${i + 1}.txt`)
        : file(`f${i + 1}`, `sunset-${i + 1}.jpg`, { hasThumbnail: true, thumbnailID: `t${i + 1}` }),
    )
    return ok({ path: [{ _id: 'root', name: 'Holiday' }], folders: [folder('sub', 'Beach')], files })
  }),
]

/** The shared root: a subfolder and files, thumbnails through the link. */
export const States = meta.story({
  beforeEach({ msw }) {
    msw.use(...sharedFolder(8))
  },
  async play() {
    await shown(await screen.findByRole('heading', { name: 'Holiday', level: 1 }))
    await shown(await screen.findByText('sunset-1.jpg'))
    await shown(screen.getByText('Beach'))
    await imagesSettled()
  },
})

/** Inside a subfolder: the breadcrumbs. */
export const Subfolder = meta.story({
  beforeEach({ msw }) {
    msw.use(...sharedFolder(3))
  },
  async play() {
    await userEvent.dblClick(await screen.findByRole('option', { name: /^Beach/ }))
    const crumbs = within(await screen.findByRole('navigation', { name: 'Folder path' }))
    await shown(crumbs.getByText('Holiday'))
    await shown(await screen.findByText('notes.txt'))
  },
})

/** Loading the folder. */
export const Loading = meta.story({
  beforeEach({ msw }) {
    msw.use(
      ...sharedFolder(0),
      http.get(`${base}/list`, () => delay('infinite')),
    )
  },
  async play() {
    await expect((await screen.findAllByRole('status', { name: 'Loading' })).length).toBeGreaterThan(0)
  },
})

/** An empty shared folder. */
export const Empty = meta.story({
  beforeEach({ msw }) {
    msw.use(
      ...sharedFolder(0),
      http.get(`${base}/list`, () => ok({ path: [{ _id: 'root', name: 'Holiday' }], folders: [], files: [] })),
    )
  },
  async play() {
    await shown(await screen.findByRole('heading', { name: 'Holiday', level: 1 }))
  },
})

/** On a phone. */
export const StatesPhone = meta.story({
  ...phone(),
  beforeEach({ msw }) {
    msw.use(...sharedFolder(6))
  },
  async play() {
    await shown(await screen.findByText('sunset-1.jpg'))
    await imagesSettled()
  },
})
