// Issue #21: passkeys in Settings → Account (add with a name and the password, rename, remove with
// the password), "Sign in with a passkey" on the sign-in screen, and a passkey as the sign-in's
// second step. The server is msw; the browser's WebAuthn prompt (which jsdom lacks) is a stand-in
// for @simplewebauthn/browser that answers or is closed, as a person would.
import '../helpers/setup.ts'
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { isDisabled, openSettingsAt, path, renderApp } from '../helpers/render.tsx'
import { apiError, http as mock, ok, sent, server, testUser } from '../helpers/server.ts'

const prompt = vi.hoisted(() => ({
  startRegistration: vi.fn(async (opts: { optionsJSON: { challenge: string } }) => ({
    id: 'cred-1',
    rawId: 'cred-1',
    type: 'public-key',
    response: { made: opts.optionsJSON.challenge },
  })),
  startAuthentication: vi.fn(async (opts: { optionsJSON: { challenge: string } }) => ({
    id: 'cred-1',
    rawId: 'cred-1',
    type: 'public-key',
    response: { signed: opts.optionsJSON.challenge },
  })),
}))
vi.mock('@simplewebauthn/browser', async (original) => ({
  ...(await original<typeof import('@simplewebauthn/browser')>()),
  ...prompt,
}))

const field = (label: string) => screen.getByLabelText(label)
const button = (name: string) => screen.getByRole('button', { name })
const closedPrompt = () =>
  Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' })

const LAPTOP = { _id: 'pk1', name: 'Laptop', createdAt: '2026-11-20T10:00:00.000Z', lastUsedAt: null }

beforeEach(() => {
  // jsdom has no WebAuthn: the app asks for PublicKeyCredential before it offers passkeys.
  Object.assign(window, { PublicKeyCredential: function PublicKeyCredential() {} })
  prompt.startRegistration.mockClear()
  prompt.startAuthentication.mockClear()
})
afterEach(() => {
  delete (window as { PublicKeyCredential?: unknown }).PublicKeyCredential
})

const openSettings = () => openSettingsAt('Passkeys')

