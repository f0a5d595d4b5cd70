// SPEC §2 "Multi-select bar": "N selected", a close icon; trash, move and download outside trash,
// restore and delete in trash; Escape clears it.
import { expect, screen, userEvent, waitFor, within } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { sampleDrive } from '../../mocks/fixtures.ts'
import { driveHandlers } from '../../mocks/handlers.ts'
import { appScreen, at, findCard, imagesSettled, renderApp, shown, withApp } from './_support/app-story.tsx'
import { withHomeDrive } from './_support/drive.ts'

const meta = preview.meta({
  title: 'App/Multi-select bar',
  render: renderApp,
  decorators: [withApp],
  parameters: appScreen('/home'),
  beforeEach: withHomeDrive,
})

const selectTwo = async () => {
  // One user-event session, so Control stays held for the second click.
  const user = userEvent.setup()
  await user.click(await findCard('Quarterly report.pdf'))
  await user.keyboard('{Control>}')
  await user.click(await findCard('budget.xlsx'))
  await user.keyboard('{/Control}')
  return within(await screen.findByRole('toolbar', { name: 'Selection' }))
}

/** Two files selected at home: trash, move, download. */
export const States = meta.story({
  async play() {
    const bar = await selectTwo()
    await shown(bar.getByText('2 selected'))
    for (const name of ['Trash', 'Move', 'Download', 'Clear selection']) await shown(bar.getByRole('button', { name }))
    await imagesSettled()
  },
})

/** In trash: restore and delete only. */
export const InTrash = meta.story({
  ...at('/trash'),
  beforeEach({ msw }) {
    msw.use(...driveHandlers(sampleDrive(6)))
  },
  async play() {
    const bar = await selectTwo()
    await shown(bar.getByRole('button', { name: 'Restore' }))
    await shown(bar.getByRole('button', { name: 'Delete' }))
    await expect(bar.queryByRole('button', { name: 'Move' })).toBeNull()
  },
})

/** Escape clears the selection. */
export const Escape = meta.story({
  async play() {
    await selectTwo()
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('toolbar', { name: 'Selection' })).toBeNull())
  },
})
