import '../helpers/setup.ts'
import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SWRConfig } from 'swr'
import { isRetryable, MAX_RETRIES, retryDelay, swrConfig, useApi } from '../../../app/hooks/swr-config.ts'
import { HttpError } from '../../../app/api/http.ts'
import { useFakeClock, useRealClock } from '../helpers/clock.ts'
import { apiError, http as mock, ok, server } from '../helpers/server.ts'

afterEach(() => useRealClock())

describe('SWR settings (SPEC §7 caching, §9 retries and cache time)', () => {
  it('does not refetch on focus or reconnect, and reuses data for 5 minutes', () => {
    expect(swrConfig.revalidateOnFocus).toBe(false)
    expect(swrConfig.revalidateOnReconnect).toBe(false)
    expect(swrConfig.dedupingInterval).toBe(5 * 60_000)
  })

  it('backs off 1 s, 2 s, 4 s … doubling up to 30 s, for 3 retries', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000])
    expect(MAX_RETRIES).toBe(3)
  })

  it('retries network failures and 5xx, not answers that would repeat (4xx)', () => {
    expect(isRetryable(new HttpError('Network Error', undefined))).toBe(true)
    expect(isRetryable(new HttpError('x', 503))).toBe(true)
    expect(isRetryable(new HttpError('x', 429))).toBe(true)
    expect(isRetryable(new HttpError('x', 404))).toBe(false)
  })

  function Probe() {
    const { data, error } = useApi<{ n: number }>(['/probe'])
    return <p>{error ? 'failed' : data ? `n=${data.n}` : 'loading'}</p>
  }

  it('given a read keeps failing, then it is tried 1 + 3 times, 1 s, 2 s and 4 s apart, then gives up', async () => {
    useFakeClock()
    const times: number[] = []
    server.use(
      mock.get('*/probe', () => {
        times.push(Date.now())
        return apiError(500)
      }),
    )
    render(
      <SWRConfig value={{ provider: () => new Map() }}>
        <Probe />
      </SWRConfig>,
    )
    // Drive the clock in 10 ms steps for two minutes of fake time.
    for (let step = 0; step < 12_000; step++) await vi.advanceTimersByTimeAsync(10)
    expect(screen.getByText('failed')).toBeTruthy()
    expect(times).toHaveLength(4)
    const gaps = times.slice(1).map((t, i) => t - times[i]!)
    gaps.forEach((gap, i) => {
      expect(gap).toBeGreaterThanOrEqual([1000, 2000, 4000][i]!)
      expect(gap).toBeLessThanOrEqual([1000, 2000, 4000][i]! + 20)
    })
  })

  it('given a read succeeds, then the data shows', async () => {
    server.use(mock.get('*/probe', () => ok({ n: 3 })))
    render(
      <SWRConfig value={{ provider: () => new Map() }}>
        <Probe />
      </SWRConfig>,
    )
    expect(await screen.findByText('n=3')).toBeTruthy()
  })
})
