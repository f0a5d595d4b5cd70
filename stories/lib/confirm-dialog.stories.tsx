import { useState } from 'react'
import { expect, fn, screen, waitFor } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { Button, ConfirmDialog, confirmTones } from '../../lib/index.ts'
import { overlayDocs, viewportShot } from './_support/visual.ts'

const meta = preview.meta({
  title: 'Library/ConfirmDialog',
  tags: ['autodocs'],
  parameters: overlayDocs,
  component: ConfirmDialog,
  // `as const` keeps literal unions (ConfirmTone) from widening to string in Storybook's arg types.
  args: {
    open: true,
    title: 'Delete file?',
    text: 'You will not be able to recover this file.',
    tone: 'danger',
    onConfirm: fn(),
    onCancel: fn(),
  } as const,
  argTypes: { tone: { control: 'inline-radio', options: confirmTones } },
})

const waitForOpen = async () => {
  const dialog = await screen.findByRole('alertdialog')
  await waitFor(() => expect(dialog).toHaveAttribute('data-enter'))
  return dialog
}

export const Playground = meta.story({})

/** A confirmation, "Delete file?", with the default buttons, focus on cancel. */
export const States = meta.story({
  parameters: viewportShot,
  play: async () => {
    await waitForOpen()
  },
})

export const StatesDark = States.extend({ globals: { theme: 'dark' } })

/** The confirm action running (busy) on a non-destructive question. */
export const StatesBusy = States.extend({
  args: {
    title: 'Move to trash?',
    text: 'Items in the trash will eventually be deleted.',
    tone: 'default',
    busy: true,
  } as const,
})

/** Keyboard: cancel has focus first; Tab then Enter confirms. */
export const Keyboard = meta.story({
  play: async ({ userEvent, args }) => {
    await waitForOpen()
    await waitFor(() => expect(screen.getByRole('button', { name: 'cancel' })).toHaveFocus())
    await userEvent.tab()
    await expect(screen.getByRole('button', { name: 'Yes' })).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await expect(args.onConfirm).toHaveBeenCalledOnce()
  },
})

/** Escape and cancel both cancel, and focus returns to the button that opened it. */
export const CancelReturnsFocus = meta.story({
  args: { open: false },
  render: function Render(args) {
    const [open, setOpen] = useState(false)
    const close = () => {
      args.onCancel()
      setOpen(false)
    }
    return (
      <>
        <Button variant="danger" onClick={() => setOpen(true)}>
          Delete
        </Button>
        <ConfirmDialog {...args} open={open} onCancel={close} onConfirm={close} />
      </>
    )
  },
  play: async ({ canvas, userEvent, args }) => {
    const trigger = canvas.getByRole('button', { name: 'Delete' })
    await userEvent.click(trigger)
    await waitForOpen()
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(trigger).toHaveFocus())
    await userEvent.click(trigger)
    await waitForOpen()
    await userEvent.click(screen.getByRole('button', { name: 'cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    await expect(args.onCancel).toHaveBeenCalledTimes(2)
    await waitFor(() => expect(trigger).toHaveFocus())
  },
})
