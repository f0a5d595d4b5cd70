// SPEC §2 "Share modal": the name with its type badge, the link with Copy link, the Permission
// select (Private, Public, Temporary), disabled with a spinner while it changes.
import { delay, http } from 'msw'
import { expect, screen, userEvent, within } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { makeFile, sampleDrive, shareLink } from '../../mocks/fixtures.ts'
import { apiError, driveHandlers, ok } from '../../mocks/handlers.ts'
import { masked, viewportShot } from '../lib/_support/visual.ts'
import { appBeforeEach, appScreen, findCard, renderApp, shown, withApp } from './_support/app-story.tsx'

const meta = preview.meta({
  title: 'App/Share modal',
  render: renderApp,
  decorators: [withApp],
  parameters: { ...appScreen('/home'), ...viewportShot },
  beforeEach: appBeforeEach,
})

const shared = makeFile(1, { filename: 'Quarterly report.pdf', metadata: { linkType: 'public', link: 'tok123' } })

const openShare = async (name = 'Quarterly report.pdf') => {
  await userEvent.pointer({ keys: '[MouseRight]', target: await findCard(name) })
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Share' }))
  return within(await screen.findByRole('dialog', { name: 'Share' }))
}

/** A public file: its link, Copy link, Public chosen, the hint and the link's settings. */
export const States = meta.story({
  // The link starts with this Storybook's origin (its port differs between machines).
  parameters: masked('role=textbox[name="Share link"]'),
  beforeEach({ msw }) {
    const link = shareLink({ itemId: shared._id, token: 'tok123', name: shared.filename })
    msw.use(
      ...driveHandlers({ files: [shared], folders: [] }),
      http.get('*/share-service/links', () => ok({ links: [link] })),
    )
  },
  async play() {
    const dialog = await openShare()
    await expect(dialog.getByRole('textbox', { name: 'Share link' })).toHaveValue(
      `${window.location.origin}/public-download/file-1/tok123`,
    )
    await expect(dialog.getByRole('combobox', { name: 'Permission' })).toHaveTextContent('Public')
    await shown(
      dialog.getByText('Anyone with the link can view and download this file. Changing the permission ends this link.'),
    )
    // The link's own settings (its page and options), not "expired or used up".
    await shown(await dialog.findByRole('button', { name: 'Save' }))
    await expect(dialog.queryByText(/has expired or been used up/)).toBeNull()
  },
})

/** A private file: no link yet. */
export const StatesPrivate = meta.story({
  beforeEach({ msw }) {
    msw.use(...driveHandlers(sampleDrive(3)))
  },
  async play() {
    const dialog = await openShare()
    await shown(dialog.getByText('Only you can open this file. Choose Public or Temporary to get a link.'))
    await expect(dialog.getByRole('button', { name: 'Copy link' })).toBeDisabled()
  },
})

/** Choosing Temporary: the select waits (spinner) for the server. */
export const Changing = meta.story({
  beforeEach({ msw }) {
    msw.use(
      ...driveHandlers(sampleDrive(3)),
      http.patch('*/file-service/make-one/:id', () => delay('infinite')),
    )
  },
  async play() {
    const dialog = await openShare()
    await userEvent.click(dialog.getByRole('combobox', { name: 'Permission' }))
    await userEvent.click(await screen.findByRole('option', { name: 'Temporary' }))
    await shown(await screen.findByText('Making Public...'))
    await expect(dialog.getByRole('combobox', { name: 'Permission' })).toHaveAttribute('aria-busy', 'true')
  },
})

/** The change fails: "Error Making Public". */
export const ServerError = meta.story({
  beforeEach({ msw }) {
    msw.use(
      ...driveHandlers(sampleDrive(3)),
      http.patch('*/file-service/make-public/:id', () => apiError(500)),
      http.get('*/share-service/links', () => ok({ links: [] })),
    )
  },
  async play() {
    const dialog = await openShare()
    await userEvent.click(dialog.getByRole('combobox', { name: 'Permission' }))
    await userEvent.click(await screen.findByRole('option', { name: 'Public' }))
    await shown(await screen.findByText('Error Making Public'))
  },
})
