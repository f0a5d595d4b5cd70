// The invite link's screen (DESIGN §8): `/invite/<token>` checks the token first, then opens
// sign-up in create mode with it; a used, expired or unknown invite says so before any form.
import '../helpers/setup.ts'
import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { path, renderApp } from '../helpers/render.tsx'
import { apiError, http as mock, ok, sent, server, testUser } from '../helpers/server.ts'

const TOKEN = 'tok_123-abc'
const expiresAt = '2026-12-08T10:00:00.000Z'
const field = (label: string) => screen.getByLabelText(label)
const ASK = "Ask the server's admin for a new invite link."

function serveInvite(reply: Parameters<typeof ok>[0] | 'missing') {
  server.use(
    mock.get(`*/user-service/invites/${TOKEN}`, () =>
      reply === 'missing' ? apiError(404, 'NOT_FOUND', 'Invite not found') : ok(reply),
    ),
  )
}

describe('the invite screen (DESIGN §8)', () => {
  it('given a live invite, then "You\'re invited to Cumulus" in create mode, its address filled in; sign-up sends the token and lands on /home', async () => {
    serveInvite({ status: 'valid', email: 'kid@example.com', expiresAt })
    server.use(mock.post('*/user-service/create', () => ok({ user: testUser, emailSent: false }, 201)))
    const { user } = renderApp(`/invite/${TOKEN}`)
    await screen.findByLabelText('Verify Password')
    expect(screen.getByRole('heading', { name: "You're invited to Cumulus" })).toBeTruthy()
    expect((field('Email address') as HTMLInputElement).value).toBe('kid@example.com')
    await user.type(field('Password'), 'secret1')
    await user.type(field('Verify Password'), 'secret1')
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    await waitFor(() => expect(path()).toBe('/home'))
    expect(sent('/user-service/create')[0]!.body).toEqual({
      email: 'kid@example.com',
      password: 'secret1',
      invite: TOKEN,
    })
  })

  it.each([
    [{ status: 'used', expiresAt }, 'This invite has been used'],
    [{ status: 'expired', expiresAt }, 'This invite has expired'],
    ['missing' as const, 'This invite link is not valid'],
  ])('given %j, then "%s" up front with whom to ask, and no form', async (reply, title) => {
    serveInvite(reply)
    renderApp(`/invite/${TOKEN}`)
    expect(await screen.findByRole('heading', { name: title })).toBeTruthy()
    expect(screen.getByText(ASK)).toBeTruthy()
    expect(screen.queryByLabelText('Password')).toBeNull()
    expect(screen.getByRole('link', { name: 'I already have an account' }).getAttribute('href')).toBe('/')
  })

  it('given the invite was used between the check and the submit, then the form says so', async () => {
    serveInvite({ status: 'valid', email: null, expiresAt })
    server.use(
      mock.post('*/user-service/create', () =>
        apiError(403, 'INVITE_USED', "This invite has been used. Ask the server's admin for a new one."),
      ),
    )
    const { user } = renderApp(`/invite/${TOKEN}`)
    await screen.findByLabelText('Verify Password')
    await user.type(field('Email address'), 'kid@example.com')
    await user.type(field('Password'), 'secret1')
    await user.type(field('Verify Password'), 'secret1')
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    expect((await screen.findByRole('alert')).textContent).toBe(`This invite has been used. ${ASK}`)
    expect(path()).toBe(`/invite/${TOKEN}`)
  })

  it('given sign-up needs an invite and none was given (plain Create account on /), then it says to ask for one', async () => {
    server.use(
      mock.post('*/user-service/create', () =>
        apiError(403, 'INVITE_REQUIRED', 'Sign-up on this server needs an invite link from its admin'),
      ),
    )
    const { user } = renderApp('/')
    await user.click(await screen.findByRole('button', { name: 'Create account' }))
    await user.type(field('Email address'), 'kid@example.com')
    await user.type(field('Password'), 'secret1')
    await user.type(field('Verify Password'), 'secret1')
    await user.click(screen.getAllByRole('button', { name: 'Create account' })[0]!)
    expect((await screen.findByRole('alert')).textContent).toBe(
      "Sign-up on this server needs an invite link. Ask the server's admin for one.",
    )
  })
})
