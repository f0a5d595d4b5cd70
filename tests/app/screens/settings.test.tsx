import '../helpers/setup.ts'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { setLoggedIn } from '../../../app/state/user.ts'
import { isDisabled, path, renderApp, toasts } from '../helpers/render.tsx'
import { apiError, http as mock, ok, sent, server, testUserDetailed } from '../helpers/server.ts'

async function openSettings() {
  setLoggedIn(true)
  localStorage.setItem('hasPreviouslyLoggedIn', 'true')
  const view = renderApp('/settings')
  await screen.findByRole('heading', { name: 'Account' })
  return view
}

describe('settings layout (SPEC §2)', () => {
  it('has a left menu with a HOME link to /home and the Account and General sections', async () => {
    const { user } = await openSettings()
    const menu = screen.getByRole('navigation', { name: 'Settings' })
    expect(within(menu).getByRole('link', { name: 'HOME' }).getAttribute('href')).toBe('/home')
    expect(within(menu).getByRole('button', { name: 'Account' }).getAttribute('aria-current')).toBe('page')
    await user.click(within(menu).getByRole('button', { name: 'General' }))
    expect(screen.getByRole('heading', { name: 'General' })).toBeTruthy()
    await user.click(within(menu).getByRole('link', { name: 'HOME' }))
    expect(path()).toBe('/home')
  })

  it('on mobile the menu is collapsed behind a toggle', async () => {
    const { setViewportWidth } = await import('../helpers/dom.ts')
    setViewportWidth(600)
    const { user } = await openSettings()
    expect(screen.queryByRole('navigation', { name: 'Settings' })).toBeNull()
    const toggle = screen.getByRole('button', { name: 'Settings menu' })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    await user.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    await user.click(
      within(screen.getByRole('navigation', { name: 'Settings' })).getByRole('button', { name: 'General' }),
    )
    expect(screen.getByRole('heading', { name: 'General' })).toBeTruthy()
    expect(screen.queryByRole('navigation', { name: 'Settings' })).toBeNull()
  })
})

describe('settings: account (SPEC §2, §8)', () => {
  it('shows the email, and no Resend once verified', async () => {
    await openSettings()
    expect(await screen.findByText('ada@example.com')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Resend' })).toBeNull()
  })

  it('offers Resend while unverified: "Email Verification Resent", then the 1-minute dialog', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    server.use(
      mock.get('*/user-service/user-detailed', () => ok({ ...testUserDetailed, emailVerified: false })),
      mock.patch('*/user-service/resend-verify-email', () => ok()),
    )
    const { user } = await openSettings()
    await user.click(await screen.findByRole('button', { name: 'Resend' }))
    expect(await toasts().findByText('Email Verification Resent')).toBeTruthy()
    vi.setSystemTime(Date.now() + 30_000)
    await user.click(screen.getByRole('button', { name: 'Resend' }))
    expect(await screen.findByRole('alertdialog', { name: 'Please wait 1 minute before resending' })).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Okay' }))
    expect(sent('/user-service/resend-verify-email')).toHaveLength(1)
    vi.setSystemTime(Date.now() + 30_000)
    await user.click(screen.getByRole('button', { name: 'Resend' }))
    await waitFor(() => expect(sent('/user-service/resend-verify-email')).toHaveLength(2))
  })

  it('given the resend fails, then "Error Resending Email Verification"', async () => {
    server.use(
      mock.get('*/user-service/user-detailed', () => ok({ ...testUserDetailed, emailVerified: false })),
      mock.patch('*/user-service/resend-verify-email', () => apiError(403)),
    )
    const { user } = await openSettings()
    await user.click(await screen.findByRole('button', { name: 'Resend' }))
    expect(await toasts().findByText('Error Resending Email Verification')).toBeTruthy()
  })

  it('given the server still counts the minute (429, e.g. right after sign-up mailed), then the wait dialog and no error', async () => {
    server.use(
      mock.get('*/user-service/user-detailed', () => ok({ ...testUserDetailed, emailVerified: false })),
      mock.patch('*/user-service/resend-verify-email', () => apiError(429)),
    )
    const { user } = await openSettings()
    await user.click(await screen.findByRole('button', { name: 'Resend' }))
    expect(await screen.findByRole('alertdialog', { name: 'Please wait 1 minute before resending' })).toBeTruthy()
    expect(screen.queryByText('Error Resending Email Verification')).toBeNull()
  })
})

async function openChangePassword() {
  const view = await openSettings()
  await view.user.click(screen.getByRole('button', { name: 'Change password' }))
  const dialog = await screen.findByRole('dialog', { name: 'Change password' })
  return { ...view, dialog }
}

async function fillChange(
  user: Awaited<ReturnType<typeof openSettings>>['user'],
  current: string,
  next: string,
  verify: string,
) {
  for (const [label, value] of [
    ['Current password', current],
    ['New password', next],
    ['Verify new password', verify],
  ] as const) {
    if (!value) continue
    await user.click(screen.getByLabelText(label))
    await user.paste(value)
  }
}

