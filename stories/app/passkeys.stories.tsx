// Issue #21 in Settings → Account: the passkeys list, adding one (a name and the password) and
// removing one (the password).
import { http } from 'msw'
import { expect, screen, userEvent, within } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { ok } from '../../mocks/handlers.ts'
import { viewportShot } from '../lib/_support/visual.ts'
import { appBeforeEach, appScreen, renderApp, shown, withApp } from './_support/app-story.tsx'

const meta = preview.meta({
  title: 'App/Settings: passkeys',
  render: renderApp,
  decorators: [withApp],
  parameters: { ...appScreen('/settings'), ...viewportShot },
  beforeEach: appBeforeEach,
})

const passkeys = [
  { _id: 'pk1', name: 'Laptop', createdAt: '2024-02-20T10:00:00.000Z', lastUsedAt: '2024-03-07T09:00:00.000Z' },
  { _id: 'pk2', name: 'Security key', createdAt: '2024-03-01T10:00:00.000Z', lastUsedAt: null },
]

/** Two passkeys listed. */
export const States = meta.story({
  beforeEach({ msw }) {
    msw.use(http.get('*/user-service/webauthn/passkeys', () => ok({ passkeys, available: true })))
  },
  async play() {
    const list = within(await screen.findByRole('list', { name: 'Passkeys' }))
    await shown(list.getByText('Laptop'))
    await shown(list.getByText(/never used/))
    list.getByText('Laptop').scrollIntoView({ block: 'center' })
  },
})

/** None yet; Add a passkey asks for a name and the password. */
export const StatesAdd = meta.story({
  async play() {
    await shown(await screen.findByText('No passkeys yet'))
    await userEvent.click(screen.getByRole('button', { name: 'Add a passkey' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Add a passkey' }))
    await expect(dialog.getByRole('button', { name: 'Continue' })).toBeDisabled()
    await userEvent.type(dialog.getByLabelText('Name'), 'Laptop')
    await userEvent.type(dialog.getByLabelText('Password'), 'secret1')
    await expect(dialog.getByRole('button', { name: 'Continue' })).toBeEnabled()
  },
})

/** Remove asks for the password. */
export const Remove = meta.story({
  beforeEach({ msw }) {
    msw.use(http.get('*/user-service/webauthn/passkeys', () => ok({ passkeys, available: true })))
  },
  async play() {
    const list = within(await screen.findByRole('list', { name: 'Passkeys' }))
    await userEvent.click(list.getAllByRole('button', { name: /Remove/ })[0]!)
    const dialog = within(await screen.findByRole('dialog'))
    await shown(dialog.getByLabelText('Password'))
  },
})

/** A server reached by an IP address: passkeys are unavailable, no button. */
export const Unavailable = meta.story({
  beforeEach({ msw }) {
    msw.use(http.get('*/user-service/webauthn/passkeys', () => ok({ passkeys: [], available: false })))
  },
  async play() {
    await screen.findByRole('heading', { name: 'Passkeys' })
    await expect(screen.queryByRole('button', { name: 'Add a passkey' })).toBeNull()
  },
})