describe('settings → account → passkeys', () => {
  it('adds one: a name and the password, then the browser prompt; the server gets its answer and the list shows it', async () => {
    let passkeys: Array<typeof LAPTOP> = []
    server.use(
      mock.get('*/user-service/webauthn/passkeys', () => ok({ passkeys, available: true })),
      mock.post('*/user-service/webauthn/register/options', () => ok({ options: { challenge: 'reg-challenge' } })),
      mock.post('*/user-service/webauthn/register/verify', () => {
        passkeys = [LAPTOP]
        return new Response(JSON.stringify(LAPTOP), { status: 201, headers: { 'content-type': 'application/json' } })
      }),
    )
    const { user } = await openSettings()
    expect(await screen.findByText('No passkeys yet')).toBeTruthy()
    await user.click(button('Add a passkey'))
    const dialog = within(await screen.findByRole('dialog', { name: 'Add a passkey' }))
    const submit = dialog.getByRole('button', { name: 'Continue' })
    expect(isDisabled(submit)).toBe(true)
    await user.type(dialog.getByLabelText('Name'), ' Laptop ')
    await user.type(dialog.getByLabelText('Password'), 'secret1')
    await user.click(submit)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(sent('/user-service/webauthn/register/options', 'POST')[0]!.body).toEqual({ password: 'secret1' })
    expect(prompt.startRegistration).toHaveBeenCalledWith({ optionsJSON: { challenge: 'reg-challenge' } })
    expect(sent('/user-service/webauthn/register/verify', 'POST')[0]!.body).toEqual({
      name: 'Laptop',
      response: { id: 'cred-1', rawId: 'cred-1', type: 'public-key', response: { made: 'reg-challenge' } },
    })
    const list = within(await screen.findByRole('list', { name: 'Passkeys' }))
    expect(list.getByText('Laptop')).toBeTruthy()
    expect(list.getByText(/never used/)).toBeTruthy()
  })

  it('a closed browser prompt, or a wrong password, keeps the dialog open and says so; nothing is sent on', async () => {
    server.use(
      mock.post('*/user-service/webauthn/register/options', async ({ request }) => {
        const { password } = (await request.json()) as { password: string }
        return password === 'secret1'
          ? ok({ options: { challenge: 'c' } })
          : apiError(401, 'INCORRECT_PASSWORD', 'Incorrect password')
      }),
    )
    prompt.startRegistration.mockRejectedValueOnce(closedPrompt())
    const { user } = await openSettings()
    await user.click(button('Add a passkey'))
    const dialog = within(await screen.findByRole('dialog', { name: 'Add a passkey' }))
    await user.type(dialog.getByLabelText('Password'), 'wrong1')
    await user.click(dialog.getByRole('button', { name: 'Continue' }))
    expect((await dialog.findByRole('alert')).textContent).toBe('Could not add the passkey: Incorrect password')
    expect(prompt.startRegistration).not.toHaveBeenCalled()
    await user.clear(dialog.getByLabelText('Password'))
    await user.type(dialog.getByLabelText('Password'), 'secret1')
    await user.click(dialog.getByRole('button', { name: 'Continue' }))
    await waitFor(() =>
      expect(dialog.getByRole('alert').textContent).toBe(
        'Could not add the passkey: The passkey prompt was closed before it finished. Try again.',
      ),
    )
    expect(sent('/user-service/webauthn/register/verify', 'POST')).toHaveLength(0)
  })

  it('renames one, and removes one with the password', async () => {
    let passkeys = [LAPTOP]
    server.use(
      mock.get('*/user-service/webauthn/passkeys', () => ok({ passkeys, available: true })),
      mock.patch('*/user-service/webauthn/passkeys/pk1', async ({ request }) => {
        passkeys = [{ ...LAPTOP, name: ((await request.json()) as { name: string }).name }]
        return ok({ message: 'Passkey renamed' })
      }),
      mock.delete('*/user-service/webauthn/passkeys/pk1', () => {
        passkeys = []
        return ok({ message: 'Passkey removed' })
      }),
    )
    const { user } = await openSettings()
    await user.click(await screen.findByRole('button', { name: 'Rename Laptop' }))
    const rename = within(await screen.findByRole('dialog', { name: 'Rename passkey' }))
    await user.clear(rename.getByLabelText('Name'))
    await user.type(rename.getByLabelText('Name'), 'Work laptop')
    await user.click(rename.getByRole('button', { name: 'Save' }))
    await user.click(await screen.findByRole('button', { name: 'Remove Work laptop' }))
    const remove = within(await screen.findByRole('dialog', { name: 'Remove "Work laptop"?' }))
    expect(isDisabled(remove.getByRole('button', { name: 'Remove' }))).toBe(true)
    await user.type(remove.getByLabelText('Password'), 'secret1')
    await user.click(remove.getByRole('button', { name: 'Remove' }))
    expect(await screen.findByText('No passkeys yet')).toBeTruthy()
    expect(sent('/user-service/webauthn/passkeys/pk1', 'PATCH')[0]!.body).toEqual({ name: 'Work laptop' })
    expect(sent('/user-service/webauthn/passkeys/pk1', 'DELETE')[0]!.body).toEqual({ password: 'secret1' })
  })

  it('on a server reached by an IP address, says passkeys are unavailable and offers no button', async () => {
    server.use(mock.get('*/user-service/webauthn/passkeys', () => ok({ passkeys: [], available: false })))
    await openSettings()
    expect(await screen.findByText(/Passkeys are not available on this server/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).toBeNull()
  })
})

describe('signing in with a passkey', () => {
  it('alone: the button asks the browser, the server signs in, the drive opens', async () => {
    server.use(
      mock.post('*/user-service/webauthn/login/options', () => ok({ options: { challenge: 'login-challenge' } })),
      mock.post('*/user-service/webauthn/login/verify', () => ok({ user: testUser, mustChangePassword: false })),
    )
    const { user } = renderApp('/')
    await user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }))
    await waitFor(() => expect(path()).toBe('/home'))
    expect(sent('/user-service/webauthn/login/options', 'POST')[0]!.body).toEqual({})
    expect(sent('/user-service/webauthn/login/verify', 'POST')[0]!.body).toEqual({
      response: { id: 'cred-1', rawId: 'cred-1', type: 'public-key', response: { signed: 'login-challenge' } },
    })
  })

  it('alone: a refused passkey says the server’s reason without a token refresh; a closed prompt says so', async () => {
    server.use(
      mock.post('*/user-service/webauthn/login/options', () => ok({ options: { challenge: 'c' } })),
      mock.post('*/user-service/webauthn/login/verify', () =>
        apiError(401, 'PASSKEY_REFUSED', 'That passkey was not accepted'),
      ),
    )
    const { user } = renderApp('/')
    await user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }))
    expect((await screen.findByRole('alert')).textContent).toBe('That passkey was not accepted')
    expect(sent('/user-service/get-token', 'POST')).toHaveLength(0)
    prompt.startAuthentication.mockRejectedValueOnce(closedPrompt())
    await user.click(button('Sign in with a passkey'))
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'The passkey prompt was closed before it finished. Try again.',
      ),
    )
    expect(path()).toBe('/')
  })

  it('is not offered by a browser without WebAuthn', async () => {
    const { user } = renderApp('/')
    // Its chunk is loaded once (a browser with WebAuthn): from then on it would show at once.
    await screen.findByRole('button', { name: 'Sign in with a passkey' })
    delete (window as { PublicKeyCredential?: unknown }).PublicKeyCredential
    await user.click(button('Create account'))
    await user.click(button('Back to Login'))
    await screen.findByRole('heading', { name: 'Login to your account' })
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull()
  })

  it('as the second step of an account with only a passkey: no code field; the passkey completes it', async () => {
    server.use(
      mock.post('*/user-service/login', () => ok({ secondFactor: ['webauthn'] })),
      mock.post('*/user-service/webauthn/login/options', () => ok({ options: { challenge: 'second' } })),
      mock.post('*/user-service/login/second-factor', () => ok({ user: testUser, mustChangePassword: false })),
    )
    const { user } = renderApp('/')
    await user.type(field('Email address'), 'ada@example.com')
    await user.type(field('Password'), 'secret1')
    await user.click(button('Login'))
    await screen.findByRole('heading', { name: 'Two-step verification' })
    expect(screen.getByText('Use a passkey saved on this device, your phone or a security key.')).toBeTruthy()
    expect(screen.queryByLabelText('Code')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Use a recovery code instead' })).toBeNull()
    await user.click(button('Use a passkey'))
    await waitFor(() => expect(path()).toBe('/home'))
    expect(sent('/user-service/webauthn/login/options', 'POST')[0]!.body).toEqual({ secondFactor: true })
    expect(sent('/user-service/login/second-factor', 'POST')[0]!.body).toEqual({
      webauthn: { id: 'cred-1', rawId: 'cred-1', type: 'public-key', response: { signed: 'second' } },
    })
  })

  it('as the second step beside an authenticator app: the code first, a passkey on request; a refusal shows the tries left', async () => {
    server.use(
      mock.post('*/user-service/login', () => ok({ secondFactor: ['totp', 'webauthn', 'recovery'] })),
      mock.post('*/user-service/webauthn/login/options', () => ok({ options: { challenge: 'c' } })),
      mock.post('*/user-service/login/second-factor', () =>
        apiError(401, 'PASSKEY_REFUSED', 'That passkey was not accepted. 4 tries left'),
      ),
    )
    const { user } = renderApp('/')
    await user.type(field('Email address'), 'ada@example.com')
    await user.type(field('Password'), 'secret1')
    await user.click(button('Login'))
    await screen.findByLabelText('Code')
    await user.click(button('Use a passkey instead'))
    expect(screen.queryByLabelText('Code')).toBeNull()
    expect(button('Use your authenticator app instead')).toBeTruthy()
    expect(button('Use a recovery code instead')).toBeTruthy()
    await user.click(button('Use a passkey'))
    expect((await screen.findByRole('alert')).textContent).toBe('That passkey was not accepted. 4 tries left')
    expect(sent('/user-service/get-token', 'POST')).toHaveLength(0)
    expect(path()).toBe('/')
  })
})
