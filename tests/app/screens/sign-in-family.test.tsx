// Issue #20 on the sign-in screen: a server without mail, a disabled account, and the new password
// a user chooses after an admin reset theirs.
import '../helpers/setup.ts'
import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { loggedIn, passwordChangeRequired } from '../../../app/state/user.ts'
import { isDisabled, path, renderApp, toasts } from '../helpers/render.tsx'
import { apiError, http as mock, ok, sent, server, testUser } from '../helpers/server.ts'

const field = (label: string) => screen.getByLabelText(label)
const button = (name: string) => screen.getByRole('button', { name })

const NO_MAIL = "Password reset by email is not set up on this server. Ask the server's admin to reset your password."

describe('reset mode on a server without mail (DESIGN §7 MAIL_DISABLED)', () => {
  it('says calmly to ask the admin: a status note, no alert, no error toast', async () => {
    server.use(
      mock.patch('*/user-service/send-password-reset', () =>
        apiError(503, 'MAIL_DISABLED', 'Mail is not set up on this server'),
      ),
    )
    const { user } = renderApp('/')
    await user.click(button('Forgot?'))
    await user.type(field('Email address'), 'ada@example.com')
    await user.click(button('Send reset email'))
    const note = await screen.findByRole('status')
    expect(note.textContent).toBe(NO_MAIL)
    expect(screen.queryByRole('alert')).toBeNull()
    expect(toasts().queryByText('Error Sending Password Reset')).toBeNull()
    expect(toasts().queryByText('Sending password reset...')).toBeNull()
  })

  it('the note goes with a changed address or another mode; any other refusal is still the red error', async () => {
    server.use(
      mock.patch('*/user-service/send-password-reset', () => apiError(503, 'MAIL_DISABLED', 'Mail is not set up')),
    )
    const { user } = renderApp('/')
    await user.click(button('Forgot?'))
    await user.type(field('Email address'), 'ada@example.com')
    await user.click(button('Send reset email'))
    await screen.findByText(NO_MAIL)
    await user.type(field('Email address'), 'x')
    expect(screen.queryByText(NO_MAIL)).toBeNull()
    server.use(mock.patch('*/user-service/send-password-reset', () => apiError(404)))
    await user.click(button('Send reset email'))
    expect((await screen.findByText('Email does not exist')).getAttribute('role')).toBe('alert')
    expect(screen.queryByText(NO_MAIL)).toBeNull()
  })
})

describe('a disabled account (DESIGN §7)', () => {
  it('is told so in the server’s words instead of "Login Error"', async () => {
    server.use(
      mock.post('*/user-service/login', () =>
        apiError(403, 'ACCOUNT_DISABLED', "This account is disabled. Ask the server's admin."),
      ),
    )
    const { user } = renderApp('/')
    await user.type(field('Email address'), 'ada@example.com')
    await user.type(field('Password'), 'secret1')
    await user.click(button('Login'))
    expect((await screen.findByRole('alert')).textContent).toBe("This account is disabled. Ask the server's admin.")
    expect(path()).toBe('/')
  })
})

describe('choosing a new password after an admin reset (DESIGN §7 mustChangePassword)', () => {
  async function signInWithTemporary() {
    server.use(
      mock.post('*/user-service/login', () =>
        ok({ user: { ...testUser, role: 'user', mustChangePassword: true }, mustChangePassword: true }),
      ),
    )
    const view = renderApp('/')
    await view.user.type(field('Email address'), 'ada@example.com')
    await view.user.type(field('Password'), 'temp-Pass-1')
    await view.user.click(button('Login'))
    await screen.findByRole('heading', { name: 'Choose a new password' })
    return view
  }

  it('shows the step instead of the drive; the new password replaces the temporary one, then /home', async () => {
    server.use(mock.patch('*/user-service/change-password', () => ok()))
    const { user } = await signInWithTemporary()
    expect(path()).toBe('/')
    // The temporary password was just typed: it is not asked for again.
    expect(screen.queryByLabelText('Temporary password')).toBeNull()
    const save = button('Save and continue')
    expect(isDisabled(save)).toBe(true)
    await user.type(field('New password'), 'my-own-1')
    await user.type(field('Verify new password'), 'my-own-2')
    expect(screen.getByRole('alert').textContent).toBe('Passwords do not match')
    expect(isDisabled(save)).toBe(true)
    await user.clear(field('Verify new password'))
    await user.type(field('Verify new password'), 'my-own-1')
    await user.click(save)
    await waitFor(() => expect(path()).toBe('/home'))
    expect(sent('/user-service/change-password')[0]?.body).toEqual({
      oldPassword: 'temp-Pass-1',
      newPassword: 'my-own-1',
    })
    expect(await toasts().findByText('Password Changed')).toBeTruthy()
    expect(passwordChangeRequired.value).toBe(false)
  })

  it('a refusal stays on the step with its message', async () => {
    server.use(mock.patch('*/user-service/change-password', () => apiError(401)))
    const { user } = await signInWithTemporary()
    await user.type(field('New password'), 'my-own-1')
    await user.type(field('Verify new password'), 'my-own-1')
    await user.click(button('Save and continue'))
    expect((await screen.findByRole('alert')).textContent).toBe('Incorrect password')
    expect(path()).toBe('/')
  })

  it('the drive’s routes send such a user back to the step; a restored session asks for the temporary password too', async () => {
    server.use(mock.get('*/user-service/user', () => ok({ ...testUser, mustChangePassword: true })))
    localStorage.setItem('hasPreviouslyLoggedIn', 'true')
    renderApp('/home')
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeTruthy()
    expect(path()).toBe('/')
    expect(field('Temporary password')).toBeTruthy()
    expect(loggedIn.value).toBe(true)
  })

  it('Sign out leaves the step for the login form', async () => {
    server.use(mock.post('*/user-service/logout', () => ok()))
    const { user } = await signInWithTemporary()
    await user.click(button('Sign out'))
    expect(await screen.findByRole('heading', { name: 'Login to your account' })).toBeTruthy()
    expect(loggedIn.value).toBe(false)
  })
})
