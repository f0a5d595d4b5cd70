import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { Button, Dialog, DialogActions, DialogDescription } from '../../../lib/index.ts'
import { describeModal } from '../helpers/modal-suite.tsx'
import { setup } from '../helpers/render.tsx'

describeModal('Dialog', {
  role: 'dialog',
  name: 'Share',
  render: (close) => (
    <Dialog open onClose={close} title="Share">
      <DialogDescription>Anyone with the link can download the file.</DialogDescription>
      <DialogActions>
        <Button onClick={close}>Copy link</Button>
      </DialogActions>
    </Dialog>
  ),
})

describe('Dialog', () => {
  it('given the close icon is pressed, then onClose runs', async () => {
    const onClose = vi.fn()
    const { user } = setup(
      <Dialog open onClose={onClose} title="Share">
        <p>Body</p>
      </Dialog>,
    )
    await user.click(await screen.findByRole('button', { name: 'Close' }))
    expect(onClose).toHaveBeenCalledOnce()
  })

  it('uses the description as the accessible description, and a custom close label', async () => {
    setup(
      <Dialog open title="Share" closeLabel="Close share">
        <DialogDescription>Anyone with the link can download it.</DialogDescription>
      </Dialog>,
    )
    const dialog = await screen.findByRole('dialog', { name: 'Share' })
    const describedBy = dialog.getAttribute('aria-describedby')
    expect(describedBy && document.getElementById(describedBy)?.textContent).toBe(
      'Anyone with the link can download it.',
    )
    expect(screen.getByRole('button', { name: 'Close share' })).toBeTruthy()
  })

  it('given a hidden title, then it still names the dialog', async () => {
    setup(
      <Dialog open title="photo.jpg" hideTitle size="fullscreen">
        <p>Viewer</p>
      </Dialog>,
    )
    expect(await screen.findByRole('dialog', { name: 'photo.jpg' })).toBeTruthy()
  })

  it('given hideOnInteractOutside is false, then the backdrop does not close it (forwarded Ariakit prop)', async () => {
    const onClose = vi.fn()
    const { user } = setup(
      <Dialog open onClose={onClose} title="Uploading" hideOnInteractOutside={false}>
        <p>Body</p>
      </Dialog>,
    )
    await screen.findByRole('dialog')
    await user.click(document.querySelector('[data-backdrop]') as Element)
    await waitFor(() => expect(screen.getByRole('dialog')).toBeTruthy())
    expect(onClose).not.toHaveBeenCalled()
  })
})

describe('Dialog close button', () => {
  it('shows only its own icon (no extra content from DialogDismiss)', async () => {
    setup(
      <Dialog open title="Share">
        <p>Body</p>
      </Dialog>,
    )
    const close = await screen.findByRole('button', { name: 'Close' })
    expect(close.textContent).toBe('')
    expect(close.querySelectorAll('svg')).toHaveLength(1)
  })
})
