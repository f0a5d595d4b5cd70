// Issue #23 point 4: on the sign-in screen's reset mode, a second request for the same address
// within the minute opens "Please wait 1 minute before resending" and sends nothing, whatever the
// first one's answer was (SPEC §5, §8), and the reset toasts never stack.
import '../../helpers/setup.ts'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { toaster } from '../../../../app/features/toasts/toasts.tsx'
import { renderApp, toasts } from '../../helpers/render.tsx'
import { apiError, http as mock, ok, sent, server } from '../../helpers/server.ts'

const submit = () => screen.getByRole('button', { name: 'Send reset email' })
const field = () => screen.getByLabelText('Email address')
const waitDialog = () => screen.findByRole('alertdialog', { name: 'Please wait 1 minute before resending' })

async function resetMode() {
  const view = renderApp('/')
  await view.user.click(screen.getByRole('button', { name: 'Forgot?' }))
  await view.user.type(field(), 'ada@example.com')
  return view
}

describe('password reset request cooldown (issue #23)', () => {
  it.each([
    [
      'the server refused it (403, verification not enabled)',
      () => apiError(403, 'EMAIL_VERIFICATION_DISABLED', 'Email Verification Not Enabled'),
      'Email Verification Not Enabled',
    ],
    [
      'the mail could not be sent (503)',
      () => apiError(503, 'MAIL_FAILED', 'The email could not be sent'),
      'Create Account Failed',
    ],
  ])(
    'after a first request that failed because %s, a second click waits: one request, one toast',
    async (_case, reply, inline) => {
      server.use(mock.patch('*/user-service/send-password-reset', reply))
      const { user } = await resetMode()
      await user.click(submit())
      expect(await screen.findByText(inline)).toBeTruthy()
      expect(await toasts().findByText('Error Sending Password Reset')).toBeTruthy()
      await user.click(submit())
      expect(await waitDialog()).toBeTruthy()
      expect(sent('/user-service/send-password-reset')).toHaveLength(1)
      // (The open dialog hides the toast region from queries: read the store.)
      expect(toaster.getSnapshot().map((t) => t.message)).toEqual(['Error Sending Password Reset'])
    },
  )

  it('the minute runs from the send: the same address again (other case and spaces) waits; another address may go at once', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    server.use(mock.patch('*/user-service/send-password-reset', () => apiError(404, 'NOT_FOUND', 'Email not found')))
    const { user } = await resetMode()
    await user.click(submit())
    await screen.findByText('Email does not exist')
    await user.clear(field())
    await user.type(field(), ' ADA@example.com ')
    await user.click(submit())
    await user.click(within(await waitDialog()).getByRole('button', { name: 'Okay' }))
    expect(sent('/user-service/send-password-reset')).toHaveLength(1)
    await user.clear(field())
    await user.type(field(), 'grace@example.com')
    await user.click(submit())
    await waitFor(() => expect(sent('/user-service/send-password-reset')).toHaveLength(2))
    // A minute later the first address may be asked for again.
    vi.setSystemTime(Date.now() + 60_000)
    await user.clear(field())
    await user.type(field(), 'ada@example.com')
    await user.click(submit())
    await waitFor(() => expect(sent('/user-service/send-password-reset')).toHaveLength(3))
    // One reset toast at a time: each request replaced the last one's.
    await waitFor(() => expect(toasts().getAllByText(/Password Reset/)).toHaveLength(1))
    vi.useRealTimers()
  })

  it('a success still starts the minute (the spec case): "Password Reset Sent", then the wait dialog', async () => {
    server.use(mock.patch('*/user-service/send-password-reset', () => ok()))
    const { user } = await resetMode()
    await user.click(submit())
    expect(await toasts().findByText('Password Reset Sent')).toBeTruthy()
    await user.click(submit())
    expect(await waitDialog()).toBeTruthy()
    expect(sent('/user-service/send-password-reset')).toHaveLength(1)
  })
})
