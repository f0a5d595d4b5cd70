import { act, fireEvent, screen } from '@testing-library/react'
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

describe('Toast action', () => {
  it('given an action, then its button comes before Dismiss and calls it from Enter and Space', async () => {
    const onClick = vi.fn()
    const { user } = setup(
      <Toast tone="success" action={{ label: 'Undo', onClick }} onDismiss={() => {}}>
        Trashed
      </Toast>,
    )
    await user.tab()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Undo' }))
    await user.keyboard('{Enter}')
    await user.keyboard(' ')
    expect(onClick).toHaveBeenCalledTimes(2)
    await user.tab()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Dismiss' }))
    await expectNoAxeViolations()
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

describe('Toaster with an action', () => {
  it('given a promise with an action, then the success toast carries it; clicking it closes the toast', async () => {
    const toaster = createToaster()
    const undo = vi.fn()
    const { user } = setup(<Toaster toaster={toaster} />)
    await act(async () => {
      await toaster.promise(
        Promise.resolve(['a', 'b']),
        { pending: 'Trashing...', success: 'Trashed', error: 'Error Trashing' },
        {
          action: (ids) => ({ label: 'Undo', onClick: () => undo(ids) }),
        },
      )
    })
    await user.click(screen.getByRole('button', { name: 'Undo' }))
    expect(undo).toHaveBeenCalledWith(['a', 'b'])
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('given a failed promise, then the error toast has no action', async () => {
    const toaster = createToaster()
    setup(<Toaster toaster={toaster} />)
    await act(async () => {
      await toaster
        .promise(
          Promise.reject(new Error('no')),
          { pending: 'p', success: 's', error: 'Error Trashing' },
          {
            action: () => ({ label: 'Undo', onClick: () => {} }),
          },
        )
        .catch(() => {})
    })
    expect(screen.getByRole('alert').textContent).toBe('Error Trashing')
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull()
  })

  it('given focus or the pointer in a toast, then it stays past its duration, and closes a duration after both leave', () => {
    vi.useFakeTimers()
    const toaster = createToaster({ duration: 1000 })
    setup(
      <>
        <button type="button">Trash</button>
        <Toaster toaster={toaster} />
      </>,
    )
    act(() => void toaster.show('Trashed', 'success', { action: { label: 'Undo', onClick: () => {} } }))
    const toast = screen.getByRole('status')
    act(() => {
      fireEvent.pointerEnter(toast)
      screen.getByRole('button', { name: 'Undo' }).focus()
    })
    act(() => vi.advanceTimersByTime(5000))
    expect(screen.queryByRole('status')).not.toBeNull()
    act(() => fireEvent.pointerLeave(toast))
    act(() => vi.advanceTimersByTime(5000))
    // Still focused.
    expect(screen.queryByRole('status')).not.toBeNull()
    act(() => screen.getByRole('button', { name: 'Trash' }).focus())
    act(() => vi.advanceTimersByTime(999))
    expect(screen.queryByRole('status')).not.toBeNull()
    act(() => vi.advanceTimersByTime(1))
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('given its action from the keyboard, then it runs once, the toast closes and focus goes back where it was', async () => {
    const toaster = createToaster()
    const undo = vi.fn()
    const { user } = setup(
      <>
        <button
          type="button"
          onClick={() => toaster.show('Renamed', 'success', { action: { label: 'Undo', onClick: undo } })}
        >
          Rename
        </button>
        <Toaster toaster={toaster} />
      </>,
    )
    await user.click(screen.getByRole('button', { name: 'Rename' }))
    await user.tab()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Undo' }))
    await user.keyboard(' ')
    expect(undo).toHaveBeenCalledOnce()
    expect(screen.queryByRole('status')).toBeNull()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Rename' }))
  })
})
