// SPEC §2 "Search bar" and the search routes (/search/{query}): suggestions while typing, then
// the results titled Search.
import { http } from 'msw'
import { expect, screen, userEvent, waitFor } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { makeFile, makeFolder, sampleDrive } from '../../mocks/fixtures.ts'
import { driveHandlers, ok, thumbnailHandlers } from '../../mocks/handlers.ts'
import {
  appBeforeEach,
  appScreen,
  at,
  currentPath,
  findCard,
  imagesSettled,
  renderApp,
  shown,
  withApp,
} from './_support/app-story.tsx'

const meta = preview.meta({
  title: 'App/Search',
  render: renderApp,
  decorators: [withApp],
  parameters: appScreen('/search/report'),
  beforeEach: appBeforeEach,
})

/** Results for "report": folders under Search, then Files. */
export const States = meta.story({
  beforeEach({ msw }) {
    msw.use(
      ...driveHandlers({ files: sampleDrive(3).files, folders: [makeFolder(1, { name: 'Reports 2024' })] }),
      ...thumbnailHandlers,
    )
  },
  async play() {
    await shown(await screen.findByRole('heading', { name: 'Search' }))
    await shown(screen.getByRole('heading', { name: 'Files' }))
    await findCard('Quarterly report.pdf')
    await imagesSettled()
  },
})

/** Nothing matches: the empty state names the text. */
export const StatesNoResults = meta.story({
  ...at('/search/zebra'),
  async play() {
    await shown(await screen.findByRole('heading', { name: 'No results for "zebra"' }))
    await shown(screen.getByText('Try another name, or check the spelling'))
  },
})

/** Typing suggests (after 500 ms); Enter goes to the search route. */
export const Suggestions = meta.story({
  ...at('/home'),
  beforeEach({ msw }) {
    msw.use(
      http.get('*/file-service/suggested-list', () =>
        ok({
          folderList: [makeFolder(1, { name: 'Reports 2024' })],
          fileList: [makeFile(1, { filename: 'report.pdf' })],
        }),
      ),
    )
  },
  async play() {
    const box = await screen.findByRole('combobox', { name: 'Search' })
    await userEvent.type(box, 'rep')
    await shown(await screen.findByRole('option', { name: /Reports 2024/ }, { timeout: 3000 }))
    await shown(screen.getByRole('option', { name: /report\.pdf/ }))
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(currentPath()).toBe('/search/rep'))
  },
})

/** No suggestion for the text: No Results. */
export const NoSuggestions = meta.story({
  ...at('/home'),
  async play() {
    await userEvent.type(await screen.findByRole('combobox', { name: 'Search' }), 'zebra')
    await shown(await screen.findByText('No Results', {}, { timeout: 3000 }))
  },
})
