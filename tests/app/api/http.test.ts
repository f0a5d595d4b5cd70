import '../helpers/setup.ts'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  errorStatus,
  failureReason,
  http,
  HttpError,
  refreshToken,
  serializeParams,
  TOKEN_RETRY_DELAY_MS,
} from '../../../app/api/http.ts'
import { lastRefreshed } from '../../../app/state/user.ts'
import { apiError, http as mock, HttpResponse, ok, requests, sent, server } from '../helpers/server.ts'

const rejection = async (promise: Promise<unknown>) => {
  try {
    await promise
  } catch (error) {
    return error as HttpError
  }
  throw new Error('expected a rejection')
}

afterEach(() => vi.useRealTimers())

describe('http: the uuid header (SPEC §7)', () => {
  it('given no browser id yet, when requests are sent, then one UUID is generated, stored as browser-id and sent as uuid on every call', async () => {
    server.use(mock.post('*/things', () => ok({ done: true })))
    expect(localStorage.getItem('browser-id')).toBeNull()
    await http.get('/user-service/user')
    await http.post('/things', { a: 1 })
    const id = localStorage.getItem('browser-id')
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(requests.map((r) => r.uuid)).toEqual([id, id])
  })

  it('given a stored browser id, then it is reused, never regenerated', async () => {
    localStorage.setItem('browser-id', 'kept-id')
    await http.get('/user-service/user')
    expect(sent('/user-service/user')[0]!.uuid).toBe('kept-id')
    expect(localStorage.getItem('browser-id')).toBe('kept-id')
  })

  it('given crypto.randomUUID is missing (plain-http LAN install), then a v4 UUID is still generated', async () => {
    Object.defineProperty(crypto, 'randomUUID', { configurable: true, value: undefined })
    try {
      await http.get('/user-service/user')
      expect(localStorage.getItem('browser-id')).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      )
    } finally {
      delete (crypto as { randomUUID?: unknown }).randomUUID
    }
  })

  it('resolves to the response body, and sends JSON bodies and query parameters', async () => {
    server.use(
      mock.patch('*/file-service/rename', async ({ request }) => ok({ got: await request.json() })),
      mock.get('*/file-service/list', ({ request }) => ok({ query: new URL(request.url).search })),
    )
    expect(await http.patch('/file-service/rename', { id: 'f1', title: 'New' })).toEqual({
      got: { id: 'f1', title: 'New' },
    })
    expect(
      await http.get('/file-service/list', { params: { parent: '/', limit: 50, search: undefined, trashMode: false } }),
    ).toEqual({
      query: '?parent=%2F&limit=50&trashMode=false',
    })
  })

  it('serialises arrays as repeated keys and skips missing values', () => {
    expect(serializeParams({ 'folderIDs[]': ['a', 'b'], 'fileIDs[]': [], x: null, y: undefined, z: 0 })).toBe(
      'folderIDs%5B%5D=a&folderIDs%5B%5D=b&z=0',
    )
  })
})

describe('http: transport messages (SPEC §8)', () => {
  it('given an error status, then "Request failed with status code N" with the status and the server body', async () => {
    server.use(mock.get('*/user-service/user-detailed', () => apiError(500, 'INTERNAL', 'boom')))
    const error = await rejection(http.get('/user-service/user-detailed'))
    expect(error).toBeInstanceOf(HttpError)
    expect(error.message).toBe('Request failed with status code 500')
    expect(errorStatus(error)).toBe(500)
    expect(error.code).toBe('INTERNAL')
  })

  it('given the network fails, then "Network Error"', async () => {
    server.use(mock.get('*/user-service/user', () => HttpResponse.error()))
    const error = await rejection(http.get('/user-service/user'))
    expect(error.message).toBe('Network Error')
    expect(error.status).toBeUndefined()
  })

  it('given a timeout of N ms that passes, then "timeout of N ms exceeded"', async () => {
    server.use(mock.get('*/slow', () => new Promise<Response>(() => {})))
    const error = await rejection(http.get('/slow', { timeout: 30 }))
    expect(error.message).toBe('timeout of 30 ms exceeded')
  })

  it("failureReason keeps the transport message first and adds a sentence a person understands; the server's own message wins", async () => {
    server.use(mock.get('*/user-service/user', () => HttpResponse.error()))
    expect(failureReason(await rejection(http.get('/user-service/user')))).toBe(
      'Network Error. The server could not be reached. Check your connection, then try again.',
    )
    expect(failureReason(new HttpError('timeout of 30 ms exceeded', undefined))).toBe(
      'timeout of 30 ms exceeded. The server took too long to answer. Try again in a moment.',
    )
    expect(failureReason(new HttpError('Request failed with status code 502', 502))).toBe(
      'Request failed with status code 502. The server is not answering right now. Try again in a moment.',
    )
    expect(failureReason(new HttpError('Request failed with status code 500', 500))).toBe(
      'Request failed with status code 500',
    )
    expect(
      failureReason(new HttpError('Request failed with status code 503', 503, { message: 'Down for maintenance' })),
    ).toBe('Down for maintenance')
  })

  it('given the caller aborts, then "canceled"', async () => {
    server.use(mock.get('*/slow', () => new Promise<Response>(() => {})))
    const controller = new AbortController()
    const pending = http.get('/slow', { signal: controller.signal })
    controller.abort()
    expect((await rejection(pending)).message).toBe('canceled')
  })
})

