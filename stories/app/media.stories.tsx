// SPEC §2 "Media page" (/media, /search-media/{query}): a tight thumbnail grid under month
// headings, a filter (All, Photos, Videos) that titles the page, play overlays on videos.
import { delay, http } from 'msw'
import { expect, screen, userEvent, waitFor } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { sampleMedia } from '../../mocks/fixtures.ts'
import { driveHandlers, thumbnailHandlers } from '../../mocks/handlers.ts'
import { appBeforeEach, appScreen, imagesSettled, phone, renderApp, shown, withApp } from './_support/app-story.tsx'

const meta = preview.meta({
  title: 'App/Media',
  render: renderApp,
  decorators: [withApp],
  parameters: appScreen('/media'),
  beforeEach: appBeforeEach,
})

/** Photos and videos under their months. */
export const States = meta.story({
  beforeEach({ msw }) {
    msw.use(...driveHandlers({ files: sampleMedia(40), folders: [] }), ...thumbnailHandlers)
  },
  async play() {
    await shown(await screen.findByRole('heading', { name: 'Photos and Videos' }))
    await shown(await screen.findByText('March 2024'))
    await imagesSettled()
  },
})

/** The filter retitles the page. */
export const Filter = meta.story({
  beforeEach({ msw }) {
    msw.use(...driveHandlers({ files: sampleMedia(10), folders: [] }), ...thumbnailHandlers)
  },
  async play() {
    await userEvent.click(await screen.findByRole('combobox', { name: 'Filter' }))
    await userEvent.click(await screen.findByRole('option', { name: 'Videos' }))
    await shown(await screen.findByRole('heading', { name: 'Videos' }))
  },
})

/** No photos or videos yet. */
export const StatesEmpty = meta.story({
  async play() {
    await shown(await screen.findByRole('heading', { name: 'No photos or videos yet' }))
    await shown(screen.getByText('Upload photos and videos and they show up here'))
  },
})

/** The gallery is loading. */
export const Loading = meta.story({
  beforeEach({ msw }) {
    msw.use(http.get('*/file-service/list', () => delay('infinite')))
  },
  async play() {
    await waitFor(() => expect(screen.getAllByRole('status', { name: 'Loading' }).length).toBeGreaterThan(0))
  },
})

/** 2,000 photos, paged 100 at a time and virtualised. */
export const StatesManyItems = meta.story({
  beforeEach({ msw }) {
    msw.use(...driveHandlers({ files: sampleMedia(2000), folders: [] }), ...thumbnailHandlers)
  },
  async play() {
    await shown(await screen.findByText('March 2024'))
    await waitFor(() => expect(document.querySelectorAll('[role="option"]').length).toBeLessThan(400))
    await imagesSettled()
  },
})

/** On a phone. */
export const StatesPhone = meta.story({
  ...phone(),
  beforeEach({ msw }) {
    msw.use(...driveHandlers({ files: sampleMedia(30), folders: [] }), ...thumbnailHandlers)
  },
  async play() {
    await shown(await screen.findByText('March 2024'))
    await imagesSettled()
  },
})
