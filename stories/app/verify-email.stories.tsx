// SPEC §2 "Verify email page" (/verify-email/{token}): verifies at once; "Verifying email...",
// then "Email Verified" and / after 1.5 s; §8 "Error verifying email".
import { delay, http } from 'msw'
import { expect, screen, waitFor, within } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { apiError, ok } from '../../mocks/handlers.ts'
import { appBeforeEach, appScreen, at, currentPath, renderApp, shown, withApp } from './_support/app-story.tsx'

const meta = preview.meta({
  title: 'App/Verify email',
  render: renderApp,
  decorators: [withApp],
  parameters: appScreen('/verify-email/tok-story', false),
  beforeEach: appBeforeEach,
})

const toasts = () => within(screen.getByRole('region', { name: 'Notifications' }))

/** The check is on its way. */
export const StatesVerifying = meta.story({
  ...at('/verify-email/tok-pending', false),
  beforeEach({ msw }) {
    msw.use(http.patch('*/user-service/verify-email', () => delay('infinite')))
  },
  async play() {
    await shown(await toasts().findByText('Verifying email...'))
  },
})

/** Verified: the toast, then the sign-in screen. */
export const Verified = meta.story({
  ...at('/verify-email/tok-ok', false),
  beforeEach({ msw }) {
    msw.use(http.patch('*/user-service/verify-email', () => ok()))
  },
  async play() {
    await shown(await toasts().findByText('Email Verified'))
    await waitFor(() => expect(currentPath()).toBe('/'), { timeout: 3000 })
  },
})

/** A refused token: "Error verifying email", and no redirect. */
export const StatesError = meta.story({
  ...at('/verify-email/tok-bad', false),
  beforeEach({ msw }) {
    msw.use(http.patch('*/user-service/verify-email', () => apiError(401)))
  },
  async play() {
    await shown(await toasts().findByText('Error verifying email'))
    await expect(currentPath()).toBe('/verify-email/tok-bad')
  },
})