describe('http: a 401 refreshes once, waits 150 ms and retries once (SPEC §8)', () => {
  it('given a 401, when the refresh succeeds, then get-token is called once with the uuid header, and the original request is retried once 150 ms later', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const times: number[] = []
    let tokenAt = 0
    server.use(
      mock.post('*/user-service/get-token', () => {
        tokenAt = Date.now()
        return ok({ message: 'Token refreshed' })
      }),
      mock.get('*/user-service/user-detailed', () => {
        times.push(Date.now())
        return times.length === 1 ? apiError(401) : ok({ email: 'ada@example.com' })
      }),
    )
    let settled = false
    const result = http.get('/user-service/user-detailed').finally(() => (settled = true))
    // The clock only moves in 1 ms steps driven here, so the wait is measured exactly.
    for (let ms = 0; ms < 1000 && !settled; ms++) await vi.advanceTimersByTimeAsync(1)
    await expect(result).resolves.toEqual({ email: 'ada@example.com' })

    const [token] = sent('/user-service/get-token')
    expect(sent('/user-service/get-token')).toHaveLength(1)
    expect(token!.method).toBe('POST')
    expect(token!.uuid).toBe(localStorage.getItem('browser-id'))
    expect(times).toHaveLength(2)
    expect(times[1]! - tokenAt).toBeGreaterThanOrEqual(TOKEN_RETRY_DELAY_MS)
    expect(times[1]! - tokenAt).toBeLessThan(TOKEN_RETRY_DELAY_MS + 5)
    expect(TOKEN_RETRY_DELAY_MS).toBe(150)
  })

  it('given the refresh itself answers 401, then the ORIGINAL error is passed on and nothing is retried', async () => {
    server.use(
      mock.get('*/user-service/user-detailed', () => apiError(401, 'UNAUTHORIZED', 'original')),
      mock.post('*/user-service/get-token', () => apiError(401, 'UNAUTHORIZED', 'refresh')),
    )
    const error = await rejection(http.get('/user-service/user-detailed'))
    expect(error.message).toBe('Request failed with status code 401')
    expect(error.data).toMatchObject({ message: 'original' })
    expect(sent('/user-service/get-token')).toHaveLength(1)
    expect(sent('/user-service/user-detailed')).toHaveLength(1)
  })

  it('given the retry fails too, then the ORIGINAL error is passed on', async () => {
    let calls = 0
    server.use(
      mock.get('*/user-service/user-detailed', () =>
        ++calls === 1 ? apiError(401, 'UNAUTHORIZED', 'original') : apiError(500, 'INTERNAL', 'retry'),
      ),
    )
    const error = await rejection(http.get('/user-service/user-detailed'))
    expect(error.status).toBe(401)
    expect(error.data).toMatchObject({ message: 'original' })
    expect(calls).toBe(2)
  })

  it('given a 401 from get-token called through the main client, then it is rejected without a refresh or retry', async () => {
    server.use(mock.post('*/user-service/get-token', () => apiError(401)))
    const error = await rejection(http.post('/user-service/get-token'))
    expect(error.status).toBe(401)
    expect(sent('/user-service/get-token')).toHaveLength(1)
  })

  it('given a 401 that answers the call itself (wrong login), then no refresh is attempted', async () => {
    server.use(mock.post('*/user-service/login', () => apiError(401, 'INVALID_CREDENTIALS')))
    expect((await rejection(http.post('/user-service/login', { email: 'a@b.co', password: 'x' }))).status).toBe(401)
    expect(sent('/user-service/get-token')).toHaveLength(0)
    expect(sent('/user-service/login')).toHaveLength(1)
  })

  it('given other statuses (403, 500), then no refresh is attempted', async () => {
    server.use(mock.get('*/user-service/user', () => apiError(403)))
    expect((await rejection(http.get('/user-service/user'))).status).toBe(403)
    expect(sent('/user-service/get-token')).toHaveLength(0)
  })

  it('given two requests fail with 401 together, then they share one refresh', async () => {
    const seen = new Map<string, number>()
    server.use(
      mock.get('*/a', () => {
        seen.set('a', (seen.get('a') ?? 0) + 1)
        return seen.get('a') === 1 ? apiError(401) : ok({ a: 1 })
      }),
      mock.get('*/b', () => {
        seen.set('b', (seen.get('b') ?? 0) + 1)
        return seen.get('b') === 1 ? apiError(401) : ok({ b: 1 })
      }),
    )
    expect(await Promise.all([http.get('/a'), http.get('/b')])).toEqual([{ a: 1 }, { b: 1 }])
    expect(sent('/user-service/get-token')).toHaveLength(1)
  })

  it('given a successful refresh, then lastRefreshed records when', async () => {
    expect(lastRefreshed.value).toBe(0)
    const before = Date.now()
    await refreshToken()
    expect(lastRefreshed.value).toBeGreaterThanOrEqual(before)
  })
})