const submitButton = () => screen.getByRole('button', { name: 'Submit' })

describe('settings: change password (SPEC §2, §5, §8)', () => {
  it.each([
    ['nothing filled', '', '', ''],
    ['no current password', '', 'secret1', 'secret1'],
    ['no new password', 'old-pass', '', 'secret1'],
    ['no verify', 'old-pass', 'secret1', ''],
    ['new and verify differ', 'old-pass', 'secret1', 'secret2'],
    ['a new password under 6 characters', 'old-pass', 'abc', 'abc'],
  ])('Submit is disabled with %s', async (_case, current, next, verify) => {
    const { user } = await openChangePassword()
    await fillChange(user, current, next, verify)
    expect(isDisabled(submitButton())).toBe(true)
  })

  it('shows the length and mismatch messages', async () => {
    const { user } = await openChangePassword()
    await fillChange(user, 'old-pass', 'abc', '')
    expect(screen.getByRole('alert').textContent).toBe('Password must be at least 6 characters')
    await user.clear(screen.getByLabelText('New password'))
    await fillChange(user, '', 'secret1', 'secret2')
    expect(screen.getByRole('alert').textContent).toBe('Passwords do not match')
  })

  it('given success, then "Password Changed" and the modal closes', async () => {
    server.use(mock.patch('*/user-service/change-password', () => ok()))
    const { user, dialog } = await openChangePassword()
    await fillChange(user, 'old-pass', 'secret1', 'secret1')
    expect(isDisabled(submitButton())).toBe(false)
    await user.click(submitButton())
    expect(await toasts().findByText('Password Changed')).toBeTruthy()
    await waitFor(() => expect(dialog.isConnected).toBe(false))
    expect(sent('/user-service/change-password')[0]!.body).toEqual({ oldPassword: 'old-pass', newPassword: 'secret1' })
  })

  it.each([
    [401, 'Incorrect password'],
    [400, 'Error changing password'],
    [500, 'Error changing password'],
  ])('given HTTP %i, then the toast "%s" and the modal stays', async (status, message) => {
    server.use(mock.patch('*/user-service/change-password', () => apiError(status)))
    const { user, dialog } = await openChangePassword()
    await fillChange(user, 'old-pass', 'secret1', 'secret1')
    await user.click(submitButton())
    expect(await toasts().findByText(message)).toBeTruthy()
    expect(dialog.isConnected).toBe(true)
  })
})

describe('settings: logout (SPEC §2, §8)', () => {
  it('Logout asks first; cancel keeps the session', async () => {
    const { user } = await openSettings()
    await user.click(screen.getByRole('button', { name: 'Logout' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Logout?' })
    await user.click(within(confirm).getByRole('button', { name: 'cancel' }))
    await waitFor(() => expect(confirm.isConnected).toBe(false))
    expect(sent('/user-service/logout')).toHaveLength(0)
    expect(path()).toBe('/settings')
  })

  it('Logout → Yes: "Logging out...", "Logged out", the flag removed, and /', async () => {
    let release!: () => void
    server.use(
      mock.post('*/user-service/logout', () => new Promise<Response>((resolve) => (release = () => resolve(ok())))),
    )
    const { user } = await openSettings()
    await user.click(screen.getByRole('button', { name: 'Logout' }))
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Logout?' })).getByRole('button', { name: 'Yes' }),
    )
    expect(await toasts().findByText('Logging out...')).toBeTruthy()
    release()
    expect(await toasts().findByText('Logged out')).toBeTruthy()
    await waitFor(() => expect(path()).toBe('/'))
    expect(screen.getByRole('heading', { name: 'Login to your account' })).toBeTruthy()
    expect(localStorage.getItem('hasPreviouslyLoggedIn')).toBeNull()
    expect(sent('/user-service/logout-all')).toHaveLength(0)
  })

  it('given the logout fails, then "Error Logging Out" and the user stays', async () => {
    server.use(mock.post('*/user-service/logout', () => apiError(500)))
    const { user } = await openSettings()
    await user.click(screen.getByRole('button', { name: 'Logout' }))
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Logout?' })).getByRole('button', { name: 'Yes' }),
    )
    expect(await toasts().findByText('Error Logging Out')).toBeTruthy()
    expect(path()).toBe('/settings')
    expect(localStorage.getItem('hasPreviouslyLoggedIn')).toBe('true')
  })

  it('Logout all sessions → Yes calls POST /user-service/logout-all (not logout): "Logging out all...", "Logged out all", /', async () => {
    let release!: () => void
    server.use(
      mock.post('*/user-service/logout-all', () => new Promise<Response>((resolve) => (release = () => resolve(ok())))),
    )
    const { user } = await openSettings()
    await user.click(screen.getByRole('button', { name: 'Logout all sessions' }))
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Logout all sessions?' })).getByRole('button', {
        name: 'Yes',
      }),
    )
    expect(await toasts().findByText('Logging out all...')).toBeTruthy()
    release()
    expect(await toasts().findByText('Logged out all')).toBeTruthy()
    await waitFor(() => expect(path()).toBe('/'))
    expect(sent('/user-service/logout-all')).toHaveLength(1)
    expect(sent('/user-service/logout')).toHaveLength(0)
    expect(localStorage.getItem('hasPreviouslyLoggedIn')).toBeNull()
  })

  it('given logout-all fails, then "Error Logging Out all"', async () => {
    server.use(mock.post('*/user-service/logout-all', () => apiError(500)))
    const { user } = await openSettings()
    await user.click(screen.getByRole('button', { name: 'Logout all sessions' }))
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Logout all sessions?' })).getByRole('button', {
        name: 'Yes',
      }),
    )
    expect(await toasts().findByText('Error Logging Out all')).toBeTruthy()
    expect(path()).toBe('/settings')
  })
})

