import { expect, waitFor } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { DetailsPanel, type DetailsSelection } from '../../lib/index.ts'
import { samplePhoto as thumbnail } from './_support/sample-photo.ts'
import { State, StateGrid } from './_support/state-grid.tsx'

const created = new Date(2024, 2, 7, 21, 5)
const pdf: DetailsSelection = {
  type: 'file',
  file: { id: '1', name: 'Quarterly report.pdf', size: 1_572_864, uploadDate: created, linkType: 'public' },
}
const jpg: DetailsSelection = {
  type: 'file',
  file: { id: '2', name: 'holiday.jpg', size: 3_210_000, uploadDate: created },
}
const folder: DetailsSelection = {
  type: 'folder',
  folder: { id: '3', name: 'Invoices', createdAt: new Date(2023, 10, 30) },
}
const long: DetailsSelection = {
  type: 'file',
  file: {
    id: '4',
    name: `${'A very long name, '.repeat(6)}the end.docx`,
    size: 42,
    uploadDate: created,
    linkType: 'one',
  },
}
const photo: DetailsSelection = {
  type: 'file',
  file: {
    id: '6',
    name: 'IMG_2041.jpg',
    size: 3_210_000,
    uploadDate: created,
    thumbnailUrl: thumbnail,
    takenDate: new Date(2023, 7, 19, 18, 40),
    width: 4032,
    height: 3024,
    aspectRatio: 4032 / 3024,
  },
}
const brokenThumbnail: DetailsSelection = {
  type: 'file',
  file: { id: '7', name: 'scan.png', size: 52_000, uploadDate: created, thumbnailUrl: 'data:image/png;base64,bm90' },
}
const unknown: DetailsSelection = { type: 'file', file: { id: '5', name: 'Makefile', size: 0, uploadDate: created } }

const meta = preview.meta({
  title: 'Library/DetailsPanel',
  tags: ['autodocs'],
  component: DetailsPanel,
  args: { selection: pdf },
})

export const Playground = meta.story({})

/** Empty, a public file, a private file, a folder, a name past 66 characters and a file without extension. */
export const States = meta.story({
  render: () => (
    <StateGrid columns={3}>
      <State label="empty">
        <DetailsPanel labels={{ panel: 'Details: empty' }} />
      </State>
      <State label="file, public link">
        <DetailsPanel selection={pdf} labels={{ panel: 'Details: public file' }} />
      </State>
      <State label="file, private">
        <DetailsPanel selection={jpg} labels={{ panel: 'Details: private file' }} />
      </State>
      <State label="folder">
        <DetailsPanel selection={folder} labels={{ panel: 'Details: folder' }} />
      </State>
      <State label="long name (middle-truncated), temporary link">
        <DetailsPanel selection={long} labels={{ panel: 'Details: long name' }} />
      </State>
      <State label="no extension">
        <DetailsPanel selection={unknown} labels={{ panel: 'Details: no extension' }} />
      </State>
    </StateGrid>
  ),
})

export const StatesDark = States.extend({ globals: { theme: 'dark' } })

/** A photo: its thumbnail, when it was taken and its dimensions; a thumbnail that fails falls back to the banner. */
export const StatesPhoto = meta.story({
  render: () => (
    <StateGrid columns={2}>
      <State label="photo with thumbnail, taken, dimensions">
        <DetailsPanel selection={photo} labels={{ panel: 'Details: photo' }} />
      </State>
      <State label="thumbnail failed to load">
        <DetailsPanel selection={brokenThumbnail} labels={{ panel: 'Details: broken thumbnail' }} />
      </State>
    </StateGrid>
  ),
  play: async ({ canvasElement }) => {
    const img = canvasElement.querySelector<HTMLImageElement>('[data-part="details-thumbnail"]')!
    await waitFor(() => expect(img.complete && img.naturalWidth > 0).toBe(true))
    await waitFor(() => expect(canvasElement.querySelectorAll('[data-part="details-thumbnail"]')).toHaveLength(1))
  },
})

export const StatesPhotoDark = StatesPhoto.extend({ globals: { theme: 'dark' } })

/** In German (`LocaleProvider` with `deMessages`): texts, dates and sizes. */
export const StatesGerman = States.extend({ globals: { locale: 'de-DE' } })

/** Its texts and formats. */
export const Facts = meta.story({
  play: async ({ canvas }) => {
    const panel = canvas.getByRole('complementary', { name: 'Details' })
    await expect(panel).toHaveStyle({ width: '260px' })
    await expect(canvas.getByRole('heading', { name: 'Quarterly report.pdf' })).toBeVisible()
    const terms = canvas.getAllByRole('term').map((t) => t.textContent)
    const values = canvas.getAllByRole('definition').map((d) => d.textContent)
    await expect(terms).toEqual(['Type', 'Size', 'Created', 'Access'])
    await expect(values).toEqual(['PDF', '1.5 MB', '03/07/2024', 'Public'])
  },
})

/** The empty state's exact text, with its typographic apostrophe. */
export const Empty = meta.story({
  args: { selection: null },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Select a file or folder to view it’s details.')).toBeVisible()
  },
})
