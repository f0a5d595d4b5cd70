import { expect, fn, screen, waitFor } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { PromptDialog } from '../../lib/index.ts'
import { overlayDocs, viewportShot } from './_support/visual.ts'

const meta = preview.meta({
  title: 'Library/PromptDialog',
  tags: ['autodocs'],
  parameters: overlayDocs,
  component: PromptDialog,
  args: { open: true, title: 'Enter A File Name', defaultValue: 'holiday photo.jpg', onSubmit: fn(), onCancel: fn() },
})

const waitForOpen = async () => {
  const dialog = await screen.findByRole('dialog')
  await waitFor(() => expect(dialog).toHaveAttribute('data-enter'))
  return dialog
}

export const Playground = meta.story({})

/** A rename prompt: prefilled and selected. */
export const States = meta.story({
  parameters: viewportShot,
  play: async () => {
    await waitForOpen()
  },
})

export const StatesDark = States.extend({ globals: { theme: 'dark' } })

/** An empty name submitted: "Please Enter a Name". */
export const StatesInvalid = meta.story({
  parameters: viewportShot,
  args: { title: 'Enter Folder Name', defaultValue: '' },
  play: async ({ userEvent }) => {
    await waitForOpen()
    await userEvent.click(screen.getByRole('button', { name: 'Okay' }))
    await expect(screen.getByRole('alert')).toHaveTextContent('Please Enter a Name')
  },
})

export const StatesInvalidDark = StatesInvalid.extend({ globals: { theme: 'dark' } })

/** Keyboard: type a new name over the selection and press Enter. */
export const Keyboard = meta.story({
  play: async ({ userEvent, args }) => {
    await waitForOpen()
    const input = screen.getByRole('textbox', { name: 'Enter A File Name' })
    await waitFor(() => expect(input).toHaveFocus())
    await userEvent.keyboard('renamed.jpg{Enter}')
    await expect(args.onSubmit).toHaveBeenCalledWith('renamed.jpg')
  },
})

/** Escape cancels without submitting. */
export const Escape = meta.story({
  play: async ({ userEvent, args }) => {
    await waitForOpen()
    await userEvent.keyboard('{Escape}')
    await expect(args.onCancel).toHaveBeenCalledOnce()
    await expect(args.onSubmit).not.toHaveBeenCalled()
  },
})
