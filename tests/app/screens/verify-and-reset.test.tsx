import '../helpers/setup.ts'
import { act, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { useFakeClock, useRealClock } from '../helpers/clock.ts'
import { isDisabled, path, renderApp, toasts } from '../helpers/render.tsx'
import { apiError, http as mock, ok, sent, server } from '../helpers/server.ts'

afterEach(() => useRealClock())

// Under fake timers findBy* spends its 5 s budget in fake time, i.e. almost at once: the lazy
// screens must already be loaded (transforming them can take seconds on a busy machine).
beforeAll(async () => {
  await import('../../../app/screens/verify-email/verify-email-screen.tsx')
  await import('../../../app/screens/reset-password/reset-password-screen.tsx')
})

describe('verify email page (SPEC §2)', () => {
  it('verifies the token from the route at once: "Verifying email...", then "Email Verified", then / after 1.5 s', async () => {
    useFakeClock()
    let release!: () => void
    server.use(
      mock.patch(
        '*/user-service/verify-email',
        () => new Promise<Response>((resolve) => (release = () => resolve(ok()))),
      ),
    )
    renderApp('/verify-email/tok-123')
    expect(await toasts().findByText('Verifying email...')).toBeTruthy()
    expect(sent('/user-service/verify-email')).toHaveLength(1)
    expect(sent('/user-service/verify-email')[0]!.body).toEqual({ emailToken: 'tok-123' })
    release()
    expect(await toasts().findByText('Email Verified')).toBeTruthy()
    await act(() => vi.advanceTimersByTimeAsync(1200))
    expect(path()).toBe('/verify-email/tok-123')
    await act(() => vi.advanceTimersByTimeAsync(300))
    expect(path()).toBe('/')
    // Strict mode mounts twice: a single-use token must still be sent only once.
    expect(sent('/user-service/verify-email')).toHaveLength(1)
  })

  it('given the token is refused, then "Error verifying email" and no redirect', async () => {
    server.use(mock.patch('*/user-service/verify-email', () => apiError(401)))
    renderApp('/verify-email/bad-token')
    expect(await toasts().findByText('Error verifying email')).toBeTruthy()
    await new Promise((resolve) => setTimeout(resolve, 1600))
    expect(path()).toBe('/verify-email/bad-token')
  })
})

async function fillReset(password: string, verify: string, fakeTimers = false) {
  const view = renderApp('/reset-password/reset-tok', { fakeTimers })
  await screen.findByRole('heading', { name: 'Reset Password' })
  if (password) {
    await view.user.click(screen.getByLabelText('Password'))
    await view.user.paste(password)
  }
  if (verify) {
    await view.user.click(screen.getByLabelText('Verify Password'))
    await view.user.paste(verify)
  }
  return view
}

const reset = () => screen.getByRole('button', { name: 'Reset' })

describe('reset password page (SPEC §2, §5, §8)', () => {
  it('has Password, Verify Password and a Reset button that is disabled while the password is empty', async () => {
    await fillReset('', '')
    expect(isDisabled(reset())).toBe(true)
  })

  it.each([
    ['a password under 6 characters', 'abc', 'abc', 'Password must be at least 6 characters'],
    ['a password over 256 characters', 'p'.repeat(257), 'p'.repeat(257), 'Password must be less than 256 characters'],
    ['two different passwords', 'secret1', 'secret2', 'Passwords do not match'],
  ])('given %s, then the message shows and Reset is disabled', async (_case, password, verify, message) => {
    await fillReset(password, verify)
    expect(screen.getByRole('alert').textContent).toBe(message)
    expect(isDisabled(reset())).toBe(true)
  })

  it('is disabled while the two differ, even before a message (verify still empty)', async () => {
    await fillReset('secret1', '')
    expect(isDisabled(reset())).toBe(true)
  })

  it('given success, then the toast "Password Reset" and / after 1.5 s', async () => {
    useFakeClock()
    server.use(mock.patch('*/user-service/reset-password', () => ok()))
    const { user } = await fillReset('secret1', 'secret1', true)
    await user.click(reset())
    expect(await toasts().findByText('Password Reset')).toBeTruthy()
    expect(sent('/user-service/reset-password')[0]!.body).toEqual({ passwordToken: 'reset-tok', password: 'secret1' })
    await act(() => vi.advanceTimersByTimeAsync(1200))
    expect(path()).toBe('/reset-password/reset-tok')
    await act(() => vi.advanceTimersByTimeAsync(300))
    expect(path()).toBe('/')
  })

  it.each([
    [401, 'Invalid token error'],
    [400, 'Reset Password Failed'],
    [500, 'Reset Password Failed'],
  ])('given HTTP %i, then inline "%s"', async (status, message) => {
    server.use(mock.patch('*/user-service/reset-password', () => apiError(status)))
    const { user } = await fillReset('secret1', 'secret1')
    await user.click(reset())
    expect((await screen.findByRole('alert')).textContent).toBe(message)
    await waitFor(() => expect(isDisabled(reset())).toBe(true))
    expect(path()).toBe('/reset-password/reset-tok')
  })
})
