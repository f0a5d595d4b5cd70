// SPEC §2 "Reset password page" (/reset-password/{token}): Password, Verify Password and Reset;
// "Password Reset" then /; §8 "Invalid token error" (401) and "Reset Password Failed".
import { http } from 'msw'
import { expect, screen, userEvent } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { apiError } from '../../mocks/handlers.ts'
import { appBeforeEach, appScreen, phone, renderApp, shown, withApp } from './_support/app-story.tsx'

const meta = preview.meta({
  title: 'App/Reset password',
  render: renderApp,
  decorators: [withApp],
  parameters: appScreen('/reset-password/tok-1', false),
  beforeEach: appBeforeEach,
})

const fill = async (password: string, verify: string) => {
  await userEvent.type(await screen.findByLabelText('Password'), password)
  await userEvent.type(screen.getByLabelText('Verify Password'), verify)
}

/** The form, Reset disabled while empty. */
export const States = meta.story({
  async play() {
    await shown(await screen.findByRole('heading', { name: 'Reset Password' }))
    await expect(screen.getByRole('button', { name: 'Reset' })).toBeDisabled()
  },
})

/** The two passwords differ. */
export const StatesMismatch = meta.story({
  async play() {
    await fill('secret12', 'secret13')
    await shown(await screen.findByText('Passwords do not match'))
    await expect(screen.getByRole('button', { name: 'Reset' })).toBeDisabled()
  },
})

/** The token is refused (401). */
export const StatesInvalidToken = meta.story({
  beforeEach({ msw }) {
    msw.use(http.patch('*/user-service/reset-password', () => apiError(401)))
  },
  async play() {
    await fill('secret12', 'secret12')
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }))
    await shown(await screen.findByText('Invalid token error'))
  },
})

/** On a phone. */
export const Phone = meta.story({
  ...phone(),
  async play() {
    await shown(await screen.findByRole('heading', { name: 'Reset Password' }))
  },
})
