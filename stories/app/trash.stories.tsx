// SPEC §2 trash (/trash, /folder-trash/{id}, /search-trash/{query}): the banner, Trash, and a menu
// with Restore and Delete only.
import { expect, screen, userEvent, within } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { makeFolder, sampleDrive } from '../../mocks/fixtures.ts'
import { driveHandlers, thumbnailHandlers } from '../../mocks/handlers.ts'
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
  title: 'App/Trash',
  render: renderApp,
  decorators: [withApp],
  parameters: appScreen('/trash'),
  beforeEach: appBeforeEach,
})

const trashed = () => {
  const { files } = sampleDrive(5)
  return { files, folders: [makeFolder(1, { name: 'Old scans', trashed: true })] }
}

/** The banner, the Trash folders and the files. */
export const States = meta.story({
  beforeEach({ msw }) {
    msw.use(...driveHandlers(trashed()), ...thumbnailHandlers)
  },
  async play() {
    await shown(
      await screen.findByText('Items in the trash may be automatically deleted depending on the servers settings.'),
    )
    await shown(screen.getByRole('heading', { name: 'Trash' }))
    await findCard('Quarterly report.pdf')
    await imagesSettled()
  },
})

/** An empty trash. */
export const StatesEmpty = meta.story({
  async play() {
    await shown(await screen.findByRole('heading', { name: 'Trash is empty' }))
  },
})

/** The context menu in trash: Restore and Delete (and Multi-select); no Rename, Move, Share, Download or Trash. */
export const Menu = meta.story({
  beforeEach({ msw }) {
    msw.use(...driveHandlers(trashed()))
  },
  async play() {
    await userEvent.pointer({ keys: '[MouseRight]', target: await findCard('Quarterly report.pdf') })
    const menu = within(await screen.findByRole('menu'))
    await expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Multi-select',
      'Restore',
      'Delete',
    ])
  },
})

/** On a phone. */
export const Phone = meta.story({
  ...phone(),
  beforeEach({ msw }) {
    msw.use(...driveHandlers(trashed()))
  },
  async play() {
    await shown(
      await screen.findByText('Items in the trash may be automatically deleted depending on the servers settings.'),
    )
  },
})
