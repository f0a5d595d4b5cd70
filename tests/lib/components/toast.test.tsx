import { act, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createToaster, Toast, Toaster, ToastRegion, toastDuration } from '../../../lib/index.ts'
import { expectNoAxeViolations } from '../helpers/axe.ts'
import { setup } from '../helpers/render.tsx'

afterEach(() => {
  vi.useRealTimers()
})

describe('Toast and ToastRegion', () => {
  it('stack in a landmark named "Notifications"; errors are alerts, the rest status messages', async () => {
    setup(
      <ToastRegion>
        <Toast tone="pending">Renaming...</Toast>
        <Toast tone="success">Renamed</Toast>
        <Toast tone="error">Error Renaming</Toast>
      </ToastRegion>,
    )
    const region = screen.getByRole('region', { name: 'Notifications' })
    expect(region.textContent).toContain('Renaming...')
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toEqual(['Renaming...', 'Renamed'])
    expect(screen.getByRole('alert').textContent).toBe('Error Renaming')
    await expectNoAxeViolations()
  })

  it('given onDismiss, then a "Dismiss" button calls it', async () => {
    const onDismiss = vi.fn()
    const { user } = setup(<Toast onDismiss={onDismiss}>Link Copied</Toast>)
    await user.click(screen.getByRole('button', { name: 'Dismiss' }))
    expect(onDismiss).toHaveBeenCalledOnce()
  })
})

describe('createToaster', () => {
  it('given a promise, then it shows pending, then success, and closes 5000 ms later', async () => {
    vi.useFakeTimers()
    const toaster = createToaster()
    setup(<Toaster toaster={toaster} />)
    let resolve!: () => void
    act(() => {
      void toaster.promise(new Promise<void>((r) => (resolve = r)), {
        pending: 'Trashing...',
        success: 'Trashed',
        error: 'Error Trashing',
      })
    })
    expect(screen.getByRole('status').textContent).toBe('Trashing...')
    // Pending toasts wait for the outcome however long it takes.
    act(() => vi.advanceTimersByTime(toastDuration * 2))
    await act(async () => resolve())
    expect(screen.getByRole('status').textContent).toBe('Trashed')
    act(() => vi.advanceTimersByTime(toastDuration - 1))
    expect(screen.queryByRole('status')).not.toBeNull()
    act(() => vi.advanceTimersByTime(1))
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('given a rejected promise, then it shows the error text as an alert', async () => {
    const toaster = createToaster()
    setup(<Toaster toaster={toaster} />)
    await act(async () => {
      await toaster
        .promise(Promise.reject(new Error('boom')), {
          pending: 'Moving File...',
          success: 'File Moved',
          error: 'Error Moving File',
        })
        .catch(() => {})
    })
    expect(screen.getByRole('alert').textContent).toBe('Error Moving File')
  })

  it('given show and dismiss, then toasts appear oldest first and go away', async () => {
    const toaster = createToaster({ duration: 1000 })
    const { user } = setup(<Toaster toaster={toaster} />)
    act(() => {
      toaster.show('Link Copied', 'success')
      toaster.show('Filename Copied', 'success')
    })
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toEqual(['Link Copied', 'Filename Copied'])
    await user.click(screen.getAllByRole('button', { name: 'Dismiss' })[0] as HTMLElement)
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toEqual(['Filename Copied'])
  })
})
