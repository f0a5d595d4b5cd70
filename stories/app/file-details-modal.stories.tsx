// SPEC §2 "File details modal (non-previewable files)": the name with Copy name, File details
// (access, size, MM/DD/YYYY hh:mma) and Download.
import { screen, userEvent, within } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { viewportShot } from '../lib/_support/visual.ts'
import { appScreen, findCard, renderApp, shown, withApp } from './_support/app-story.tsx'
import { withHomeDrive } from './_support/drive.ts'

const meta = preview.meta({
  title: 'App/File details modal',
  render: renderApp,
  decorators: [withApp],
  parameters: { ...appScreen('/home'), ...viewportShot },
  beforeEach: withHomeDrive,
})

/** A file with no preview opened: its details and Download. */
export const States = meta.story({
  async play() {
    await userEvent.dblClick(await findCard('budget.xlsx'))
    const dialog = within(await screen.findByRole('dialog', { name: 'budget.xlsx' }))
    const details = within(dialog.getByRole('group', { name: 'File details' }))
    await shown(details.getByText('Private'))
    await shown(details.getByText('03/07/2024 09:02PM'))
    await shown(dialog.getByRole('button', { name: 'Download' }))
    await shown(dialog.getByRole('button', { name: 'Copy name' }))
  },
})
