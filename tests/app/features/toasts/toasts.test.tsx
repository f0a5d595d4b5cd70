import '../../helpers/setup.ts'
import { act, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { toast, Toasts } from '../../../../app/features/toasts/toasts.tsx'
import { useFakeClock, useRealClock } from '../../helpers/clock.ts'

afterEach(() => useRealClock())

describe('notifications (SPEC §2, §9)', () => {
  it('show in the Notifications region and close after 5000 ms; a pending one stays until it settles', async () => {
    useFakeClock()
    render(<Toasts />)
    const region = within(screen.getByRole('region', { name: 'Notifications' }))
    let settle!: () => void
    act(() => {
      toast.success('Renamed')
      void toast.promise(new Promise<void>((resolve) => (settle = resolve)), {
        pending: 'Renaming...',
        success: 'Done',
        error: 'Error Renaming',
      })
    })
    expect(region.getByText('Renamed')).toBeTruthy()
    await act(() => vi.advanceTimersByTimeAsync(4999))
    expect(region.getByText('Renamed')).toBeTruthy()
    await act(() => vi.advanceTimersByTimeAsync(1))
    expect(region.queryByText('Renamed')).toBeNull()
    await act(() => vi.advanceTimersByTimeAsync(60_000))
    expect(region.getByText('Renaming...')).toBeTruthy()
    await act(async () => settle())
    expect(region.getByText('Done')).toBeTruthy()
  })
})
