import { useState } from 'react'
import { expect, fn, screen, waitFor } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { Button, Dialog, DialogActions, DialogDescription, dialogSizes, Select } from '../../lib/index.ts'
import { overlayDocs, viewportShot } from './_support/visual.ts'

const closed = fn()

const meta = preview.meta({
  title: 'Library/Dialog',
  tags: ['autodocs'],
  parameters: overlayDocs,
  component: Dialog,
  // `as const` keeps literal unions (DialogSize) from widening to string in Storybook's arg types.
  args: { title: 'Share holiday.jpg', size: 'medium' } as const,
  argTypes: { size: { control: 'inline-radio', options: dialogSizes } },
  beforeEach: () => {
    closed.mockClear()
  },
})

const body = (
  <>
    <DialogDescription>Anyone with the link can view and download this file.</DialogDescription>
    <Select
      label="Permission"
      options={[
        { value: 'private', label: 'Private' },
        { value: 'public', label: 'Public' },
      ]}
      defaultValue="public"
    />
    <DialogActions>
      <Button>Copy link</Button>
      <Button variant="primary">Done</Button>
    </DialogActions>
  </>
)

/** A trigger that opens the dialog; the dialog closes through onClose. */
function Harness(props: { title: string; size?: (typeof dialogSizes)[number] }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open dialog</Button>
      <Dialog
        {...props}
        open={open}
        onClose={() => {
          closed()
          setOpen(false)
        }}
      >
        {body}
      </Dialog>
    </>
  )
}

export const Playground = meta.story({ render: (args) => <Harness title={String(args.title)} size={args.size} /> })

const waitForOpen = async () => {
  const dialog = await screen.findByRole('dialog')
  await waitFor(() => expect(dialog).toHaveAttribute('data-enter'))
  return dialog
}

/** Open, with a long title that wraps: backdrop, heading, close button, body and actions. */
export const States = meta.story({
  parameters: viewportShot,
  render: (args) => (
    <Dialog {...args} open title="Share “Quarterly report for the board meeting, final version (2).pdf”">
      {body}
    </Dialog>
  ),
  play: async () => {
    await waitForOpen()
  },
})

export const StatesDark = States.extend({ globals: { theme: 'dark' } })

/** Keyboard: focus moves in, Tab stays inside, Escape closes and focus returns to the trigger. */
export const Keyboard = meta.story({
  render: (args) => <Harness title={String(args.title)} size={args.size} />,
  play: async ({ canvas, userEvent }) => {
    const trigger = canvas.getByRole('button', { name: 'Open dialog' })
    await userEvent.tab()
    await userEvent.keyboard('{Enter}')
    const dialog = await waitForOpen()
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement))
    // Past the last control the browser may rest on the document before wrapping back in; focus
    // must never reach the page behind (it is inert).
    for (let i = 0; i < 6; i++) {
      await userEvent.tab()
      await expect(dialog.contains(document.activeElement) || document.activeElement === document.body).toBe(true)
    }
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await expect(closed).toHaveBeenCalledOnce()
    await waitFor(() => expect(trigger).toHaveFocus())
  },
})

/** Pointer: the backdrop and the close button both close it. */
export const Pointer = meta.story({
  render: (args) => <Harness title={String(args.title)} size={args.size} />,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Open dialog' }))
    await waitForOpen()
    await userEvent.click(document.querySelector('[data-backdrop]') as HTMLElement)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await userEvent.click(canvas.getByRole('button', { name: 'Open dialog' }))
    await waitForOpen()
    await userEvent.click(screen.getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await expect(closed).toHaveBeenCalledTimes(2)
  },
})
