import { expect, fn, screen, waitFor } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { AlertDialog, alertIcons } from '../../lib/index.ts'
import { overlayDocs, viewportShot } from './_support/visual.ts'

const meta = preview.meta({
  title: 'Library/AlertDialog',
  tags: ['autodocs'],
  parameters: overlayDocs,
  component: AlertDialog,
  // `as const` keeps literal unions (AlertIcon) from widening to string in Storybook's arg types.
  args: { open: true, title: 'No items selected', icon: 'error', onClose: fn() } as const,
  argTypes: { icon: { control: 'inline-radio', options: alertIcons } },
})

const waitForOpen = async () => {
  const dialog = await screen.findByRole('alertdialog')
  await waitFor(() => expect(dialog).toHaveAttribute('data-enter'))
  return dialog
}

export const Playground = meta.story({})

/** An error alert, "No items selected" (error icon, button Okay). */
export const States = meta.story({
  parameters: viewportShot,
  play: async () => {
    await waitForOpen()
  },
})

export const StatesDark = States.extend({ globals: { theme: 'dark' } })

/** A rate limit warning: "Please wait 1 minute before resending" (warning). */
export const StatesWarning = States.extend({
  args: { icon: 'warning', title: 'Please wait 1 minute before resending' } as const,
})

/** Keyboard: Okay has focus; Enter closes. */
export const Keyboard = meta.story({
  play: async ({ userEvent, args }) => {
    await waitForOpen()
    await waitFor(() => expect(screen.getByRole('button', { name: 'Okay' })).toHaveFocus())
    await userEvent.keyboard('{Enter}')
    await expect(args.onClose).toHaveBeenCalledOnce()
  },
})

/** Pointer: clicking the backdrop closes it too. */
export const Backdrop = meta.story({
  play: async ({ userEvent, args }) => {
    await waitForOpen()
    await userEvent.click(document.querySelector('[data-backdrop]') as HTMLElement)
    await expect(args.onClose).toHaveBeenCalledOnce()
  },
})
