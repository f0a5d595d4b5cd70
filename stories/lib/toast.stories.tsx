import { useState } from 'react'
import { expect, screen, waitFor } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { Button, createToaster, Toast, Toaster, toastTones } from '../../lib/index.ts'
import { State, StateGrid } from './_support/state-grid.tsx'

const meta = preview.meta({
  title: 'Library/Toast',
  tags: ['autodocs'],
  component: Toast,
  // `as const` keeps literal unions (ToastTone) from widening to string in Storybook's arg types.
  args: { children: 'Renaming...', tone: 'pending' } as const,
  argTypes: { tone: { control: 'inline-radio', options: toastTones } },
  decorators: [
    (Story) => (
      <div style={{ width: 340 }}>
        <Story />
      </div>
    ),
  ],
})

export const Playground = meta.story({})

/** Texts in every tone, with an action (Undo), dismissible, and a long message. */
export const States = meta.story({
  render: () => (
    <StateGrid columns={1}>
      <State label="pending">
        <Toast tone="pending">Renaming...</Toast>
      </State>
      <State label="success">
        <Toast tone="success">Renamed</Toast>
      </State>
      <State label="error">
        <Toast tone="error">Error Renaming</Toast>
      </State>
      <State label="success, with an action">
        <Toast tone="success" action={{ label: 'Undo', onClick: () => {} }} onDismiss={() => {}}>
          Trashed
        </Toast>
      </State>
      <State label="info, dismissible">
        <Toast tone="info" onDismiss={() => {}}>
          Link Copied
        </Toast>
      </State>
      <State label="long message">
        <Toast tone="error" onDismiss={() => {}}>
          Error Resending Email Verification: the server did not answer in time, try again later.
        </Toast>
      </State>
    </StateGrid>
  ),
})

export const StatesDark = States.extend({ globals: { theme: 'dark' } })

/** Right to left (`dir="rtl"` on <html>): sides, arrows and progress mirror; names and dates stay isolated. */
export const StatesRtl = States.extend({ globals: { dir: 'rtl' } })

/** createToaster: an action shows pending then success; the toast can be dismissed from the keyboard. */
export const Toasting = meta.story({
  render: function Render() {
    const [toaster] = useState(() => createToaster())
    return (
      <>
        <Button
          onClick={() =>
            void toaster.promise(new Promise((r) => setTimeout(r, 300)), {
              pending: 'Trashing...',
              success: 'Trashed',
              error: 'Error Trashing',
            })
          }
        >
          Trash
        </Button>
        <Toaster toaster={toaster} />
      </>
    )
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Trash' }))
    const region = screen.getByRole('region', { name: 'Notifications' })
    await waitFor(() => expect(region).toHaveTextContent('Trashing...'))
    await waitFor(() => expect(region).toHaveTextContent('Trashed'))
    await userEvent.tab()
    await expect(screen.getByRole('button', { name: 'Dismiss' })).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(region).toBeEmptyDOMElement())
  },
})

/**
 * An action on the success toast (Undo): reached with Tab, it keeps the toast open while focused,
 * runs on Enter, closes the toast and hands focus back to the button that made it.
 */
export const WithAction = meta.story({
  render: function Render() {
    const [toaster] = useState(() => createToaster({ duration: 800 }))
    const [undone, setUndone] = useState(0)
    return (
      <>
        <Button
          onClick={() =>
            toaster.show('Trashed', 'success', { action: { label: 'Undo', onClick: () => setUndone((n) => n + 1) } })
          }
        >
          Trash
        </Button>
        <p>Undone: {undone}</p>
        <Toaster toaster={toaster} />
      </>
    )
  },
  play: async ({ canvas, userEvent }) => {
    const trash = canvas.getByRole('button', { name: 'Trash' })
    await userEvent.click(trash)
    const region = screen.getByRole('region', { name: 'Notifications' })
    await userEvent.tab()
    const undo = screen.getByRole('button', { name: 'Undo' })
    await expect(undo).toHaveFocus()
    // Focused, it outlives its duration.
    await new Promise((r) => setTimeout(r, 1200))
    await expect(region).toHaveTextContent('Trashed')
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(region).toBeEmptyDOMElement())
    await expect(canvas.getByText('Undone: 1')).toBeInTheDocument()
    await expect(trash).toHaveFocus()
  },
})
