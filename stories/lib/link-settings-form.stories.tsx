import { expect, fn, waitFor, within } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import {
  type LinkSettings,
  LinkSettingsForm,
  type LinkSettingsFormProps,
  shareLinkAccesses,
  vars,
} from '../../lib/index.ts'
import { State, StateGrid } from './_support/state-grid.tsx'

// A fixed clock, so "in the past" and the proposed expiry read the same on every run.
const now = () => new Date(2030, 2, 1, 10, 30)
const at = (month: number, day: number, hour: number) => new Date(2030, month, day, hour).toISOString()

const onSubmit = fn()
const onCancel = fn()
const onValueChange = fn()

const meta = preview.meta({
  title: 'Library/LinkSettingsForm',
  tags: ['autodocs'],
  component: LinkSettingsForm,
  args: {
    now,
    onSubmit,
    onCancel,
    onValueChange,
    'aria-label': 'Link settings',
    style: { maxWidth: 420, padding: vars.space.large },
  } as LinkSettingsFormProps,
  argTypes: { access: { control: 'inline-radio', options: shareLinkAccesses } },
  beforeEach: () => {
    for (const spy of [onSubmit, onCancel, onValueChange]) spy.mockClear()
  },
})

export const Playground = meta.story({})

const everything: LinkSettings = { expiresAt: at(5, 30, 18), maxDownloads: 10 }
const request: LinkSettings = {
  expiresAt: at(3, 1, 12),
  maxDownloads: null,
  maxFileSize: 2 * 1024 ** 3,
  maxTotalBytes: 500 * 1024 ** 2,
}

// Each form is a landmark of its own in the grid, so each gets its own name.
const form = (name: string, props: Partial<LinkSettingsFormProps> = {}) => (
  <div style={{ width: 340 }}>
    <LinkSettingsForm
      aria-label={`Link settings (${name})`}
      now={now}
      onSubmit={onSubmit}
      onCancel={onCancel}
      {...props}
    />
  </div>
)

/** New link (all off), every option on with a password set, password being removed, file request, invalid after Save, busy with a server error, narrow. */
export const States = meta.story({
  render: () => (
    <StateGrid columns={3}>
      <State label="new view link: every option off">{form('new')}</State>
      <State label="expiry, password set, limit 10">
        {form('all set', { defaultValue: everything, hasPassword: true })}
      </State>
      <State label="password being removed">
        {form('removing', { defaultValue: { ...everything, password: null }, hasPassword: true })}
      </State>
      <State label="file request: size limits in GB and MB">
        {form('request', { access: 'upload', defaultValue: request })}
      </State>
      <State label="after Save: past expiry, no password, limit 0">
        {form('invalid', { defaultValue: { expiresAt: at(1, 1, 9), maxDownloads: 0, password: '' } })}
      </State>
      <State label="saving, and a refusal from the server">
        {form('busy', { defaultValue: everything, busy: true, error: 'This link was revoked in another window.' })}
      </State>
      <State label="narrow (240 px)">
        <div style={{ width: 240 }}>
          <LinkSettingsForm
            aria-label="Link settings (narrow)"
            now={now}
            onSubmit={onSubmit}
            onCancel={onCancel}
            defaultValue={everything}
            hasPassword
          />
        </div>
      </State>
    </StateGrid>
  ),
  play: async ({ canvas, userEvent }) => {
    // The messages show once Save is tried.
    const invalid = within(canvas.getByRole('form', { name: 'Link settings (invalid)' }))
    await userEvent.click(invalid.getByRole('button', { name: 'Save' }))
    await expect(invalid.getByText('Choose a date and time in the future.')).toBeVisible()
    await expect(invalid.getByText('Type a password, or turn the password off.')).toBeVisible()
    await expect(invalid.getByText('Enter a whole number of 1 or more.')).toBeVisible()
    await expect(onSubmit).not.toHaveBeenCalled()
    // Blur the field Save focused, so the shot has no focus ring that depends on timing.
    ;(document.activeElement as HTMLElement | null)?.blur()
  },
})

export const StatesDark = States.extend({ globals: { theme: 'dark' } })

/** Keyboard: Space switches Limit downloads on, type 0 (flagged on Save), fix it, Enter saves. */
export const Keyboard = meta.story({
  play: async ({ canvas, userEvent }) => {
    await userEvent.tab()
    await expect(canvas.getByRole('checkbox', { name: 'Expires' })).toHaveFocus()
    await userEvent.tab()
    await userEvent.tab()
    await expect(canvas.getByRole('checkbox', { name: 'Limit downloads' })).toHaveFocus()
    await userEvent.keyboard(' ')
    await userEvent.tab()
    const limit = canvas.getByRole('spinbutton', { name: 'Downloads allowed' })
    await expect(limit).toHaveFocus()
    await userEvent.keyboard('0{Enter}')
    await expect(canvas.getByText('Enter a whole number of 1 or more.')).toBeVisible()
    await expect(limit).toHaveFocus()
    await userEvent.keyboard('{Backspace}3{Enter}')
    await expect(onSubmit).toHaveBeenCalledWith({ expiresAt: null, maxDownloads: 3 })
  },
})

/** Pointer: switch Expires on (a week from now is proposed), remove the current password, save. */
export const Pointer = meta.story({
  args: { hasPassword: true },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Expires' }))
    await expect(canvas.getByLabelText('Expires on')).toHaveValue('2030-03-08T10:00')
    await expect(canvas.getByText('Password set — type a new one to change it')).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Remove password' }))
    await expect(canvas.getByText('The password will be removed when you save.')).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ expiresAt: at(2, 8, 10), maxDownloads: null, password: null }),
    )
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }))
    await expect(onCancel).toHaveBeenCalledOnce()
  },
})
