// SPEC §2 "Move modal": search, back and home, the current folder, a 230 px folder list with a
// spinner while loading, "Move to {name}" and Confirm.
import { delay, http } from 'msw'
import { expect, screen, userEvent, within } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { makeFolder } from '../../mocks/fixtures.ts'
import { ok } from '../../mocks/handlers.ts'
import { viewportShot } from '../lib/_support/visual.ts'
import { appScreen, findCard, renderApp, shown, withApp } from './_support/app-story.tsx'
import { withHomeDrive } from './_support/drive.ts'

const meta = preview.meta({
  title: 'App/Move modal',
  render: renderApp,
  decorators: [withApp],
  parameters: { ...appScreen('/home'), ...viewportShot },
  beforeEach: withHomeDrive,
})

const folders = ['Invoices', 'Photos', 'Projects', 'Taxes 2023', 'Music', 'Scans', 'Archive'].map((name, i) =>
  makeFolder(i + 1, { name }),
)

const openMove = async () => {
  await userEvent.pointer({ keys: '[MouseRight]', target: await findCard('notes.docx') })
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Move' }))
  return within(await screen.findByRole('dialog', { name: 'Move' }))
}

/** Home's folders; one chosen: "Move to Photos". */
export const States = meta.story({
  beforeEach({ msw }) {
    msw.use(http.get('*/folder-service/move-folder-list', () => ok(folders)))
  },
  async play() {
    const dialog = await openMove()
    await shown(dialog.getByText('Move to home'))
    await userEvent.click(await dialog.findByRole('option', { name: 'Photos' }))
    await shown(dialog.getByText('Move to Photos'))
    await expect(dialog.getByRole('button', { name: 'Confirm' })).toBeEnabled()
  },
})

/** The folder list is loading. */
export const StatesLoading = meta.story({
  beforeEach({ msw }) {
    msw.use(http.get('*/folder-service/move-folder-list', () => delay('infinite')))
  },
  async play() {
    const dialog = await openMove()
    await shown(await dialog.findByRole('status', { name: 'Loading folders' }))
  },
})
