// Single sign-on in the app (DESIGN §7): the "Sign in with …" button when the server offers it,
// the way back from the provider (a session restored, or the refusal's message), and the first
// password an account made by single sign-on sets in Settings.
import '../helpers/setup.ts'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { setLoggedIn } from '../../../app/state/user.ts'
import { isDisabled, path, renderApp, toasts } from '../helpers/render.tsx'
import { apiError, http as mock, ok, sent, server, testUser, testUserDetailed } from '../helpers/server.ts'

describe('sign-in screen: single sign-on', () => {
  it('given the server has no single sign-on, then no button', async () => {
    renderApp('/')
    await waitFor(() => expect(sent('/auth/oidc', 'GET').length).toBeGreaterThan(0))
    expect(screen.queryByRole('button', { name: /Sign in with/ })).toBeNull()
  })

  it('given single sign-on, then "Sign in with <label>" in login mode only', async () => {
    server.use(mock.get('*/auth/oidc', () => ok({ enabled: true, buttonLabel: 'Authelia' })))
    const { user } = renderApp('/')
    expect(await screen.findByRole('button', { name: 'Sign in with Authelia' })).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    expect(screen.queryByRole('button', { name: 'Sign in with Authelia' })).toBeNull()
  })

  it('given the status call fails, then the password form stands alone', async () => {
    server.use(mock.get('*/auth/oidc', () => apiError(500)))
    renderApp('/')
    await waitFor(() => expect(sent('/auth/oidc', 'GET').length).toBeGreaterThan(0))
    expect(screen.queryByRole('button', { name: /Sign in with/ })).toBeNull()
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy()
  })

  it.each([
    [
      'OIDC_SIGNUP_CLOSED',
      "No account here uses your email, and this server does not open new ones. Ask the server's admin.",
    ],
    [
      'OIDC_EMAIL_UNVERIFIED',
      'Your identity provider has not verified your email address, so it cannot sign you in here.',
    ],
    ['OIDC_EMAIL_INVALID', 'Email is invalid: your identity provider gave an address this server cannot use.'],
    ['OIDC_STATE', 'That sign-in expired or was started in another browser. Try again.'],
    ['ACCOUNT_DISABLED', "This account is disabled. Ask the server's admin."],
    ['SOMETHING_NEW', 'Single sign-on failed. Try again.'],
  ])('given the callback refused with %s, then its message shows, once', async (code, message) => {
    renderApp(`/?sso-error=${code}`)
    expect(await screen.findByText(message)).toBeTruthy()
    expect(window.location.search).toBe('')
    expect(screen.getByRole('heading', { name: 'Login to your account' })).toBeTruthy()
  })

  it('given sso=done, then the session the server started is restored and the drive opens', async () => {
    renderApp('/?sso=done')
    await waitFor(() => expect(path()).toBe('/home'))
    expect(sent('/user-service/user', 'GET').length).toBeGreaterThan(0)
    expect(localStorage.getItem('hasPreviouslyLoggedIn')).toBe('true')
  })

  it('given sso=done but no session, then the sign-in screen says the sign-on did not complete', async () => {
    server.use(
      mock.get('*/user-service/user', () => apiError(401, 'UNAUTHORIZED')),
      mock.post('*/user-service/get-token', () => apiError(401, 'UNAUTHORIZED')),
    )
    renderApp('/?sso=done')
    expect(await screen.findByText('The single sign-on did not complete. Try again.')).toBeTruthy()
    expect(path()).toBe('/')
  })
})

describe('settings: a first password for an account made by single sign-on', () => {
  async function openSettings() {
    server.use(
      mock.get('*/user-service/user', () => ok({ ...testUser, hasPassword: false })),
      mock.get('*/user-service/user-detailed', () =>
        ok({ ...testUserDetailed, mustChangePassword: false, hasPassword: false }),
      ),
    )
    setLoggedIn(true)
    localStorage.setItem('hasPreviouslyLoggedIn', 'true')
    const view = renderApp('/settings')
    await screen.findByRole('heading', { name: 'Account' })
    return view
  }

  it('offers "Set a password" without asking for a current one, and sends it to set-password', async () => {
    server.use(mock.post('*/user-service/set-password', () => ok({ message: 'Password set' })))
    const { user } = await openSettings()
    await user.click(await screen.findByRole('button', { name: 'Set a password' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Set a password' }))
    expect(dialog.queryByLabelText('Current password')).toBeNull()
    const submit = dialog.getByRole('button', { name: 'Submit' })
    await user.type(dialog.getByLabelText('New password'), 'chosen-pass')
    expect(isDisabled(submit)).toBe(true)
    await user.type(dialog.getByLabelText('Verify new password'), 'chosen-pass')
    expect(isDisabled(submit)).toBe(false)
    await user.click(submit)
    expect(await toasts().findByText('Password set')).toBeTruthy()
    expect(sent('/user-service/set-password', 'POST')[0]!.body).toEqual({ password: 'chosen-pass' })
    expect(sent('/user-service/change-password')).toHaveLength(0)
  })

  it('given an account with a password, then Change password asks for the current one', async () => {
    setLoggedIn(true)
    localStorage.setItem('hasPreviouslyLoggedIn', 'true')
    const { user } = renderApp('/settings')
    await screen.findByRole('heading', { name: 'Account' })
    expect(screen.queryByRole('button', { name: 'Set a password' })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Change password' }))
    expect(await screen.findByLabelText('Current password')).toBeTruthy()
  })
})
