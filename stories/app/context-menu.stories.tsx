// SPEC §2 "Context menu": right-click a card; what a file, a folder and the parent bar offer.
import { expect, screen, userEvent, within } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { appScreen, findCard, imagesSettled, renderApp, shown, withApp } from './_support/app-story.tsx'
import { withHomeDrive } from './_support/drive.ts'

const meta = preview.meta({
  title: 'App/Context menu',
  render: renderApp,
  decorators: [withApp],
  parameters: appScreen('/home'),
  beforeEach: withHomeDrive,
})

const menuOf = async (name: string) => {
  await userEvent.pointer({ keys: '[MouseRight]', target: await findCard(name) })
  return within(await screen.findByRole('menu'))
}

/** A file's menu at home. */
export const StatesFile = meta.story({
  async play() {
    const menu = await menuOf('Quarterly report.pdf')
    for (const name of ['Rename', 'Move', 'Share', 'Download', 'Trash'])
      await shown(menu.getByRole('menuitem', { name }))
    await imagesSettled()
  },
})

/** A folder's menu (folders are shared by link too, issue #19). */
export const Folder = meta.story({
  async play() {
    const menu = await menuOf('Invoices')
    await shown(menu.getByRole('menuitem', { name: 'Rename' }))
    await expect(menu.getByRole('menuitem', { name: 'Download' })).toBeInTheDocument()
  },
})

/** Trash from the menu asks first (SPEC §8). */
export const TrashConfirm = meta.story({
  async play() {
    const menu = await menuOf('budget.xlsx')
    await userEvent.click(menu.getByRole('menuitem', { name: 'Trash' }))
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Move to trash?' }))
    await shown(dialog.getByText('Items in the trash will eventually be deleted.'))
    await shown(dialog.getByRole('button', { name: 'Yes' }))
  },
})

/** Rename asks for the new name, prefilled. */
export const Rename = meta.story({
  async play() {
    const menu = await menuOf('notes.docx')
    await userEvent.click(menu.getByRole('menuitem', { name: 'Rename' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Enter A File Name' }))
    await expect(dialog.getByRole('textbox')).toHaveValue('notes.docx')
  },
})
