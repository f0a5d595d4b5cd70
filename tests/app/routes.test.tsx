import './helpers/setup.ts'
import { render, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ErrorBoundary } from '../../app/features/shell/error-boundary.tsx'
import { setLoggedIn } from '../../app/state/user.ts'
import { expectConsoleErrors } from './helpers/setup.ts'
import { path, renderApp } from './helpers/render.tsx'
import { apiError, http as mock, ok, sent, server, testUser } from './helpers/server.ts'

const protectedRoutes = [
  '/home',
  '/folder/f1',
  '/search/cats',
  '/trash',
  '/folder-trash/f1',
  '/search-trash/cats',
  '/media',
  '/search-media/cats',
  '/settings',
]

describe('route table and guard (SPEC §2)', () => {
  it.each(protectedRoutes)('given no session, %s redirects to the sign-in screen at /', async (route) => {
    renderApp(route)
    expect(await screen.findByRole('heading', { name: 'Login to your account' })).toBeTruthy()
    expect(path()).toBe('/')
  })

  it('remembers where the visitor came from and goes there after the session is restored', async () => {
    localStorage.setItem('hasPreviouslyLoggedIn', 'true')
    renderApp('/search-media/cats?x=1')
    // Sent to / first (the sign-in screen restores the session), then back.
    expect(path()).toBe('/')
    expect(screen.getByRole('status', { name: 'Restoring your session' })).toBeTruthy()
    const search = await screen.findByRole('combobox', { name: 'Search Media' })
    expect((search as HTMLInputElement).value).toBe('cats')
    expect(path()).toBe('/search-media/cats')
    expect(window.location.search).toBe('?x=1')
    expect(sent('/user-service/user')).toHaveLength(1)
  })

  it('after a login (not a restore) the user goes to /home, whatever was remembered', async () => {
    server.use(mock.post('*/user-service/login', () => ok({ user: testUser })))
    const { user } = renderApp('/settings')
    await screen.findByRole('heading', { name: 'Login to your account' })
    await user.type(screen.getByLabelText('Email address'), 'ada@example.com')
    await user.type(screen.getByLabelText('Password'), 'secret1')
    await user.click(screen.getByRole('button', { name: 'Login' }))
    await waitFor(() => expect(path()).toBe('/home'))
  })

  it('given a session, the protected route renders', async () => {
    setLoggedIn(true)
    renderApp('/trash')
    expect(await screen.findByRole('combobox', { name: 'Search Trash' })).toBeTruthy()
    expect(path()).toBe('/trash')
  })

  it('given a session, / (the logo) goes straight on to /home', async () => {
    setLoggedIn(true)
    renderApp('/')
    await waitFor(() => expect(path()).toBe('/home'))
    expect(sent('/user-service/user')).toHaveLength(0)
  })

  it('sends unknown paths to /', async () => {
    renderApp('/no/such/page')
    await waitFor(() => expect(path()).toBe('/'))
  })
})

describe('unknown-error fallback (SPEC §2)', () => {
  function Boom(): never {
    throw new Error('boom')
  }

  it('reads "Unexpected Application Error!" and recovers when the URL changes', () => {
    const logged = expectConsoleErrors()
    const { rerender } = render(
      <ErrorBoundary resetKey="/a">
        <Boom />
      </ErrorBoundary>,
    )
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy()
    expect(logged().length).toBeGreaterThan(0)
    rerender(
      <ErrorBoundary resetKey="/b">
        <p>fine</p>
      </ErrorBoundary>,
    )
    expect(screen.getByText('fine')).toBeTruthy()
  })
})

describe('loading the account fails (SPEC §8)', () => {
  it('asks "Error loading user account"; cancel goes to /home', async () => {
    setLoggedIn(true)
    server.use(mock.get('*/user-service/user-detailed', () => apiError(404)))
    const { user } = renderApp('/media')
    const dialog = await screen.findByRole('alertdialog', { name: 'Error loading user account' })
    expect(within(dialog).getByText('There was an error loading your account, would you like to logout?')).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'cancel' }))
    await waitFor(() => expect(path()).toBe('/home'))
    await waitFor(() => expect(dialog.isConnected).toBe(false))
  })

  it('"Yes, logout" logs out and goes to /', async () => {
    setLoggedIn(true)
    localStorage.setItem('hasPreviouslyLoggedIn', 'true')
    server.use(
      mock.get('*/user-service/user-detailed', () => apiError(404)),
      mock.post('*/user-service/logout', () => ok()),
    )
    const { user } = renderApp('/home')
    const dialog = await screen.findByRole('alertdialog', { name: 'Error loading user account' })
    await user.click(within(dialog).getByRole('button', { name: 'Yes, logout' }))
    await waitFor(() => expect(path()).toBe('/'))
    expect(sent('/user-service/logout')).toHaveLength(1)
    expect(await screen.findByRole('heading', { name: 'Login to your account' })).toBeTruthy()
    expect(localStorage.getItem('hasPreviouslyLoggedIn')).toBeNull()
  })
})
