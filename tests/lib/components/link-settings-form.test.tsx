import { screen, within } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { type LinkSettings, LinkSettingsForm } from '../../../lib/index.ts'
import { expectNoAxeViolations } from '../helpers/axe.ts'
import { setup } from '../helpers/render.tsx'

// A fixed clock: 10:30 local on 1 March 2030, so "in the past" does not depend on today.
const now = () => new Date(2030, 2, 1, 10, 30)
const local = (year: number, month: number, day: number, hour: number, minute = 0) =>
  new Date(year, month, day, hour, minute).toISOString()

const field = (name: string) => screen.getByLabelText<HTMLInputElement>(name, { selector: 'input' })
const box = (name: string) => screen.getByRole<HTMLInputElement>('checkbox', { name })

describe('LinkSettingsForm', () => {
  it('given no settings, then every option is off and Save submits none', async () => {
    const onSubmit = vi.fn()
    const { user } = setup(<LinkSettingsForm onSubmit={onSubmit} now={now} aria-label="Link settings" />)
    expect(
      screen.getAllByRole('checkbox').map((c) => [c.closest('label')?.textContent, (c as HTMLInputElement).checked]),
    ).toEqual([
      ['Expires', false],
      ['Require a password', false],
      ['Limit downloads', false],
    ])
    // No size limits on a view link, and no Cancel without onCancel.
    expect(screen.queryByRole('checkbox', { name: 'Limit file size' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull()
    await expectNoAxeViolations()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(onSubmit).toHaveBeenCalledWith({ expiresAt: null, maxDownloads: null })
  })

  it('shows the given settings and submits them unchanged, the password left as it is', async () => {
    const onSubmit = vi.fn()
    const value: LinkSettings = { expiresAt: local(2030, 5, 30, 18), maxDownloads: 10 }
    const { user } = setup(<LinkSettingsForm defaultValue={value} hasPassword onSubmit={onSubmit} now={now} />)
    expect(box('Expires').checked).toBe(true)
    expect(field('Expires on').value).toBe('2030-06-30T18:00')
    expect(box('Require a password').checked).toBe(true)
    expect(field('Password').value).toBe('')
    expect(screen.getByText('Password set — type a new one to change it')).toBeTruthy()
    expect(field('Downloads allowed').value).toBe('10')
    await expectNoAxeViolations()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(onSubmit).toHaveBeenCalledWith({ expiresAt: local(2030, 5, 30, 18), maxDownloads: 10 })
    expect(onSubmit.mock.calls[0]![0]).not.toHaveProperty('password')
  })

  it('switching Expires on proposes a week from now on the hour, and reports each edit', async () => {
    const onValueChange = vi.fn()
    const { user } = setup(<LinkSettingsForm onSubmit={() => {}} onValueChange={onValueChange} now={now} />)
    await user.click(box('Expires'))
    expect(field('Expires on').value).toBe('2030-03-08T10:00')
    expect(onValueChange).toHaveBeenLastCalledWith({ expiresAt: local(2030, 2, 8, 10), maxDownloads: null })
    await user.click(box('Limit downloads'))
    await user.type(field('Downloads allowed'), '5')
    expect(onValueChange).toHaveBeenLastCalledWith({ expiresAt: local(2030, 2, 8, 10), maxDownloads: 5 })
  })

  it('given an expiry in the past and a limit below 1, then Save shows both messages, focuses the first and submits nothing', async () => {
    const onSubmit = vi.fn()
    const { user } = setup(
      <LinkSettingsForm
        defaultValue={{ expiresAt: local(2030, 1, 1, 9), maxDownloads: null }}
        onSubmit={onSubmit}
        now={now}
      />,
    )
    await user.click(box('Limit downloads'))
    await user.type(field('Downloads allowed'), '0')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(onSubmit).not.toHaveBeenCalled()
    const expiry = field('Expires on')
    expect(expiry).toHaveProperty('ariaInvalid', 'true')
    expect(document.activeElement).toBe(expiry)
    expect(document.getElementById(expiry.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Choose a date and time in the future.',
    )
    const limit = field('Downloads allowed')
    expect(document.getElementById(limit.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Enter a whole number of 1 or more.',
    )
    await expectNoAxeViolations()
    // Fixed, the messages go (they follow the fields once Save was tried) and Save goes through.
    await user.clear(expiry)
    await user.type(expiry, '2030-04-01T12:00')
    await user.clear(limit)
    await user.type(limit, '3')
    expect(screen.queryByText('Choose a date and time in the future.')).toBeNull()
    expect(screen.queryByText('Enter a whole number of 1 or more.')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(onSubmit).toHaveBeenCalledWith({ expiresAt: local(2030, 3, 1, 12), maxDownloads: 3 })
  })

  it('flags a bad limit when the field is left, before any Save; a fraction is not a limit', async () => {
    const { user } = setup(<LinkSettingsForm onSubmit={() => {}} now={now} />)
    await user.click(box('Limit downloads'))
    await user.type(field('Downloads allowed'), '2.5')
    expect(screen.queryByText('Enter a whole number of 1 or more.')).toBeNull()
    await user.tab()
    expect(screen.getByText('Enter a whole number of 1 or more.')).toBeTruthy()
  })

  it('a new password needs text; with one already set, unchecking or Remove password sends null', async () => {
    const onSubmit = vi.fn()
    const first = setup(<LinkSettingsForm onSubmit={onSubmit} now={now} />)
    await first.user.click(box('Require a password'))
    await first.user.click(screen.getByRole('button', { name: 'Save' }))
    expect(onSubmit).not.toHaveBeenCalled()
    expect(screen.getByText('Type a password, or turn the password off.')).toBeTruthy()
    await first.user.type(field('Password'), 'hunter2')
    await first.user.click(screen.getByRole('button', { name: 'Save' }))
    expect(onSubmit).toHaveBeenLastCalledWith({ expiresAt: null, maxDownloads: null, password: 'hunter2' })
    first.unmount()

    const { user } = setup(<LinkSettingsForm hasPassword onSubmit={onSubmit} now={now} />)
    await user.click(screen.getByRole('button', { name: 'Remove password' }))
    // Focus stays on the switch, which now reads off, and the form says what Save will do.
    expect(document.activeElement).toBe(box('Require a password'))
    expect(box('Require a password').checked).toBe(false)
    expect(screen.getByText('The password will be removed when you save.')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(onSubmit).toHaveBeenLastCalledWith({ expiresAt: null, maxDownloads: null, password: null })
    // Switched back on with the field empty: the current password stays.
    await user.click(box('Require a password'))
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(onSubmit.mock.lastCall![0]).toEqual({ expiresAt: null, maxDownloads: null })
  })

  it('for a file request, offers a file-count limit: a whole number of 1 or more, shown back from the value', async () => {
    const onSubmit = vi.fn()
    const { user } = setup(
      <LinkSettingsForm
        access="upload"
        defaultValue={{ expiresAt: null, maxDownloads: null, maxFiles: 3 }}
        onSubmit={onSubmit}
        now={now}
      />,
    )
    expect(field('Files allowed').value).toBe('3')
    await user.clear(field('Files allowed'))
    await user.type(field('Files allowed'), '2.5')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(screen.getByText('Enter a whole number of 1 or more.')).toBeTruthy()
    expect(onSubmit).not.toHaveBeenCalled()
    await user.clear(field('Files allowed'))
    await user.type(field('Files allowed'), '12')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(onSubmit).toHaveBeenCalledWith({
      expiresAt: null,
      maxDownloads: null,
      maxFileSize: null,
      maxTotalBytes: null,
      maxFiles: 12,
    })
    await user.click(box('Limit number of files'))
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(onSubmit.mock.lastCall![0]).toMatchObject({ maxFiles: null })
  })

  it('for a file request, offers the size limits in MB or GB (bytes out) instead of a download limit', async () => {
    const onSubmit = vi.fn()
    const { user } = setup(
      <LinkSettingsForm
        access="upload"
        defaultValue={{ expiresAt: null, maxDownloads: null, maxFileSize: 2 * 1024 ** 3 }}
        onSubmit={onSubmit}
        now={now}
      />,
    )
    expect(screen.queryByRole('checkbox', { name: 'Limit downloads' })).toBeNull()
    expect(field('Maximum file size').value).toBe('2')
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Maximum file size unit' }).value).toBe('GB')
    await user.click(box('Limit total size'))
    await user.type(field('Maximum total'), '500')
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Maximum total unit' }).value).toBe('MB')
    await expectNoAxeViolations()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(onSubmit).toHaveBeenCalledWith({
      expiresAt: null,
      maxDownloads: null,
      maxFileSize: 2 * 1024 ** 3,
      maxTotalBytes: 500 * 1024 ** 2,
      maxFiles: null,
    })
    await user.selectOptions(screen.getByRole('combobox', { name: 'Maximum total unit' }), 'GB')
    await user.clear(field('Maximum file size'))
    await user.type(field('Maximum file size'), '0')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(screen.getByText('Enter a size greater than 0.')).toBeTruthy()
    expect(onSubmit).toHaveBeenCalledOnce()
  })

  it('shows an outside error as an alert, Cancel calls onCancel, and busy ignores a second Save', async () => {
    const onSubmit = vi.fn()
    const onCancel = vi.fn()
    const { user, rerender } = setup(
      <LinkSettingsForm onSubmit={onSubmit} onCancel={onCancel} error="The link was revoked." now={now} />,
    )
    expect(screen.getByRole('alert').textContent).toBe('The link was revoked.')
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(onCancel).toHaveBeenCalledOnce()
    rerender(<LinkSettingsForm onSubmit={onSubmit} onCancel={onCancel} busy now={now} />)
    const save = screen.getByRole('button', { name: 'Save' })
    expect(save.getAttribute('aria-busy')).toBe('true')
    await user.click(save)
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('is keyboard operable: Space switches an option, Enter in a field saves', async () => {
    const onSubmit = vi.fn()
    const { user } = setup(<LinkSettingsForm onSubmit={onSubmit} now={now} />)
    await user.tab()
    expect(document.activeElement).toBe(box('Expires'))
    await user.tab()
    await user.tab()
    expect(document.activeElement).toBe(box('Limit downloads'))
    await user.keyboard(' ')
    await user.tab()
    expect(document.activeElement).toBe(field('Downloads allowed'))
    await user.keyboard('7{Enter}')
    expect(onSubmit).toHaveBeenCalledWith({ expiresAt: null, maxDownloads: 7 })
  })

  it('controlled: follows a new value from outside but not its own echo', async () => {
    function Controlled() {
      const [value, setValue] = useState<LinkSettings>({ expiresAt: null, maxDownloads: 2 })
      return (
        <>
          <button type="button" onClick={() => setValue({ expiresAt: null, maxDownloads: 9 })}>
            Reset
          </button>
          <LinkSettingsForm value={value} onValueChange={setValue} onSubmit={() => {}} now={now} />
        </>
      )
    }
    const { user } = setup(<Controlled />)
    // An edit that is not valid yet reports no limit; the echo must not wipe what was typed.
    await user.clear(field('Downloads allowed'))
    expect(field('Downloads allowed').value).toBe('')
    expect(box('Limit downloads').checked).toBe(true)
    await user.type(field('Downloads allowed'), '4')
    expect(field('Downloads allowed').value).toBe('4')
    await user.click(screen.getByRole('button', { name: 'Reset' }))
    expect(field('Downloads allowed').value).toBe('9')
    expect(within(document.body).getAllByRole('checkbox')).toHaveLength(3)
  })
})
