import { type ReactNode, useState } from 'react'
import { expect, fn, screen, waitFor } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import {
  Button,
  ShareDialog,
  type SharePermission,
  sharePermissionOptions,
  sharePermissions,
  vars,
} from '../../lib/index.ts'
import { overlayDocs, viewportShot } from './_support/visual.ts'

const link = 'https://cumulus.example/public-download/65f1c2a9/7c9e6679-7425-40de-944b-e07fc1f90ae7'

const meta = preview.meta({
  title: 'Library/ShareDialog',
  tags: ['autodocs'],
  parameters: overlayDocs,
  // The built-in vocabulary (the dialog is generic over its permissions).
  component: ShareDialog<SharePermission>,
  args: {
    open: true,
    filename: 'holiday.jpg',
    permission: 'public',
    link,
    onPermissionChange: fn(),
    onCopy: fn(),
    onClose: fn(),
  } as const,
  argTypes: { permission: { control: 'inline-radio', options: sharePermissions } },
})

const waitForOpen = async () => {
  const dialog = await screen.findByRole('dialog')
  await waitFor(() => expect(dialog).toHaveAttribute('data-enter'))
  // Past the 200 ms fade, so what it shows counts as visible.
  await waitFor(() => expect(getComputedStyle(dialog).opacity).toBe('1'))
  return dialog
}
const opened = async () => {
  await waitForOpen()
}

/** A 360×640 phone: a modal rendered in place (portal={false}) is laid out inside its transform. */
function Phone({ children }: { children: ReactNode }) {
  return (
    <div
      style={{
        position: 'relative',
        width: 360,
        height: 640,
        transform: 'translateZ(0)',
        overflow: 'hidden',
        outline: `1px solid ${vars.color.border}`,
      }}
    >
      {children}
    </div>
  )
}

export const Playground = meta.story({})

/** Public: the link, Copy link, and the Permission select with its helper text. */
export const States = meta.story({ parameters: viewportShot, play: opened })

export const StatesDark = States.extend({ globals: { theme: 'dark' } })

/** Private: no link yet, Copy link disabled. */
export const StatesPrivate = States.extend({ args: { permission: 'private', link: '' } as const })

/** Temporary, while the change runs: the select is disabled with a spinner. */
export const StatesBusy = States.extend({ args: { permission: 'one', busy: true } as const })

/** A long file name wraps; the badge keeps its place. */
export const StatesLongName = States.extend({
  args: {
    filename: 'Quarterly report for the board meeting, final version (2) - reviewed by legal and finance.pdf',
    permission: 'one',
  } as const,
})

/** A narrow viewport (360 px phone). */
export const StatesNarrow = meta.story({
  render: (args) => (
    <Phone>
      <ShareDialog {...args} portal={false} />
    </Phone>
  ),
  play: opened,
})

export const StatesNarrowDark = StatesNarrow.extend({ globals: { theme: 'dark' } })

/** Keyboard: Tab to the select, open it, choose Temporary; Copy link. */
export const Keyboard = meta.story({
  args: { open: false },
  render: function Render(args) {
    const [open, setOpen] = useState(false)
    const [permission, setPermission] = useState<SharePermission>('private')
    return (
      <>
        <Button onClick={() => setOpen(true)}>Share</Button>
        <ShareDialog
          {...args}
          open={open}
          permission={permission}
          link={permission === 'private' ? '' : link}
          onPermissionChange={(next) => {
            args.onPermissionChange(next)
            setPermission(next)
          }}
          onClose={() => {
            args.onClose?.()
            setOpen(false)
          }}
        />
      </>
    )
  },
  play: async ({ canvas, userEvent, args }) => {
    const opener = canvas.getByRole('button', { name: 'Share' })
    await userEvent.click(opener)
    await waitForOpen()
    const select = await screen.findByRole('combobox', { name: 'Permission' })
    select.focus()
    await userEvent.keyboard('{ArrowDown}')
    await screen.findByRole('listbox')
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}')
    await expect(args.onPermissionChange).toHaveBeenLastCalledWith('one')
    await waitFor(() => expect(select).toHaveTextContent('Temporary'))
    await userEvent.click(screen.getByRole('button', { name: 'Copy link' }))
    await expect(args.onCopy).toHaveBeenCalledWith(link)
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await expect(args.onClose).toHaveBeenCalledOnce()
    await waitFor(() => expect(opener).toHaveFocus())
  },
})

/** Pointer: the backdrop and the close icon both close it. */
export const Pointer = meta.story({
  play: async ({ userEvent, args }) => {
    await waitForOpen()
    await userEvent.click(screen.getByRole('button', { name: 'Close' }))
    await expect(args.onClose).toHaveBeenCalledOnce()
    await userEvent.click(document.querySelector('[data-backdrop]') as HTMLElement)
    await expect(args.onClose).toHaveBeenCalledTimes(2)
  },
})

const teamChange = fn()

/** A product's own permissions beside the built-in ones: Team, with its label and hint. */
export const CustomPermissions = meta.story({
  beforeEach: () => void teamChange.mockClear(),
  render: function Render(args) {
    const [permission, setPermission] = useState<SharePermission | 'team'>('team')
    return (
      <ShareDialog
        {...args}
        permission={permission}
        permissions={[
          ...sharePermissionOptions,
          { value: 'team', label: 'Team', hint: 'Everyone in your team can open this file.' },
        ]}
        onPermissionChange={(next) => {
          teamChange(next)
          setPermission(next)
        }}
      />
    )
  },
  play: async ({ userEvent }) => {
    await waitForOpen()
    const select = await screen.findByRole('combobox', { name: 'Permission' })
    await expect(select).toHaveTextContent('Team')
    await expect(screen.getByText('Everyone in your team can open this file.')).toBeVisible()
    await userEvent.click(select)
    const options = await screen.findAllByRole('option')
    await expect(options.map((option) => option.textContent)).toEqual(['Private', 'Public', 'Temporary', 'Team'])
    await userEvent.click(screen.getByRole('option', { name: 'Private' }))
    await expect(teamChange).toHaveBeenLastCalledWith('private')
    await waitFor(() => expect(select).toHaveTextContent('Private'))
  },
})
