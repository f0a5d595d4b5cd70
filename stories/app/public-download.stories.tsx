// SPEC §2 "Public download page" (/public-download/{id}/{tempToken}): a spinner while loading,
// then the name with Copy name, File details and Download; §8 "Error getting public file".
import { delay, http } from 'msw'
import { screen } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { apiError, ok } from '../../mocks/handlers.ts'
import { appBeforeEach, appScreen, phone, renderApp, shown, withApp } from './_support/app-story.tsx'

const meta = preview.meta({
  title: 'App/Public download',
  render: renderApp,
  decorators: [withApp],
  parameters: appScreen('/public-download/f1/tok', false),
  beforeEach: appBeforeEach,
})

const info = {
  filename: 'Holiday photos.zip',
  uploadDate: '2024-03-07T21:05:00.000Z',
  metadata: { size: 734_003_200, linkType: 'one' },
}
const infoRoute = '*/file-service/public/info/f1/tok'

/** A temporary link's file. */
export const States = meta.story({
  beforeEach({ msw }) {
    msw.use(http.get(infoRoute, () => ok(info)))
  },
  async play() {
    await shown(await screen.findByText('Holiday photos.zip'))
    await shown(screen.getByRole('heading', { name: 'File details' }))
    await shown(screen.getByText('Temporary'))
    await shown(screen.getByText('03/07/2024 09:05PM'))
    await shown(screen.getByRole('button', { name: 'Download' }))
  },
})

/** Loading: a spinner. */
export const StatesLoading = meta.story({
  beforeEach({ msw }) {
    msw.use(http.get(infoRoute, () => delay('infinite')))
  },
  async play() {
    await shown(await screen.findByRole('status', { name: 'Loading' }))
  },
})

/** An invalid link. */
export const StatesError = meta.story({
  beforeEach({ msw }) {
    msw.use(http.get(infoRoute, () => apiError(404)))
  },
  async play() {
    await shown(await screen.findByText('Error getting public file'))
  },
})

/** On a phone. */
export const StatesPhone = meta.story({
  ...phone(),
  beforeEach({ msw }) {
    msw.use(http.get(infoRoute, () => ok(info)))
  },
  async play() {
    await shown(await screen.findByText('Holiday photos.zip'))
  },
})
