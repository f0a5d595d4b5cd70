import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { AlertDialog } from '../../../lib/index.ts'
import { describeModal } from '../helpers/modal-suite.tsx'
import { setup } from '../helpers/render.tsx'

// SPEC §5 "Folder picker with no items selected: dialog No items selected (error icon, button Okay)".
describeModal('AlertDialog', {
  role: 'alertdialog',
  name: 'No items selected',
  render: (close) => <AlertDialog open title="No items selected" onClose={close} />,
})

describe('AlertDialog', () => {
  it('has one button "Okay" by default that closes it', async () => {
    const onClose = vi.fn()
    const { user } = setup(
      <AlertDialog open icon="warning" title="Please wait 1 minute before resending" onClose={onClose} />,
    )
    await screen.findByRole('alertdialog', { name: 'Please wait 1 minute before resending' })
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Okay'])
    await user.click(screen.getByRole('button', { name: 'Okay' }))
    expect(onClose).toHaveBeenCalledOnce()
  })

  it('given text and a button label, then it shows them', async () => {
    setup(
      <AlertDialog
        open
        title="Error loading user account"
        text="Try again later."
        buttonLabel="Close"
        onClose={() => {}}
      />,
    )
    const dialog = await screen.findByRole('alertdialog', { name: 'Error loading user account' })
    expect(dialog.textContent).toContain('Try again later.')
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy()
  })
})
