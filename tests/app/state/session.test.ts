import '../helpers/setup.ts'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { REFRESH_INTERVAL_MS, refreshAtLoad, restoreSession, startKeepAlive } from '../../../app/state/session.ts'
import { lastRefreshed, loggedIn, setHasPreviouslyLoggedIn, setLoggedIn } from '../../../app/state/user.ts'
import { cachedUser } from '../helpers/user.ts'
import { apiError, http as mock, HttpResponse, sent, server, testUser } from '../helpers/server.ts'

const tokenCalls = () => sent('/user-service/get-token').length

const setVisibility = (state: 'visible' | 'hidden') => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state })
  document.dispatchEvent(new Event('visibilitychange'))
}

describe('access token refresh (SPEC §4 session)', () => {
  let stop: (() => void) | undefined
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
  })
  afterEach(() => {
    stop?.()
    stop = undefined
    setVisibility('visible')
  })

  it('refreshes at load when this browser has a session (the hasPreviouslyLoggedIn flag)', async () => {
    setHasPreviouslyLoggedIn(true)
    expect(await refreshAtLoad()).toBe(true)
    expect(tokenCalls()).toBe(1)
    expect(sent('/user-service/get-token')[0]!.uuid).toBe(localStorage.getItem('browser-id'))
    expect(lastRefreshed.value).toBe(Date.now())
  })

  it('skips the load refresh for a visitor who never logged in here (it could only answer 401)', async () => {
    expect(await refreshAtLoad()).toBe(false)
    expect(tokenCalls()).toBe(0)
  })

  it('refreshes every 20 minutes while logged in', async () => {
    setLoggedIn(true)
    stop = startKeepAlive()
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS - 1)
    expect(tokenCalls()).toBe(0)
    await vi.advanceTimersByTimeAsync(1)
    await vi.waitFor(() => expect(tokenCalls()).toBe(1))
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS)
    await vi.waitFor(() => expect(tokenCalls()).toBe(2))
    expect(REFRESH_INTERVAL_MS).toBe(20 * 60 * 1000)
  })

  it('refreshes whenever the tab becomes visible, not when it is hidden', async () => {
    setLoggedIn(true)
    stop = startKeepAlive()
    setVisibility('hidden')
    await vi.advanceTimersByTimeAsync(0)
    expect(tokenCalls()).toBe(0)
    setVisibility('visible')
    await vi.waitFor(() => expect(tokenCalls()).toBe(1))
  })

  it('logs refresh failures without throwing, and stops after the returned function runs', async () => {
    server.use(mock.post('*/user-service/get-token', () => apiError(401)))
    setLoggedIn(true)
    stop = startKeepAlive()
    setVisibility('visible')
    await vi.waitFor(() => expect(console.warn).toHaveBeenCalledWith('Token refresh failed', expect.anything()))
    stop()
    stop = undefined
    setVisibility('visible')
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS)
    expect(tokenCalls()).toBe(1)
  })
})

describe('session restore', () => {
  it('given the cookies are still good, then the user is set, logged in, and the flag stays', async () => {
    setHasPreviouslyLoggedIn(true)
    expect(await restoreSession()).toBe(true)
    expect(cachedUser()).toEqual(testUser)
    expect(loggedIn.value).toBe(true)
    expect(localStorage.getItem('hasPreviouslyLoggedIn')).toBe('true')
  })

  it('given the session is gone (401 and the refresh fails), then the flag is removed', async () => {
    server.use(
      mock.get('*/user-service/user', () => apiError(401)),
      mock.post('*/user-service/get-token', () => apiError(401)),
    )
    setHasPreviouslyLoggedIn(true)
    expect(await restoreSession()).toBe(false)
    expect(loggedIn.value).toBe(false)
    expect(localStorage.getItem('hasPreviouslyLoggedIn')).toBeNull()
  })

  it('given no answer (offline, or the page left mid-restore), then the restore fails but the flag stays for the next load', async () => {
    server.use(
      mock.get('*/user-service/user', () => HttpResponse.error()),
      mock.post('*/user-service/get-token', () => HttpResponse.error()),
    )
    setHasPreviouslyLoggedIn(true)
    expect(await refreshAtLoad()).toBe(false)
    expect(await restoreSession()).toBe(false)
    expect(loggedIn.value).toBe(false)
    expect(localStorage.getItem('hasPreviouslyLoggedIn')).toBe('true')
  })
})
