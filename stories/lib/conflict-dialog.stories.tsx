import { useState } from 'react'
import { expect, fn, screen, waitFor } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { Button, ConflictDialog } from '../../lib/index.ts'
import { overlayDocs, viewportShot } from './_support/visual.ts'

const meta = preview.meta({
  title: 'Library/ConflictDialog',
  tags: ['autodocs'],
  parameters: overlayDocs,
  component: ConflictDialog,
  args: {
    open: true,
    name: 'Quarterly report.pdf',
    keptName: 'Quarterly report (1).pdf',
    count: 3,
    onChoose: fn(),
    onCancel: fn(),
  },
})

const waitForOpen = async () => {
  const dialog = await screen.findByRole('alertdialog')
  await waitFor(() => expect(dialog).toHaveAttribute('data-enter'))
  return dialog
}

export const Playground = meta.story({})

/** Three uploads clash: the first one's name, the three choices (focus on Replace) and "Do this for all 3 conflicts". */
export const States = meta.story({
  parameters: viewportShot,
  play: async () => {
    await waitForOpen()
    await waitFor(() => expect(screen.getByRole('button', { name: 'Replace' })).toHaveFocus())
  },
})

export const StatesDark = States.extend({ globals: { theme: 'dark' } })

/** Right to left: the buttons and the checkbox mirror. */
export const StatesRtl = States.extend({ globals: { dir: 'rtl' } })

/** One clash: no checkbox; the name Keep both would give is not known, so the text says "a numbered name". */
export const StatesSingle = States.extend({ args: { count: 1, keptName: undefined } })

/** Keyboard: Replace has focus; Tab reaches Keep both, Skip, then the checkbox; Space ticks it, Enter chooses for all. */
export const Keyboard = meta.story({
  play: async ({ userEvent, args }) => {
    await waitForOpen()
    await waitFor(() => expect(screen.getByRole('button', { name: 'Replace' })).toHaveFocus())
    const all = screen.getByRole('checkbox', { name: 'Do this for all 3 conflicts' })
    all.focus()
    await userEvent.keyboard(' ')
    await expect(all).toBeChecked()
    screen.getByRole('button', { name: 'Keep both' }).focus()
    await userEvent.keyboard('{Enter}')
    await expect(args.onChoose).toHaveBeenCalledWith('keep-both', true)
  },
})

/** Escape cancels the whole upload, and focus returns to what opened the dialog. */
export const EscapeCancels = meta.story({
  args: { open: false },
  render: function Render(args) {
    const [open, setOpen] = useState(false)
    const close = () => {
      args.onCancel()
      setOpen(false)
    }
    return (
      <>
        <Button onClick={() => setOpen(true)}>Upload</Button>
        <ConflictDialog {...args} open={open} onCancel={close} onChoose={() => setOpen(false)} />
      </>
    )
  },
  play: async ({ canvas, userEvent, args }) => {
    const trigger = canvas.getByRole('button', { name: 'Upload' })
    await userEvent.click(trigger)
    await waitForOpen()
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    await expect(args.onCancel).toHaveBeenCalledOnce()
    await expect(args.onChoose).not.toHaveBeenCalled()
    await waitFor(() => expect(trigger).toHaveFocus())
  },
})
