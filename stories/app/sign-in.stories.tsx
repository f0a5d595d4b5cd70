// SPEC §2 "Authentication screen" (/): login, create and reset modes, the session restore, the
// §8 messages; issue #21's single sign-on button, passkey button and second-factor step.
import { http, HttpResponse } from 'msw'
import { expect, screen, userEvent, waitFor } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { setHasPreviouslyLoggedIn } from '../../app/state/user.ts'
import { apiError, ok } from '../../mocks/handlers.ts'
import {
  appBeforeEach,
  heldUntilNextStory,
  appScreen,
  phone,
  renderApp,
  shown,
  withApp,
} from './_support/app-story.tsx'

const meta = preview.meta({
  title: 'App/Sign in',
  render: renderApp,
  decorators: [withApp],
  parameters: appScreen('/', false),
  beforeEach: appBeforeEach,
})

const sso = () => http.get('*/auth/oidc', () => ok({ enabled: true, buttonLabel: 'Authelia' }))

const typeLogin = async () => {
  await userEvent.type(await screen.findByLabelText('Email address'), 'ada@example.com')
  await userEvent.type(screen.getByLabelText('Password'), 'secret1')
  await userEvent.click(screen.getByRole('button', { name: 'Login' }))
}

/** Login mode with single sign-on offered: "Sign in with Authelia". */
export const States = meta.story({
  beforeEach({ msw }) {
    msw.use(sso())
  },
  async play() {
    await shown(await screen.findByRole('heading', { name: 'Login to your account' }))
    await shown(await screen.findByRole('button', { name: 'Sign in with Authelia' }))
    await shown(screen.getByRole('button', { name: 'Forgot?' }))
    await expect(screen.getByRole('button', { name: 'Login' })).toBeDisabled()
  },
})

/** Create mode: three fields, Back to Login, no single sign-on button. */
export const StatesCreate = meta.story({
  beforeEach({ msw }) {
    msw.use(sso())
  },
  async play() {
    await userEvent.click(await screen.findByRole('button', { name: 'Create account' }))
    await shown(await screen.findByRole('heading', { name: 'Create an account' }))
    await shown(screen.getByLabelText('Verify Password'))
    await expect(screen.queryByRole('button', { name: 'Sign in with Authelia' })).toBeNull()
    await userEvent.type(screen.getByLabelText('Password'), 'abc')
    await shown(await screen.findByText('Password must be at least 6 characters'))
  },
})

/** Reset mode: the email only. */
export const Reset = meta.story({
  async play() {
    await userEvent.click(await screen.findByRole('button', { name: 'Forgot?' }))
    await shown(await screen.findByRole('heading', { name: 'Reset Password' }))
    await expect(screen.queryByLabelText('Password')).toBeNull()
    await shown(screen.getByRole('button', { name: 'Back to Login' }))
  },
})

/** A returning visitor: the spinner while the session is restored. */
export const StatesRestoring = meta.story({
  beforeEach({ msw }) {
    setHasPreviouslyLoggedIn(true)
    msw.use(http.get('*/user-service/user', heldUntilNextStory))
  },
  async play() {
    await shown(await screen.findByRole('status', { name: 'Restoring your session' }))
  },
})

/** The restore failed: "Login Expired". */
export const LoginExpired = meta.story({
  beforeEach({ msw }) {
    setHasPreviouslyLoggedIn(true)
    msw.use(
      http.get('*/user-service/user', () => apiError(401)),
      http.post('*/user-service/get-token', () => apiError(401)),
    )
  },
  async play() {
    await shown(await screen.findByText('Login Expired'))
  },
})

/** A wrong password (401): "Incorrect email or password". */
export const StatesWrongPassword = meta.story({
  beforeEach({ msw }) {
    msw.use(http.post('*/user-service/login', () => apiError(401)))
  },
  async play() {
    await typeLogin()
    await shown(await screen.findByText('Incorrect email or password'))
  },
})

/** The network fails: "Login Error". */
export const NetworkError = meta.story({
  beforeEach({ msw }) {
    msw.use(http.post('*/user-service/login', () => HttpResponse.error()))
  },
  async play() {
    await typeLogin()
    await shown(await screen.findByText('Login Error'))
  },
})

/** The second step of an account with two-step verification: a code, or a recovery code. */
export const StatesSecondFactor = meta.story({
  beforeEach({ msw }) {
    msw.use(http.post('*/user-service/login', () => ok({ secondFactor: ['totp', 'webauthn', 'recovery'] })))
  },
  async play() {
    await typeLogin()
    await shown(await screen.findByRole('heading', { name: 'Two-step verification' }))
    await shown(screen.getByText('Enter the 6-digit code from your authenticator app.'))
    await expect(screen.getByRole('button', { name: 'Verify' })).toBeDisabled()
    await shown(screen.getByRole('button', { name: 'Use a recovery code instead' }))
    await shown(screen.getByRole('button', { name: 'Use a passkey instead' }))
  },
})

/** The second step with a recovery code; a refused code shows the server's reason. */
export const SecondFactorRecovery = meta.story({
  beforeEach({ msw }) {
    msw.use(
      http.post('*/user-service/login', () => ok({ secondFactor: ['totp', 'recovery'] })),
      http.post('*/user-service/login/second-factor', () =>
        apiError(401, 'INCORRECT_CODE', 'That code is not right. 4 tries left'),
      ),
    )
  },
  async play() {
    await typeLogin()
    await userEvent.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }))
    await shown(screen.getByText('Enter one of your recovery codes. Each one works once.'))
    await userEvent.type(screen.getByLabelText('Recovery code'), 'AAAAA-BBBBB')
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }))
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('That code is not right. 4 tries left'))
  },
})

/** An account whose only second factor is a passkey: no code field. */
export const SecondFactorPasskey = meta.story({
  beforeEach({ msw }) {
    msw.use(http.post('*/user-service/login', () => ok({ secondFactor: ['webauthn'] })))
  },
  async play() {
    await typeLogin()
    await shown(await screen.findByText('Use a passkey saved on this device, your phone or a security key.'))
    await expect(screen.queryByLabelText('Code')).toBeNull()
  },
})

/** On a phone. */
export const StatesPhone = meta.story({
  ...phone(),
  beforeEach({ msw }) {
    msw.use(sso())
  },
  async play() {
    await shown(await screen.findByRole('button', { name: 'Sign in with Authelia' }))
  },
})
