// A file's Versions (DESIGN.md §8 "Versions"): the details panel's button opens the dialog with the
// file's earlier contents; an owner restores and deletes, a viewer of a shared file downloads.
import { screen, userEvent, within } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { anna, makeFile, makeVersion } from '../../mocks/fixtures.ts'
import { driveHandlers, versionHandlers } from '../../mocks/handlers.ts'
import { appBeforeEach, appScreen, findCard, renderApp, shown, withApp } from './_support/app-story.tsx'

const meta = preview.meta({
  title: 'App/Versions',
  render: renderApp,
  decorators: [withApp],
  parameters: appScreen('/home'),
  beforeEach: appBeforeEach,
})

const report = makeFile(1, { _id: 'f1', filename: 'Quarterly report.pdf', length: 48_213, metadata: { size: 48_213 } })
const shared = makeFile(2, { _id: 'f2', filename: 'Trip budget.xlsx', owner: anna, role: 'viewer' })
const versions = () => [
  makeVersion(1, { size: 46_100, addedBy: { _id: 'u3', displayName: 'Ben' } }),
  makeVersion(26, { size: 40_960 }),
  makeVersion(24 * 9, { size: 12_288 }),
]

const serve = (msw: Parameters<typeof appBeforeEach>[0]['msw']) => {
  const drive = { files: [report, shared], folders: [] }
  msw.use(...driveHandlers(drive), ...versionHandlers({ versions: { f1: versions(), f2: versions() }, drive }))
}

const openVersions = async (name: string) => {
  await userEvent.click(await findCard(name))
  await userEvent.click(await screen.findByRole('button', { name: 'Versions' }))
  const dialog = within(await screen.findByRole('dialog', { name: 'Versions' }))
  await shown(await dialog.findByRole('list', { name: 'Versions' }))
  return dialog
}

/** The owner's dialog: each version's date, size and uploader, with Download, Restore and Delete. */
export const States = meta.story({
  async beforeEach({ msw }) {
    serve(msw)
  },
  async play() {
    await openVersions('Quarterly report.pdf')
  },
})

/** A viewer of a shared file: Download only. */
export const StatesViewer = meta.story({
  async beforeEach({ msw }) {
    serve(msw)
  },
  async play() {
    const dialog = await openVersions('Trip budget.xlsx')
    await shown(dialog.getAllByRole('button', { name: /^Download version of/ })[0]!)
  },
})

/** Restore: the toast, and the content it replaced at the top of the list. */
export const Restore = meta.story({
  async beforeEach({ msw }) {
    serve(msw)
  },
  async play() {
    const dialog = await openVersions('Quarterly report.pdf')
    await userEvent.click(dialog.getAllByRole('button', { name: /^Restore version of/ })[1]!)
    await shown(await within(screen.getByRole('region', { name: 'Notifications' })).findByText('Version restored'))
  },
})