describe('settings: general (SPEC §2 table, §3 keys)', () => {
  const choose = async (user: Awaited<ReturnType<typeof openSettings>>['user'], label: string, option: string) => {
    await user.click(screen.getByRole('combobox', { name: label }))
    await user.click(await screen.findByRole('option', { name: option }))
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull())
  }

  it('shows the five selects and Theme, each with its description, default and options', async () => {
    const { user } = await openSettings()
    await user.click(screen.getByRole('button', { name: 'General' }))
    const expected: Array<[string, string, string, string[]]> = [
      ['File list style', 'Show your files as cards with previews, or as a compact list.', 'Grid', ['Grid', 'List']],
      ['Sort by', 'Order files by the date they were added, or by name.', 'Date', ['Date', 'Name']],
      ['Order by', 'Descending lists the newest (or Z) first.', 'Descending', ['Descending', 'Ascending']],
      [
        'Single click to enter folders',
        'Open a folder with one click instead of two.',
        'Disabled',
        ['Disabled', 'Enabled'],
      ],
      ['Load thumbnails', 'Show image and video previews; turn off to save data.', 'Enabled', ['Enabled', 'Disabled']],
      ['Theme', 'Follow your device, or always use light or dark colours.', 'System', ['System', 'Light', 'Dark']],
    ]
    expect(screen.getAllByRole('combobox')).toHaveLength(expected.length)
    for (const [label, description, value, options] of expected) {
      const select = screen.getByRole('combobox', { name: label, description })
      // One row per setting: the visible label above its description, and the control beside them.
      const text = document.getElementById(select.getAttribute('aria-describedby')!)!.parentElement!
      expect(within(text).getByText(label)).toBeTruthy()
      expect(text.parentElement!.contains(select)).toBe(true)
      expect(select.textContent).toContain(value)
      await user.click(select)
      expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(options)
      await user.keyboard('{Escape}')
      await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull())
    }
  })

  it('persists every choice under its key as "true", and removes the key when set back', async () => {
    const { user } = await openSettings()
    await user.click(screen.getByRole('button', { name: 'General' }))
    await choose(user, 'File list style', 'List')
    await choose(user, 'Sort by', 'Name')
    await choose(user, 'Order by', 'Ascending')
    await choose(user, 'Single click to enter folders', 'Enabled')
    await choose(user, 'Load thumbnails', 'Disabled')
    expect({ ...localStorage }).toMatchObject({
      'list-mode': 'true',
      'sort-name': 'true',
      'order-asc': 'true',
      'single-click-folders': 'true',
      'not-load-thumbnails': 'true',
    })
    await choose(user, 'File list style', 'Grid')
    await choose(user, 'Sort by', 'Date')
    await choose(user, 'Order by', 'Descending')
    await choose(user, 'Single click to enter folders', 'Disabled')
    await choose(user, 'Load thumbnails', 'Enabled')
    for (const key of ['list-mode', 'sort-name', 'order-asc', 'single-click-folders', 'not-load-thumbnails']) {
      expect(localStorage.getItem(key)).toBeNull()
    }
  })

  it('Theme applies at once on <html> and is stored; System removes both', async () => {
    const { user } = await openSettings()
    await user.click(screen.getByRole('button', { name: 'General' }))
    const root = document.documentElement
    expect(root.hasAttribute('data-theme')).toBe(false)
    await choose(user, 'Theme', 'Dark')
    expect(root.getAttribute('data-theme')).toBe('dark')
    expect(localStorage.getItem('theme')).toBe('dark')
    await choose(user, 'Theme', 'Light')
    expect(root.getAttribute('data-theme')).toBe('light')
    expect(localStorage.getItem('theme')).toBe('light')
    await choose(user, 'Theme', 'System')
    expect(root.hasAttribute('data-theme')).toBe(false)
    expect(localStorage.getItem('theme')).toBeNull()
  })
})
