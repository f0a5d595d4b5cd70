import '../helpers/setup.ts'
import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { loggedIn } from '../../../app/state/user.ts'
import { cachedUser } from '../helpers/user.ts'
import { isDisabled, path, renderApp, toasts } from '../helpers/render.tsx'
import { apiError, http as mock, ok, sent, server, testUser } from '../helpers/server.ts'

const submit = (name: string) => screen.getByRole('button', { name })
const field = (label: string) => screen.getByLabelText(label)

async function openCreate() {
  const view = renderApp('/')
  await view.user.click(screen.getByRole('button', { name: 'Create account' }))
  await screen.findByRole('heading', { name: 'Create an account' })
  return view
}

describe('authentication screen: modes (SPEC §2)', () => {
  it('opens in login mode with Email address, Password, Forgot? and Create account', () => {
    renderApp('/')
    expect(screen.getByRole('heading', { name: 'Login to your account' })).toBeTruthy()
    expect(field('Email address')).toBeTruthy()
    expect(field('Password')).toBeTruthy()
    expect(screen.queryByLabelText('Verify Password')).toBeNull()
    expect(screen.getByRole('button', { name: 'Forgot?' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Create account' })).toBeTruthy()
  })

  it('given the keyboard, then Tab goes Email address → Password → Forgot? → Login (issue #23)', async () => {
    const { user } = renderApp('/')
    await user.type(field('Email address'), 'a@example.com')
    await user.tab()
    expect(document.activeElement).toBe(field('Password'))
    await user.type(field('Password'), 'secret123')
    await user.tab()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Forgot?' }))
    await user.tab()
    expect(document.activeElement).toBe(submit('Login'))
  })

  it('Create account switches to create mode (three fields, Back to Login), and Back to Login returns', async () => {
    const { user } = await openCreate()
    expect(field('Email address')).toBeTruthy()
    expect(field('Password')).toBeTruthy()
    expect(field('Verify Password')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Back to Login' }))
    expect(screen.getByRole('heading', { name: 'Login to your account' })).toBeTruthy()
  })

  it('Forgot? switches to reset mode with the email field only, and Back to Login returns', async () => {
    const { user } = renderApp('/')
    await user.click(screen.getByRole('button', { name: 'Forgot?' }))
    expect(screen.getByRole('heading', { name: 'Reset Password' })).toBeTruthy()
    expect(field('Email address')).toBeTruthy()
    expect(screen.queryByLabelText('Password')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Back to Login' }))
    expect(screen.getByRole('heading', { name: 'Login to your account' })).toBeTruthy()
  })
})

describe('authentication screen: the submit button is disabled while a required field is empty (SPEC §2)', () => {
  it('login needs email and password', async () => {
    const { user } = renderApp('/')
    expect(isDisabled(submit('Login'))).toBe(true)
    await user.type(field('Email address'), 'ada@example.com')
    expect(isDisabled(submit('Login'))).toBe(true)
    await user.type(field('Password'), 'x')
    expect(isDisabled(submit('Login'))).toBe(false)
  })

  it('create needs email, password and verify', async () => {
    const { user } = await openCreate()
    await user.type(field('Email address'), 'ada@example.com')
    await user.type(field('Password'), 'secret1')
    expect(isDisabled(submit('Create account'))).toBe(true)
    await user.type(field('Verify Password'), 'secret1')
    expect(isDisabled(submit('Create account'))).toBe(false)
  })

  it('reset needs the email', async () => {
    const { user } = renderApp('/')
    await user.click(screen.getByRole('button', { name: 'Forgot?' }))
    expect(isDisabled(submit('Send reset email'))).toBe(true)
    await user.type(field('Email address'), 'a')
    expect(isDisabled(submit('Send reset email'))).toBe(false)
  })

  it('login mode has no format validation: a short, odd email is sent as typed', async () => {
    server.use(mock.post('*/user-service/login', () => ok({ user: testUser })))
    const { user } = renderApp('/')
    await user.type(field('Email address'), 'ab')
    await user.type(field('Password'), 'p')
    expect(screen.queryByRole('alert')).toBeNull()
    await user.click(submit('Login'))
    await waitFor(() => expect(sent('/user-service/login')[0]?.body).toEqual({ email: 'ab', password: 'p' }))
  })
})

describe('create account validation (SPEC §5): each message shows and blocks submit', () => {
  const cases: Array<[string, string, { email: string; password: string; verify: string }]> = [
    [
      'password shorter than 6',
      'Password must be at least 6 characters',
      { email: 'ada@example.com', password: 'abc', verify: 'abc' },
    ],
    [
      'password longer than 256',
      'Password must be less than 256 characters',
      { email: 'ada@example.com', password: 'p'.repeat(257), verify: 'p'.repeat(257) },
    ],
    [
      'passwords differ',
      'Passwords do not match',
      { email: 'ada@example.com', password: 'secret1', verify: 'secret2' },
    ],
    [
      'email shorter than 3',
      'Email must be at least 3 characters',
      { email: 'a@', password: 'secret1', verify: 'secret1' },
    ],
    [
      'email longer than 320',
      'Email must be less than 320 characters',
      { email: `${'a'.repeat(310)}@example.com`, password: 'secret1', verify: 'secret1' },
    ],
    ['email not an address', 'Email is invalid', { email: 'ada.example.com', password: 'secret1', verify: 'secret1' }],
  ]
  it.each(cases)('given %s, then "%s" shows and submit is disabled', async (_case, message, input) => {
    const { user } = await openCreate()
    await user.click(field('Email address'))
    await user.paste(input.email)
    await user.click(field('Password'))
    await user.paste(input.password)
    await user.click(field('Verify Password'))
    await user.paste(input.verify)
    expect(screen.getByRole('alert').textContent).toBe(message)
    expect(isDisabled(submit('Create account'))).toBe(true)
  })

  it('given valid input, then no message shows and submit is enabled', async () => {
    const { user } = await openCreate()
    await user.type(field('Email address'), 'ada@example.com')
    await user.type(field('Password'), 'secret1')
    await user.type(field('Verify Password'), 'secret1')
    expect(screen.queryByRole('alert')).toBeNull()
    expect(isDisabled(submit('Create account'))).toBe(false)
  })
})

async function login(email = 'ada@example.com', password = 'secret1') {
  const view = renderApp('/')
  await view.user.type(field('Email address'), email)
  await view.user.type(field('Password'), password)
  await view.user.click(submit('Login'))
  return view
}

describe('login (SPEC §8)', () => {
  it.each([
    [400, 'Incorrect email or password'],
    [401, 'Incorrect email or password'],
    [429, 'Login Error'],
    [500, 'Login Error'],
  ])('given HTTP %i, then "%s"', async (status, message) => {
    server.use(mock.post('*/user-service/login', () => apiError(status)))
    await login()
    expect((await screen.findByRole('alert')).textContent).toBe(message)
    expect(path()).toBe('/')
  })

  it('given the network fails, then "Login Error"', async () => {
    server.use(mock.post('*/user-service/login', () => Response.error()))
    await login()
    expect((await screen.findByRole('alert')).textContent).toBe('Login Error')
  })

  it('the error clears when the length of the email or the password changes', async () => {
    server.use(mock.post('*/user-service/login', () => apiError(401)))
    const { user } = await login()
    await screen.findByRole('alert')
    await user.type(field('Password'), '2')
    expect(screen.queryByRole('alert')).toBeNull()
    await user.click(submit('Login'))
    await screen.findByRole('alert')
    await user.type(field('Email address'), 'x')
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('is disabled while the request runs', async () => {
    let release!: () => void
    server.use(
      mock.post(
        '*/user-service/login',
        () => new Promise<Response>((resolve) => (release = () => resolve(apiError(401)))),
      ),
    )
    await login()
    await waitFor(() => expect(isDisabled(submit('Login'))).toBe(true))
    expect(submit('Login').getAttribute('aria-busy')).toBe('true')
    release()
    await screen.findByRole('alert')
    expect(isDisabled(submit('Login'))).toBe(false)
  })

  it('given success, then the user is set, hasPreviouslyLoggedIn is stored as "true" and the app goes to /home', async () => {
    server.use(mock.post('*/user-service/login', () => ok({ user: testUser })))
    await login()
    await waitFor(() => expect(path()).toBe('/home'))
    expect(cachedUser()).toEqual(testUser)
    expect(loggedIn.value).toBe(true)
    expect(localStorage.getItem('hasPreviouslyLoggedIn')).toBe('true')
  })
})

async function createAccount() {
  const view = await openCreate()
  await view.user.type(field('Email address'), 'ada@example.com')
  await view.user.type(field('Password'), 'secret1')
  await view.user.type(field('Verify Password'), 'secret1')
  await view.user.click(submit('Create account'))
  return view
}

describe('create account (SPEC §8)', () => {
  it.each([
    [409, 'Email Already Exists'],
    [400, 'Validation Error'],
    [403, 'Create Account Error'],
    [500, 'Create Account Error'],
  ])('given HTTP %i, then "%s"', async (status, message) => {
    server.use(mock.post('*/user-service/create', () => apiError(status)))
    await createAccount()
    expect((await screen.findByRole('alert')).textContent).toBe(message)
  })

  it('given success with emailSent, then the toast "Email Verification Sent", the flag, and /home', async () => {
    server.use(mock.post('*/user-service/create', () => ok({ user: testUser, emailSent: true }, 201)))
    await createAccount()
    expect(await toasts().findByText('Email Verification Sent')).toBeTruthy()
    await waitFor(() => expect(path()).toBe('/home'))
    expect(localStorage.getItem('hasPreviouslyLoggedIn')).toBe('true')
    expect(sent('/user-service/create')[0]!.body).toEqual({ email: 'ada@example.com', password: 'secret1' })
  })

  it('given success without emailSent, then no toast', async () => {
    server.use(mock.post('*/user-service/create', () => ok({ user: testUser, emailSent: false }, 201)))
    await createAccount()
    await waitFor(() => expect(path()).toBe('/home'))
    expect(toasts().queryByText('Email Verification Sent')).toBeNull()
  })
})

async function requestReset(email = 'ada@example.com') {
  const view = renderApp('/')
  await view.user.click(screen.getByRole('button', { name: 'Forgot?' }))
  await view.user.type(field('Email address'), email)
  await view.user.click(submit('Send reset email'))
  return view
}

describe('password reset request (SPEC §8)', () => {
  it('shows "Sending password reset..." then "Password Reset Sent"', async () => {
    let release!: () => void
    server.use(
      mock.patch(
        '*/user-service/send-password-reset',
        () => new Promise<Response>((resolve) => (release = () => resolve(ok()))),
      ),
    )
    await requestReset()
    expect(await toasts().findByText('Sending password reset...')).toBeTruthy()
    release()
    expect(await toasts().findByText('Password Reset Sent')).toBeTruthy()
    expect(toasts().queryByText('Sending password reset...')).toBeNull()
    expect(sent('/user-service/send-password-reset')[0]!.body).toEqual({ email: 'ada@example.com' })
  })

  it.each([
    [404, 'Email does not exist'],
    [403, 'Email Verification Not Enabled'],
    [500, 'Create Account Failed'],
  ])('given HTTP %i, then the toast "Error Sending Password Reset" and inline "%s"', async (status, message) => {
    server.use(mock.patch('*/user-service/send-password-reset', () => apiError(status)))
    await requestReset()
    expect(await toasts().findByText('Error Sending Password Reset')).toBeTruthy()
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain(message)
  })

  it('allows one request per minute: a second one opens "Please wait 1 minute before resending" (Okay) and sends nothing', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    server.use(mock.patch('*/user-service/send-password-reset', () => ok()))
    const { user } = await requestReset()
    await toasts().findByText('Password Reset Sent')
    vi.setSystemTime(Date.now() + 59_000)
    await user.click(submit('Send reset email'))
    const dialog = await screen.findByRole('alertdialog', { name: 'Please wait 1 minute before resending' })
    expect(sent('/user-service/send-password-reset')).toHaveLength(1)
    await user.click(screen.getByRole('button', { name: 'Okay' }))
    await waitFor(() => expect(dialog.isConnected).toBe(false))
    vi.setSystemTime(Date.now() + 1_000)
    await user.click(submit('Send reset email'))
    await waitFor(() => expect(sent('/user-service/send-password-reset')).toHaveLength(2))
  })

  it('given the server answers 429 (its minute outlives a reload), then the wait dialog, not an inline error', async () => {
    server.use(mock.patch('*/user-service/send-password-reset', () => apiError(429)))
    await requestReset()
    expect(await screen.findByRole('alertdialog', { name: 'Please wait 1 minute before resending' })).toBeTruthy()
    expect(screen.queryByText('Create Account Failed')).toBeNull()
  })

  it('a failed request does not start the minute (a mistyped address can be fixed at once)', async () => {
    let calls = 0
    server.use(mock.patch('*/user-service/send-password-reset', () => (++calls === 1 ? apiError(404) : ok())))
    const { user } = await requestReset('nobody@example.com')
    await screen.findByText('Email does not exist')
    await user.clear(field('Email address'))
    await user.type(field('Email address'), 'ada@example.com')
    await user.click(submit('Send reset email'))
    expect(await toasts().findByText('Password Reset Sent')).toBeTruthy()
    expect(screen.queryByRole('alertdialog')).toBeNull()
  })
})

describe('session restore on the sign-in screen (SPEC §2)', () => {
  it('given no hasPreviouslyLoggedIn flag, then the form shows at once and nothing is asked of the server', async () => {
    renderApp('/')
    expect(screen.getByRole('heading', { name: 'Login to your account' })).toBeTruthy()
    expect(screen.queryByRole('status', { name: 'Restoring your session' })).toBeNull()
    expect(screen.queryByText('Login Expired')).toBeNull()
    expect(sent('/user-service/user')).toHaveLength(0)
  })

  it('given the flag, then a spinner shows while restoring, and success goes to /home', async () => {
    localStorage.setItem('hasPreviouslyLoggedIn', 'true')
    let release!: () => void
    server.use(
      mock.get(
        '*/user-service/user',
        () => new Promise<Response>((resolve) => (release = () => resolve(ok(testUser)))),
      ),
    )
    renderApp('/')
    expect(screen.getByRole('status', { name: 'Restoring your session' })).toBeTruthy()
    expect(screen.queryByRole('heading', { name: 'Login to your account' })).toBeNull()
    await waitFor(() => expect(sent('/user-service/user')).toHaveLength(1))
    release()
    await waitFor(() => expect(path()).toBe('/home'))
    expect(cachedUser()).toEqual(testUser)
  })

  it('given the flag and a session that cannot be restored, then "Login Expired" shows and the flag is removed', async () => {
    localStorage.setItem('hasPreviouslyLoggedIn', 'true')
    server.use(
      mock.get('*/user-service/user', () => apiError(401)),
      mock.post('*/user-service/get-token', () => apiError(401)),
    )
    renderApp('/')
    expect((await screen.findByRole('alert')).textContent).toBe('Login Expired')
    expect(screen.getByRole('heading', { name: 'Login to your account' })).toBeTruthy()
    expect(localStorage.getItem('hasPreviouslyLoggedIn')).toBeNull()
    expect(path()).toBe('/')
  })

  it('"Login Expired" clears like any error once the email is typed', async () => {
    localStorage.setItem('hasPreviouslyLoggedIn', 'true')
    server.use(
      mock.get('*/user-service/user', () => apiError(401)),
      mock.post('*/user-service/get-token', () => apiError(401)),
    )
    const { user } = renderApp('/')
    await screen.findByText('Login Expired')
    await user.type(field('Email address'), 'a')
    expect(screen.queryByText('Login Expired')).toBeNull()
  })
})
