// Settings → Account, issue #20: storage used, Devices, App passwords and Activity.
import '../helpers/setup.ts'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { setLoggedIn } from '../../../app/state/user.ts'
import { isDisabled, path, renderApp, toasts } from '../helpers/render.tsx'
import { apiError, http as mock, ok, sent, server, testUser, testUserDetailed } from '../helpers/server.ts'

async function openSettings() {
  setLoggedIn(true)
  localStorage.setItem('hasPreviouslyLoggedIn', 'true')
  const view = renderApp('/settings')
  await screen.findByRole('heading', { name: 'Account' })
  return view
}

const at = '2026-11-20T10:00:00.000Z'
const thisDevice = {
  _id: 's1',
  current: true,
  browser: 'Firefox 133',
  os: 'Linux',
  ip: '192.0.2.1',
  createdAt: at,
  lastSeenAt: at,
}
const phone = {
  _id: 's2',
  current: false,
  browser: 'Safari 18',
  os: 'iOS 18',
  ip: '198.51.100.7',
  createdAt: at,
  lastSeenAt: at,
}
const unknown = { _id: 's3', current: false, browser: null, os: null, ip: null, createdAt: at, lastSeenAt: at }

const devices = () => within(screen.getByRole('list', { name: 'Devices' }))

describe('settings → account: storage (issue #20)', () => {
  it('shows "X of Y used" with a quota', async () => {
    server.use(
      mock.get('*/user-service/user-detailed', () =>
        ok({ ...testUserDetailed, used: 512 * 1024 ** 2, quota: 1024 ** 3 }),
      ),
    )
    await openSettings()
    expect(await screen.findByText('512 MB of 1 GB used')).toBeTruthy()
  })
})

