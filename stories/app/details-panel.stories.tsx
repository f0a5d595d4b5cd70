// SPEC §2 "Details panel (desktop)": the empty text, then a selected item's Type, Size, Created, Access.
import { expect, screen, userEvent, within } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { appScreen, findCard, imagesSettled, renderApp, shown, withApp } from './_support/app-story.tsx'
import { withHomeDrive } from './_support/drive.ts'

const meta = preview.meta({
  title: 'App/Details panel',
  render: renderApp,
  decorators: [withApp],
  parameters: appScreen('/home'),
  beforeEach: withHomeDrive,
})

const panel = async () => within(await screen.findByRole('complementary', { name: 'Details' }))

/** Nothing selected. */
export const Empty = meta.story({
  async play() {
    await shown(await (await panel()).findByText('Select a file or folder to view it’s details.'))
  },
})

/** A selected file: its type, size, creation date (MM/DD/YYYY) and access. */
export const StatesFile = meta.story({
  async play() {
    await userEvent.click(await findCard('Quarterly report.pdf'))
    const details = await panel()
    await shown(await details.findByText('03/07/2024'))
    await expect(details.getAllByText('PDF').length).toBeGreaterThan(0)
    await shown(details.getByText('Private'))
    await imagesSettled()
  },
})

/** A selected folder: Type Folder, no size or access. */
export const Folder = meta.story({
  async play() {
    await userEvent.click(await findCard('Invoices'))
    const details = await panel()
    await shown(await details.findByText('Folder'))
    await expect(details.queryByText('Access')).toBeNull()
  },
})
