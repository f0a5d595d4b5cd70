import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ConfirmDialog } from '../../../lib/index.ts'
import { describeModal } from '../helpers/modal-suite.tsx'
import { setup } from '../helpers/render.tsx'

// SPEC §8 "Confirmation dialogs (buttons Yes and cancel)": "Delete file?: You will not be able to recover this file."
describeModal('ConfirmDialog', {
  role: 'alertdialog',
  name: 'Delete file?',
  render: (close) => (
    <ConfirmDialog
      open
      title="Delete file?"
      text="You will not be able to recover this file."
      onConfirm={close}
      onCancel={close}
    />
  ),
})

describe('ConfirmDialog', () => {
  it('shows the question, the text, and the buttons "cancel" and "Yes" by default, focusing cancel first', async () => {
    setup(
      <ConfirmDialog
        open
        title="Delete file?"
        text="You will not be able to recover this file."
        onConfirm={() => {}}
        onCancel={() => {}}
      />,
    )
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete file?' })
    expect(dialog.textContent).toContain('You will not be able to recover this file.')
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['cancel', 'Yes'])
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'cancel' }))
  })

  it('given Yes, then onConfirm runs; given cancel, then onCancel runs', async () => {
    const onConfirm = vi.fn()
    const onCancel = vi.fn()
    const { user } = setup(<ConfirmDialog open title="Restore item?" onConfirm={onConfirm} onCancel={onCancel} />)
    await user.click(await screen.findByRole('button', { name: 'Yes' }))
    await user.click(screen.getByRole('button', { name: 'cancel' }))
    expect(onConfirm).toHaveBeenCalledOnce()
    expect(onCancel).toHaveBeenCalledOnce()
  })

  it('given custom labels, a danger tone and busy, then it uses them and marks Yes busy', async () => {
    setup(
      <ConfirmDialog
        open
        title="Logout"
        confirmLabel="Yes, logout"
        tone="danger"
        busy
        onConfirm={() => {}}
        onCancel={() => {}}
      />,
    )
    const yes = await screen.findByRole('button', { name: 'Yes, logout' })
    expect(yes.getAttribute('aria-busy')).toBe('true')
  })
})