describe('settings → account: devices (DESIGN §7)', () => {
  it('lists each session with browser and OS, address, times, and "This device"', async () => {
    server.use(mock.get('*/user-service/sessions', () => ok({ sessions: [thisDevice, phone, unknown] })))
    await openSettings()
    await screen.findByRole('list', { name: 'Devices' })
    const items = devices().getAllByRole('listitem')
    expect(items).toHaveLength(3)
    expect(items[0]!.textContent).toContain('Firefox 133 on Linux')
    expect(within(items[0]!).getByText('This device')).toBeTruthy()
    expect(items[1]!.textContent).toContain('Safari 18 on iOS 18')
    expect(items[1]!.textContent).toContain('Address 198.51.100.7')
    expect(items[1]!.textContent).toMatch(/Signed in \d\d\/\d\d\/2026 \d\d:\d\d[AP]M · Last seen/)
    expect(within(items[1]!).queryByText('This device')).toBeNull()
    expect(items[2]!.textContent).toContain('Unknown browser on unknown system')
    expect(items[2]!.textContent).not.toContain('Address')
  })

  it('Sign out asks first, sends DELETE /user-service/sessions/{id}, and reads the list again', async () => {
    let sessions = [thisDevice, phone]
    server.use(
      mock.get('*/user-service/sessions', () => ok({ sessions })),
      mock.delete('*/user-service/sessions/:id', ({ params }) => {
        sessions = sessions.filter((s) => s._id !== params.id)
        return ok()
      }),
    )
    const { user } = await openSettings()
    await screen.findByRole('list', { name: 'Devices' })
    await user.click(devices().getByRole('button', { name: 'Sign out Safari 18 on iOS 18' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Sign out Safari 18 on iOS 18?' })
    expect(sent('/user-service/sessions/s2', 'DELETE')).toHaveLength(0)
    await user.click(within(confirm).getByRole('button', { name: 'Sign out' }))
    expect(await toasts().findByText('Device signed out')).toBeTruthy()
    await waitFor(() => expect(devices().getAllByRole('listitem')).toHaveLength(1))
    expect(sent('/user-service/sessions/s2', 'DELETE')).toHaveLength(1)
  })

  it('a refusal shows under the device, with the server’s reason', async () => {
    server.use(
      mock.get('*/user-service/sessions', () => ok({ sessions: [thisDevice, phone] })),
      mock.delete('*/user-service/sessions/:id', () => apiError(404, 'NOT_FOUND', 'Session not found')),
    )
    const { user } = await openSettings()
    await screen.findByRole('list', { name: 'Devices' })
    await user.click(devices().getByRole('button', { name: 'Sign out Safari 18 on iOS 18' }))
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sign out' }))
    const row = devices().getAllByRole('listitem')[1]!
    expect((await within(row).findByRole('alert')).textContent).toBe('Error signing out the device: Session not found')
  })

  it('Sign out on this device is the account’s Logout (its own confirmation), not a session delete', async () => {
    server.use(mock.post('*/user-service/logout', () => ok()))
    const { user } = await openSettings()
    await screen.findByRole('list', { name: 'Devices' })
    await user.click(devices().getByRole('button', { name: 'Sign out Firefox 133 on Linux (This device)' }))
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Logout?' })).getByRole('button', { name: 'Yes' }),
    )
    await waitFor(() => expect(path()).toBe('/'))
    expect(sent('/user-service/logout')).toHaveLength(1)
    expect(sent('/user-service/sessions/s1', 'DELETE')).toHaveLength(0)
  })
})

const appPasswords = () => within(screen.getByRole('list', { name: 'App passwords' }))

describe('settings → account: app passwords (DESIGN §7)', () => {
  it('lists each with its access, creation and last use; "No app passwords" when none', async () => {
    server.use(
      mock.get('*/user-service/app-passwords', () =>
        ok({
          appPasswords: [
            { _id: 'a1', name: 'Laptop backup', scope: 'write', createdAt: at, lastUsedAt: at },
            { _id: 'a2', name: 'Photo frame', scope: 'read', createdAt: at, lastUsedAt: null },
          ],
        }),
      ),
    )
    await openSettings()
    await screen.findByRole('list', { name: 'App passwords' })
    const [laptop, frame] = appPasswords().getAllByRole('listitem')
    expect(laptop!.textContent).toMatch(/^Laptop backupRead and write · Created .* · Last used \d\d\/\d\d\/2026/)
    expect(frame!.textContent).toContain('Read · Created')
    expect(frame!.textContent).toContain('Never used')
  })

  it('shows the WebDAV address the server gives beside them, with Copy', async () => {
    server.use(
      mock.get('*/user-service/app-passwords', () => ok({ appPasswords: [], davUrl: 'https://cloud.example/dav/' })),
    )
    const { user } = await openSettings()
    const field = await screen.findByRole('textbox', { name: 'WebDAV address' })
    expect((field as HTMLInputElement).value).toBe('https://cloud.example/dav/')
    expect((field as HTMLInputElement).readOnly).toBe(true)
    await user.click(within(field.closest('div')!.parentElement!).getByRole('button', { name: 'Copy' }))
    expect(await navigator.clipboard.readText()).toBe('https://cloud.example/dav/')
    expect(await toasts().findByText('WebDAV address copied')).toBeTruthy()
  })

  it('create: a name, Read or Read and write, and the password again; the secret is shown once with Copy; the list reads again', async () => {
    let list: unknown[] = []
    server.use(
      mock.get('*/user-service/app-passwords', () => ok({ appPasswords: list })),
      mock.post('*/user-service/app-passwords', () => {
        const appPassword = { _id: 'a9', name: 'NAS sync', scope: 'write', createdAt: at, lastUsedAt: null }
        list = [appPassword]
        return ok({ appPassword, secret: 'cmls_s3cr3t' }, 201)
      }),
    )
    const { user } = await openSettings()
    expect(await screen.findByText('No app passwords')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Create app password' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create app password' })
    const create = within(dialog).getByRole('button', { name: 'Create' })
    expect(isDisabled(create)).toBe(true)
    await user.type(within(dialog).getByLabelText('Name'), '  NAS sync ')
    await user.click(within(dialog).getByRole('combobox', { name: 'Access' }))
    await user.click(await screen.findByRole('option', { name: 'Read and write' }))
    expect(isDisabled(create)).toBe(true)
    await user.type(within(dialog).getByLabelText('Your password'), 'my-password')
    await user.click(create)
    const shown = await screen.findByRole('dialog', { name: 'Your new app password' })
    expect(sent('/user-service/app-passwords', 'POST')[0]?.body).toEqual({
      name: 'NAS sync',
      scope: 'write',
      password: 'my-password',
    })
    expect((within(shown).getByLabelText('App password') as HTMLInputElement).value).toBe('cmls_s3cr3t')
    expect(within(shown).getByText('Copy it now: it will not be shown again.')).toBeTruthy()
    await user.click(within(shown).getByRole('button', { name: 'Copy' }))
    expect(await navigator.clipboard.readText()).toBe('cmls_s3cr3t')
    expect(await toasts().findByText('App password copied')).toBeTruthy()
    await user.click(within(shown).getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Your new app password' })).toBeNull())
    expect(appPasswords().getAllByRole('listitem')[0]!.textContent).toContain('NAS sync')
    // Shown once: nothing on the page holds the secret any more.
    expect(document.body.innerHTML).not.toContain('cmls_s3cr3t')
  })

  it.each([
    ['a refused name', 409, 'NAME_TAKEN', 'An app password named "NAS" exists'],
    ['a wrong password', 401, 'INCORRECT_PASSWORD', 'Incorrect password'],
  ])('%s: the create stays in the dialog with the server’s reason', async (_what, status, code, reason) => {
    server.use(mock.post('*/user-service/app-passwords', () => apiError(status, code, reason)))
    const { user } = await openSettings()
    await user.click(await screen.findByRole('button', { name: 'Create app password' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create app password' })
    await user.type(within(dialog).getByLabelText('Name'), 'NAS')
    await user.type(within(dialog).getByLabelText('Your password'), 'my-password')
    await user.click(within(dialog).getByRole('button', { name: 'Create' }))
    expect((await within(dialog).findByRole('alert')).textContent).toBe(`Error creating the app password: ${reason}`)
  })

  it('Revoke asks first, then DELETE /user-service/app-passwords/{id}', async () => {
    let list = [{ _id: 'a1', name: 'Laptop backup', scope: 'write', createdAt: at, lastUsedAt: null }]
    server.use(
      mock.get('*/user-service/app-passwords', () => ok({ appPasswords: list })),
      mock.delete('*/user-service/app-passwords/:id', () => {
        list = []
        return ok()
      }),
    )
    const { user } = await openSettings()
    await screen.findByRole('list', { name: 'App passwords' })
    await user.click(appPasswords().getByRole('button', { name: 'Revoke Laptop backup' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Revoke “Laptop backup”?' })
    expect(within(confirm).getByText('Apps and scripts using it will stop working.')).toBeTruthy()
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }))
    expect(await toasts().findByText('App password revoked')).toBeTruthy()
    expect(await screen.findByText('No app passwords')).toBeTruthy()
    expect(sent('/user-service/app-passwords/a1', 'DELETE')).toHaveLength(1)
  })
})

describe('settings → account: activity (issue #20 audit log)', () => {
  it('lists the user’s own events in words, a page at a time behind "Show more"', async () => {
    const event = (n: number, type: string, extra = {}) => ({
      _id: `e${n}`,
      type,
      createdAt: at,
      ip: '192.0.2.1',
      email: testUser.email,
      actorEmail: null,
      detail: null,
      ...extra,
    })
    server.use(
      mock.get('*/user-service/audit', ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor')
        if (!cursor)
          return ok({
            events: [event(1, 'sign-in'), event(2, 'app-password.create', { detail: 'NAS sync' })],
            nextCursor: 'e2',
          })
        return ok({
          events: [
            event(3, 'admin.user.reset-password', { actorEmail: 'root@example.com' }),
            event(4, 'something.new'),
          ],
          nextCursor: null,
        })
      }),
    )
    const { user } = await openSettings()
    const list = within(await screen.findByRole('list', { name: 'Activity' }))
    expect(list.getAllByRole('listitem').map((li) => li.querySelector('span')!.textContent)).toEqual([
      'Signed in',
      'Created an app password: NAS sync',
    ])
    expect(sent('/user-service/audit')[0]?.search).toBe('?limit=20')
    await user.click(screen.getByRole('button', { name: 'Show more' }))
    await waitFor(() => expect(list.getAllByRole('listitem')).toHaveLength(4))
    expect(sent('/user-service/audit').at(-1)?.search).toBe('?limit=20&cursor=e2')
    const items = list.getAllByRole('listitem')
    expect(items[2]!.textContent).toContain('Reset a user’s password')
    expect(items[2]!.textContent).toContain('by root@example.com')
    expect(items[3]!.textContent).toContain('something.new')
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull()
  })

  it('names a member who changed something in a shared folder by display name, as text', async () => {
    server.use(
      mock.get('*/user-service/audit', () =>
        ok({
          events: [
            {
              _id: 'e1',
              type: 'drive.rename',
              createdAt: at,
              ip: null,
              email: testUser.email,
              actorEmail: 'ben@example.com',
              actorName: '<b>Ben</b>',
              detail: 'beach.txt → shore.txt',
            },
          ],
          nextCursor: null,
        }),
      ),
    )
    await openSettings()
    const list = within(await screen.findByRole('list', { name: 'Activity' }))
    const [entry] = list.getAllByRole('listitem')
    expect(entry!.textContent).toContain('Renamed in a shared folder: beach.txt → shore.txt')
    expect(entry!.textContent).toContain('by <b>Ben</b>')
    expect(entry!.textContent).not.toContain('ben@example.com')
    expect(entry!.querySelector('b')).toBeNull()
  })

  it('says "No activity yet" when there is none, and no Users menu for a user who is not an admin', async () => {
    await openSettings()
    expect(await screen.findByText('No activity yet')).toBeTruthy()
    expect(
      within(screen.getByRole('navigation', { name: 'Settings' })).queryByRole('button', { name: 'Users' }),
    ).toBeNull()
    expect(sent('/admin/users')).toHaveLength(0)
  })
})
