// The owner's share links (/shared, issue #19): every live link with its kind, expiry, downloads
// and password; the empty state; loading and a failed read with Try again.
import { delay, http } from 'msw'
import { expect, screen, within } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { requestLink, shareLink } from '../../mocks/fixtures.ts'
import { apiError, ok } from '../../mocks/handlers.ts'
import { appBeforeEach, appScreen, phone, renderApp, shown, withApp } from './_support/app-story.tsx'

const meta = preview.meta({
  title: 'App/Shared links',
  render: renderApp,
  decorators: [withApp],
  parameters: appScreen('/shared'),
  beforeEach: appBeforeEach,
})

const links = [
  shareLink({ hasPassword: true, maxDownloads: 10, downloads: 3, expiresAt: '2024-04-01T12:00:00.000Z' }),
  shareLink({
    _id: 'l2',
    token: 'tok2',
    url: 'http://cumulus.test/s/tok2',
    itemType: 'folder',
    itemId: 'd2',
    name: 'Trip',
  }),
  requestLink(),
]

/** Three links: a file with a password and a limit, a folder, a file request. */
export const States = meta.story({
  beforeEach({ msw }) {
    msw.use(http.get('*/share-service/links', () => ok({ links })))
  },
  async play() {
    const table = within(await screen.findByRole('table', { name: 'Shared links' }))
    await shown(table.getByRole('row', { name: /^Report\.pdf/ }))
    await shown(table.getByText('File request'))
    await shown(table.getByText('3 / 10'))
  },
})

/** No links yet. */
export const StatesEmpty = meta.story({
  async play() {
    await shown(await screen.findByRole('heading', { name: 'No shared links yet' }))
  },
})

/** Loading. */
export const Loading = meta.story({
  beforeEach({ msw }) {
    msw.use(http.get('*/share-service/links', () => delay('infinite')))
  },
  async play() {
    await expect((await screen.findAllByRole('status', { name: 'Loading' })).length).toBeGreaterThan(0)
  },
})

/** The read fails: the reason and Try again. */
export const StatesError = meta.story({
  beforeEach({ msw }) {
    msw.use(http.get('*/share-service/links', () => apiError(400, 'BAD_REQUEST', 'The list could not be read')))
  },
  async play() {
    await shown(await screen.findByRole('button', { name: 'Try again' }))
  },
})

/** On a phone. */
export const Phone = meta.story({
  ...phone(),
  beforeEach({ msw }) {
    msw.use(http.get('*/share-service/links', () => ok({ links })))
  },
  async play() {
    await shown(await screen.findByText('Trip'))
  },
})
