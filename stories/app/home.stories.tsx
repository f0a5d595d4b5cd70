// SPEC §2 "Home page" (/home): Quick Access, Home Folders, Home Files, the sort and view controls.
import { delay, http, HttpResponse } from 'msw'
import { expect, screen, waitFor } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { sampleDrive } from '../../mocks/fixtures.ts'
import { driveHandlers, ok, thumbnailHandlers } from '../../mocks/handlers.ts'
import {
  appBeforeEach,
  appScreen,
  findCard,
  imagesSettled,
  phone,
  renderApp,
  shown,
  withApp,
} from './_support/app-story.tsx'

const meta = preview.meta({
  title: 'App/Home',
  render: renderApp,
  decorators: [withApp],
  parameters: appScreen('/home'),
  beforeEach: appBeforeEach,
})

/** A drive with folders and files: cards with thumbnails or extension badges, MM/DD/YY hh:mma dates. */
export const States = meta.story({
  beforeEach({ msw }) {
    msw.use(...driveHandlers(sampleDrive(12)), ...thumbnailHandlers)
  },
  async play() {
    await shown(await screen.findByRole('heading', { name: 'Quick Access' }))
    await shown(screen.getByRole('heading', { name: 'Home Folders' }))
    await shown(screen.getByRole('heading', { name: 'Home Files' }))
    await expect((await findCard('Quarterly report.pdf')).textContent).toContain('03/07/24 09:04PM')
    await imagesSettled()
  },
})

/** The lists are on their way (the server never answers). */
export const StatesLoading = meta.story({
  beforeEach({ msw }) {
    msw.use(
      http.get('*/file-service/list', () => delay('infinite')),
      http.get('*/file-service/quick-list', () => delay('infinite')),
      http.get('*/folder-service/list', () => delay('infinite')),
    )
  },
  async play() {
    await waitFor(() => expect(screen.getAllByRole('status', { name: 'Loading' }).length).toBeGreaterThan(0))
  },
})

/** An empty drive: the empty state names the next step. */
export const StatesEmpty = meta.story({
  async play() {
    await shown(await screen.findByRole('heading', { name: 'Your drive is empty' }))
    await shown(screen.getByText('Drop files here or use ADD NEW'))
    await shown(screen.getByRole('heading', { name: 'No Folders' }))
  },
})

/** 2,000 files, paged 50 at a time and virtualised: only what is on screen is in the page. */
export const StatesManyItems = meta.story({
  beforeEach({ msw }) {
    msw.use(...driveHandlers(sampleDrive(2000, 24)), ...thumbnailHandlers)
  },
  async play() {
    await findCard('Quarterly report.pdf')
    await waitFor(() => expect(document.querySelectorAll('[role="option"]').length).toBeLessThan(200))
    await imagesSettled()
  },
})

/** The lists fail (500): SPEC §8 only logs it; the screen stays usable and empty. */
export const ServerError = meta.story({
  beforeEach({ msw }) {
    const fail = () => HttpResponse.json({ statusCode: 500, code: 'INTERNAL', message: 'boom' }, { status: 500 })
    msw.use(
      http.get('*/file-service/list', fail),
      http.get('*/folder-service/list', fail),
      http.get('*/file-service/quick-list', () => ok([])),
    )
  },
  async play() {
    await shown(await screen.findByRole('heading', { name: 'Your drive is empty' }))
  },
})

/** On a phone: no details panel, the menu icon opens the drawer. */
export const StatesPhone = meta.story({
  ...phone(),
  beforeEach({ msw }) {
    msw.use(...driveHandlers(sampleDrive(8)), ...thumbnailHandlers)
  },
  async play() {
    await findCard('Quarterly report.pdf')
    await expect(screen.queryByText('Select a file or folder to view it’s details.')).toBeNull()
    await imagesSettled()
  },
})
