// SPEC §2 "Settings page" (/settings): the left menu (HOME, Account, General), the account
// (email, Resend, Change password, Logout, Logout all sessions, devices, app passwords) and the
// General selects; the change-password modal.
import { delay, http } from 'msw'
import { expect, screen, userEvent, waitFor, within } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { testUserDetailed } from '../../mocks/fixtures.ts'
import { apiError, ok } from '../../mocks/handlers.ts'
import { appBeforeEach, appScreen, phone, renderApp, shown, withApp } from './_support/app-story.tsx'

const meta = preview.meta({
  title: 'App/Settings',
  render: renderApp,
  decorators: [withApp],
  parameters: appScreen('/settings'),
  beforeEach: appBeforeEach,
})

const at = '2024-03-05T08:30:00.000Z'

/** The account of a verified user with a quota, two devices and two app passwords. */
export const States = meta.story({
  beforeEach({ msw }) {
    msw.use(
      http.get('*/user-service/user-detailed', () =>
        ok({
          ...testUserDetailed,
          storage: { usedBytes: 3.2 * 1024 ** 3, fileCount: 812, quotaBytes: 10 * 1024 ** 3 },
        }),
      ),
      http.get('*/user-service/sessions', () =>
        ok({
          sessions: [
            {
              _id: 's1',
              current: true,
              browser: 'Firefox 133',
              os: 'Linux',
              ip: '192.0.2.1',
              createdAt: at,
              lastSeenAt: at,
            },
            {
              _id: 's2',
              current: false,
              browser: 'Safari 18',
              os: 'iOS',
              ip: '198.51.100.7',
              createdAt: at,
              lastSeenAt: at,
            },
          ],
        }),
      ),
      http.get('*/user-service/app-passwords', () =>
        ok({
          appPasswords: [
            { _id: 'a1', name: 'Laptop backup', scope: 'write', createdAt: at, lastUsedAt: at },
            { _id: 'a2', name: 'Photo frame', scope: 'read', createdAt: at, lastUsedAt: null },
          ],
        }),
      ),
    )
  },
  async play() {
    const menu = within(await screen.findByRole('navigation', { name: 'Settings' }))
    await shown(menu.getByRole('link', { name: 'HOME' }))
    await shown(await screen.findByRole('heading', { name: 'Account' }))
    await shown(await screen.findByText('ada@example.com'))
    for (const name of ['Change password', 'Logout', 'Logout all sessions'])
      await shown(screen.getByRole('button', { name }))
    await expect(await screen.findByText('Laptop backup')).toBeInTheDocument()
  },
})

/** An unverified email offers Resend. */
export const Unverified = meta.story({
  beforeEach({ msw }) {
    msw.use(
      http.get('*/user-service/user-detailed', () => ok({ ...testUserDetailed, emailVerified: false })),
      http.patch('*/user-service/resend-verify-email', () => ok()),
    )
  },
  async play() {
    await userEvent.click(await screen.findByRole('button', { name: 'Resend' }))
    await shown(await screen.findByText('Email Verification Resent'))
  },
})

/** The account is loading. */
export const Loading = meta.story({
  beforeEach({ msw }) {
    msw.use(http.get('*/user-service/user-detailed', () => delay('infinite')))
  },
  async play() {
    await expect((await screen.findAllByRole('status', { name: 'Loading' })).length).toBeGreaterThan(0)
  },
})

/** The account cannot be loaded: SPEC §8's dialog. */
export const StatesLoadError = meta.story({
  beforeEach({ msw }) {
    msw.use(http.get('*/user-service/user-detailed', () => apiError(500)))
  },
  async play() {
    const dialog = within(
      await screen.findByRole('alertdialog', { name: 'Error loading user account' }, { timeout: 15_000 }),
    )
    await shown(dialog.getByText('There was an error loading your account, would you like to logout?'))
    await shown(dialog.getByRole('button', { name: 'Yes, logout' }))
  },
})

/** The General selects with their defaults. */
export const StatesGeneral = meta.story({
  async play() {
    const menu = within(await screen.findByRole('navigation', { name: 'Settings' }))
    await userEvent.click(menu.getByRole('button', { name: 'General' }))
    await shown(await screen.findByRole('heading', { name: 'General' }))
    for (const name of [
      'File list style',
      'Sort by',
      'Order by',
      'Single click to enter folders',
      'Load thumbnails',
      'Theme',
    ])
      await shown(screen.getByRole('combobox', { name }))
  },
})

/** Change password: the modal, its length message, and "Incorrect password" for a wrong current one. */
export const StatesChangePassword = meta.story({
  beforeEach({ msw }) {
    msw.use(
      http.post('*/user-service/change-password', () => apiError(401)),
      http.patch('*/user-service/change-password', () => apiError(401)),
    )
  },
  async play() {
    await userEvent.click(await screen.findByRole('button', { name: 'Change password' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Change password' }))
    await userEvent.type(dialog.getByLabelText('Current password'), 'secret1')
    await userEvent.type(dialog.getByLabelText('New password'), 'abc')
    await shown(await dialog.findByText('Password must be at least 6 characters'))
    await userEvent.type(dialog.getByLabelText('New password'), 'defgh')
    await userEvent.type(dialog.getByLabelText('Verify new password'), 'abcdefgh')
    await userEvent.click(dialog.getByRole('button', { name: 'Submit' }))
    await shown(await screen.findByText('Incorrect password'))
  },
})

/** Logout asks first. */
export const LogoutConfirm = meta.story({
  async play() {
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }))
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Logout?' }))
    await shown(dialog.getByRole('button', { name: 'Yes' }))
    await userEvent.click(dialog.getByRole('button', { name: 'cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
  },
})

/** An account made by single sign-on sets a first password, without a current one. */
export const StatesSetPassword = meta.story({
  beforeEach({ msw }) {
    msw.use(
      http.get('*/user-service/user-detailed', () =>
        ok({ ...testUserDetailed, mustChangePassword: false, hasPassword: false }),
      ),
    )
  },
  async play() {
    await userEvent.click(await screen.findByRole('button', { name: 'Set a password' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Set a password' }))
    await shown(dialog.getByText('You sign in with single sign-on. A password lets you sign in without it too.'))
    await expect(dialog.queryByLabelText('Current password')).toBeNull()
  },
})

/** On a phone: the menu is collapsed behind its toggle. */
export const StatesPhone = meta.story({
  ...phone(),
  async play() {
    await shown(await screen.findByRole('button', { name: 'Settings menu' }))
  },
})
