// SPEC §2 "Search bar" and the search routes (/search/{query}): suggestions while typing, then
// the results titled Search; a custom date range; a member's search inside a shared folder.
import { http } from 'msw'
import { expect, fireEvent, screen, userEvent, waitFor, within } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { anna, makeFile, makeFolder, sampleDrive, sharedFolder } from '../../mocks/fixtures.ts'
import { driveHandlers, ok, thumbnailHandlers } from '../../mocks/handlers.ts'
import {
  appBeforeEach,
  appScreen,
  at,
  currentPath,
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
    await screen.findByRole('row', { name: /^Quarterly report\.pdf/ })
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

/** A custom date range chosen from Custom range…: the chip says its days and is pressed. */
export const StatesCustomRange = meta.story({
  beforeEach({ msw }) {
    msw.use(...driveHandlers({ files: sampleDrive(3).files, folders: [] }), ...thumbnailHandlers)
  },
  async play() {
    await screen.findByRole('row', { name: /^Quarterly report\.pdf/ })
    const date = screen.getByRole('toolbar', { name: 'Date' })
    await userEvent.click(within(date).getByRole('button', { name: 'Custom range…' }))
    const popover = await screen.findByRole('dialog', { name: 'Custom range' })
    fireEvent.change(within(popover).getByLabelText('From'), { target: { value: '2026-03-01' } })
    fireEvent.change(within(popover).getByLabelText('To'), { target: { value: '2026-03-31' } })
    await userEvent.click(within(popover).getByRole('button', { name: 'Apply' }))
    const chip = await within(date).findByRole('button', { name: '03/01/2026 – 03/31/2026' })
    await expect(chip).toHaveAttribute('aria-pressed', 'true')
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Custom range' })).toBeNull())
    await screen.findByRole('row', { name: /^Quarterly report\.pdf/ })
    await imagesSettled()
  },
})

const holidays = sharedFolder('viewer')
const inShare = [
  { _id: 'holidays', name: 'Holidays' },
  { _id: 'folder-2024', name: '2024' },
]

/** A member's search inside Holidays (Anna's): the box says where it searches; paths start at Shared with me. */
export const StatesInSharedFolder = meta.story({
  ...at('/search/beach?in=holidays'),
  beforeEach({ msw }) {
    msw.use(
      http.get('*/folder-service/list', () =>
        ok([makeFolder(2, { name: 'Beach days', owner: anna, role: 'viewer', path: inShare })]),
      ),
      ...driveHandlers({
        folders: [holidays],
        files: [
          makeFile(3, { filename: 'beach.jpg', owner: anna, role: 'viewer', path: inShare }),
          makeFile(4, {
            filename: 'packing list.txt',
            owner: anna,
            role: 'viewer',
            path: [inShare[0]!],
            snippet: { text: 'towels, sun cream and a beach umbrella', marks: [[24, 29]] },
          }),
        ],
      }),
      ...thumbnailHandlers,
    )
  },
  async play() {
    const box = await screen.findByRole('combobox', { name: 'Search in Holidays' })
    await expect(box).toHaveValue('beach')
    const row = await screen.findByRole('row', { name: /^beach\.jpg/ })
    await waitFor(() =>
      expect(within(row).getByRole('list', { name: 'Location' })).toHaveTextContent('Shared with me›Holidays›2024'),
    )
    await imagesSettled()
  },
})
