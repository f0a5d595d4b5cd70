import '../helpers/setup.ts'
import { renderHook, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useUser } from '../../../app/hooks/use-user.ts'
import { createAccount, endSession, login, restoreSession } from '../../../app/state/session.ts'
import { setLoggedIn } from '../../../app/state/user.ts'
import { renderApp } from '../helpers/render.tsx'
import { http as mock, ok, sent, server, testUser } from '../helpers/server.ts'

describe('useUser: the signed-in record is SWR data seeded by the session (SPEC §3/§4)', () => {
  it('given no session, then it holds nothing and asks the server nothing', async () => {
    const { result } = renderHook(() => useUser())
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(result.current.data).toBeNull()
    expect(sent('/user-service/user')).toHaveLength(0)
  })

  it('given a sign-in, then it holds the reply and reading it sends no GET /user-service/user', async () => {
    server.use(mock.post('*/user-service/login', () => ok({ user: testUser })))
    await login('ada@example.com', 'secret1')
    const { result, rerender, unmount } = renderHook(() => useUser())
    expect(result.current.data).toEqual(testUser)
    rerender()
    unmount()
    renderHook(() => useUser())
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(sent('/user-service/user')).toHaveLength(0)
  })

  it('given a sign-up, then it holds the reply', async () => {
    server.use(mock.post('*/user-service/create', () => ok({ user: testUser, emailSent: false }, 201)))
    await createAccount('ada@example.com', 'secret1')
    expect(renderHook(() => useUser()).result.current.data).toEqual(testUser)
  })

  it('given a restore, then the one GET /user-service/user of the restore is the only one', async () => {
    server.use(mock.get('*/user-service/user', () => ok(testUser)))
    expect(await restoreSession()).toBe(true)
    const { result } = renderHook(() => useUser())
    expect(result.current.data).toEqual(testUser)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(sent('/user-service/user')).toHaveLength(1)
  })

  it('given a logout, then the record is cleared', async () => {
    server.use(mock.post('*/user-service/login', () => ok({ user: testUser })))
    await login('ada@example.com', 'secret1')
    const { result } = renderHook(() => useUser())
    endSession()
    await waitFor(() => expect(result.current.data).toBeNull())
  })

  it('given the settings screen (its one reader), then opening it sends no GET /user-service/user', async () => {
    setLoggedIn(true)
    renderApp('/settings')
    expect(await screen.findByText('ada@example.com')).toBeTruthy()
    expect(sent('/user-service/user-detailed')).toHaveLength(1)
    expect(sent('/user-service/user')).toHaveLength(0)
  })
})
