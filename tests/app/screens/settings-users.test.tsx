// Settings → Users, issue #20: the admin's view of every account.
import '../helpers/setup.ts'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { setLoggedIn } from '../../../app/state/user.ts'
import { renderApp, toasts } from '../helpers/render.tsx'
import { apiError, http as mock, ok, sent, server, testUser, testUserDetailed } from '../helpers/server.ts'

const GB = 1024 ** 3
const at = '2026-11-20T10:00:00.000Z'
const me = {
  _id: 'u1',
  email: testUser.email,
  displayName: 'Ada',
  role: 'admin',
  createdAt: at,
  disabled: false,
  quota: null,
  used: 2 * GB,
  fileCount: 120,
  lastActiveAt: at,
}
const bob = {
  _id: 'u2',
  email: 'bob@example.com',
  displayName: 'Bob',
  role: 'user',
  createdAt: at,
  disabled: false,
  quota: 5 * GB,
  used: 1.5 * GB,
  fileCount: 34,
  lastActiveAt: null,
}
const eve = {
  _id: 'u3',
  email: 'eve@example.com',
  displayName: 'Eve',
  role: 'user',
  createdAt: at,
  disabled: true,
  quota: 50 * GB,
  used: 0,
  fileCount: 1,
  lastActiveAt: at,
}

type Row = Omit<typeof me, 'quota' | 'lastActiveAt'> & { quota: number | null; lastActiveAt: string | null }

type Invite = {
  _id: string
  createdBy: { _id: string; email: string } | null
  email: string | null
  createdAt: string
  expiresAt: string
  usedAt: string | null
}
const later = '2099-01-01T10:00:00.000Z'
const forKid: Invite = {
  _id: 'i1',
  createdBy: { _id: 'u1', email: testUser.email },
  email: 'kid@example.com',
  createdAt: at,
  expiresAt: later,
  usedAt: null,
}
const usedLink: Invite = { _id: 'i2', createdBy: null, email: null, createdAt: at, expiresAt: later, usedAt: at }

/** An admin signed in, a /admin/users that applies PATCH and DELETE to `users`, and /admin/invites (DELETE applied). */
function serveAdmin(
  initial: Row[] = [me, bob, eve],
  { invites: initialInvites = [] as Invite[], mailEnabled = false } = {},
) {
  let users: Row[] = initial.map((u) => ({ ...u }))
  let invites = [...initialInvites]
  server.use(
    mock.get('*/admin/invites', () => ok({ invites, mailEnabled })),
    mock.delete('*/admin/invites/:id', ({ params }) => {
      invites = invites.filter((i) => i._id !== params.id)
      return ok({ message: 'Invite revoked' })
    }),
    mock.get('*/user-service/user-detailed', () => ok({ ...testUserDetailed, role: 'admin' })),
    mock.get('*/admin/users', () => ok({ users })),
    mock.get('*/admin/audit', () => ok({ events: [], nextCursor: null })),
    mock.patch('*/admin/users/:id', async ({ params, request }) => {
      const patch = (await request.json()) as Partial<Row>
      users = users.map((u) => (u._id === params.id ? { ...u, ...patch } : u))
      return ok({ user: users.find((u) => u._id === params.id) })
    }),
    mock.delete('*/admin/users/:id', ({ params }) => {
      users = users.filter((u) => u._id !== params.id)
      return ok()
    }),
  )
  return { users: () => users }
}

async function openUsers() {
  setLoggedIn(true)
  localStorage.setItem('hasPreviouslyLoggedIn', 'true')
  const view = renderApp('/settings')
  const menu = await screen.findByRole('navigation', { name: 'Settings' })
  await view.user.click(await within(menu).findByRole('button', { name: 'Users' }))
  await screen.findByRole('list', { name: 'Users' })
  return view
}

const rows = () => within(screen.getByRole('list', { name: 'Users' })).getAllByRole('listitem')
const rowOf = (email: string) => rows().find((li) => li.textContent!.includes(email))!

async function choose(user: Awaited<ReturnType<typeof openUsers>>['user'], email: string, action: string) {
  await user.click(within(rowOf(email)).getByRole('button', { name: `Actions for ${email}` }))
  await user.click(await screen.findByRole('menuitem', { name: action }))
}

describe('settings → users: the list (issue #20)', () => {
  it('admins get a Users section listing every account with usage, files, quota, last activity and state', async () => {
    serveAdmin()
    await openUsers()
    expect(rows()).toHaveLength(3)
    const mine = rowOf(me.email)
    expect(within(mine).getByText('You')).toBeTruthy()
    expect(within(mine).getByText('Admin')).toBeTruthy()
    expect(mine.textContent).toContain('2 GB used · 120 files · Last active')
    expect(mine.textContent).toContain('No quota')
    const bobRow = rowOf(bob.email)
    expect(bobRow.textContent).toContain('1.5 GB of 5 GB used · 34 files · Never signed in')
    expect(bobRow.textContent).toContain('Quota 5 GB')
    expect(within(rowOf(eve.email)).getByText('Disabled')).toBeTruthy()
    // Everyone's activity, each event naming its account.
    expect(within(await screen.findByRole('heading', { name: 'Activity of all users' })).queryByRole('list')).toBeNull()
    expect(screen.getAllByText('No activity yet')).toHaveLength(1)
    expect(sent('/admin/audit')[0]?.search).toBe('?limit=20')
  })

  it('everyone’s activity names the account of each event', async () => {
    serveAdmin()
    server.use(
      mock.get('*/admin/audit', () =>
        ok({
          events: [
            {
              _id: 'e1',
              type: 'sign-in.failed',
              createdAt: at,
              ip: '203.0.113.9',
              email: bob.email,
              actorEmail: null,
              detail: null,
            },
          ],
          nextCursor: null,
        }),
      ),
    )
    await openUsers()
    const list = await screen.findByRole('list', { name: 'Activity of all users' })
    expect(list.textContent).toContain('Failed sign-in')
    expect(list.textContent).toContain('bob@example.com · 203.0.113.9')
  })

  it('an admin action names the account it was about, and the activity reads again after one', async () => {
    serveAdmin()
    server.use(
      mock.get('*/admin/audit', () =>
        ok({
          events: [
            {
              _id: 'e1',
              type: 'admin.user.quota',
              createdAt: at,
              ip: null,
              email: bob.email,
              actorEmail: 'root@example.com',
              detail: '5 GB',
            },
          ],
          nextCursor: null,
        }),
      ),
    )
    const { user } = await openUsers()
    const list = await screen.findByRole('list', { name: 'Activity of all users' })
    expect(list.textContent).toContain('Changed a user’s quota: 5 GB')
    expect(list.textContent).toContain('for bob@example.com · by root@example.com')
    const read = sent('/admin/audit').length
    await choose(user, bob.email, 'Disable')
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Disable' }))
    await waitFor(() => expect(sent('/admin/audit').length).toBeGreaterThan(read))
  })

  it('a user whose role is not admin sees no Users menu (and the list is never read)', async () => {
    setLoggedIn(true)
    renderApp('/settings')
    await screen.findByRole('heading', { name: 'Account' })
    await screen.findByText('ada@example.com')
    expect(
      within(screen.getByRole('navigation', { name: 'Settings' })).queryByRole('button', { name: 'Users' }),
    ).toBeNull()
    expect(sent('/admin/users')).toHaveLength(0)
  })
})

describe('settings → users: create, invite (issue #20)', () => {
  it('Create user: email → the temporary password shown once, with Copy; the list reads again', async () => {
    const admin = serveAdmin()
    server.use(
      mock.post('*/admin/users', async ({ request }) => {
        const { email } = (await request.json()) as { email: string }
        const user = { ...bob, _id: 'u9', email, quota: null, used: 0, fileCount: 0 }
        admin.users().push(user)
        return ok({ user, temporaryPassword: 'Tmp-4821-kite' }, 201)
      }),
    )
    const { user } = await openUsers()
    await user.click(screen.getByRole('button', { name: 'Create user' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create user' })
    await user.type(within(dialog).getByLabelText('Email address'), 'carol@')
    expect(within(dialog).getByRole('alert').textContent).toBe('Email is invalid')
    await user.type(within(dialog).getByLabelText('Email address'), 'example.com')
    await user.click(within(dialog).getByRole('button', { name: 'Create' }))
    const shown = await screen.findByRole('dialog', { name: 'User created' })
    expect(sent('/admin/users', 'POST')[0]?.body).toEqual({ email: 'carol@example.com' })
    expect(
      within(shown).getByText(/^Give carol@example.com this temporary password\. It is shown only once/),
    ).toBeTruthy()
    expect((within(shown).getByLabelText('Temporary password') as HTMLInputElement).value).toBe('Tmp-4821-kite')
    await user.click(within(shown).getByRole('button', { name: 'Copy' }))
    expect(await navigator.clipboard.readText()).toBe('Tmp-4821-kite')
    expect(await toasts().findByText('Password copied')).toBeTruthy()
    await user.click(within(shown).getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(rows()).toHaveLength(4))
    expect(document.body.innerHTML).not.toContain('Tmp-4821-kite')
  })

  it('a refused create (address taken) stays in the dialog with the server’s reason', async () => {
    serveAdmin()
    server.use(mock.post('*/admin/users', () => apiError(409, 'EMAIL_EXISTS', 'Email Already Exists')))
    const { user } = await openUsers()
    await user.click(screen.getByRole('button', { name: 'Create user' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create user' })
    await user.type(within(dialog).getByLabelText('Email address'), 'bob@example.com')
    await user.click(within(dialog).getByRole('button', { name: 'Create' }))
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Email Already Exists')
  })

  it('Invite link: POST /admin/invites, the link shown with Copy ("Link Copied")', async () => {
    serveAdmin()
    server.use(mock.post('*/admin/invites', () => ok({ url: 'http://cumulus.test/invite/inv123' }, 201)))
    const { user } = await openUsers()
    await user.click(screen.getByRole('button', { name: 'Invite link' }))
    const shown = await screen.findByRole('dialog', { name: 'Invite link' })
    expect(
      within(shown).getByText('Anyone with this link can create one account. It works once, for 7 days.'),
    ).toBeTruthy()
    expect((within(shown).getByLabelText('Invite link') as HTMLInputElement).value).toBe(
      'http://cumulus.test/invite/inv123',
    )
    await user.click(within(shown).getByRole('button', { name: 'Copy' }))
    expect(await navigator.clipboard.readText()).toBe('http://cumulus.test/invite/inv123')
    expect(await toasts().findByText('Link Copied')).toBeTruthy()
  })
})

describe('settings → users: invites (DESIGN §8)', () => {
  it('lists each invite with its address, maker and expiry or use; Revoke DELETEs it and the list reads again', async () => {
    serveAdmin(undefined, { invites: [forKid, usedLink] })
    const { user } = await openUsers()
    const list = await screen.findByRole('list', { name: 'Invites' })
    const [kid, link] = within(list).getAllByRole('listitem')
    expect(kid!.textContent).toContain('Invite for kid@example.com')
    expect(kid!.textContent).toContain(`by ${testUser.email} · Expires`)
    expect(within(kid!).queryByText('Used')).toBeNull()
    expect(link!.textContent).toContain('Invite link')
    expect(link!.textContent).toContain('by a deleted account · Used')
    expect(within(link!).getByText('Used')).toBeTruthy()
    await user.click(within(kid!).getByRole('button', { name: 'Revoke Invite for kid@example.com' }))
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Invites' })).getAllByRole('listitem')).toHaveLength(1),
    )
    expect(sent('/admin/invites/i1', 'DELETE')).toHaveLength(1)
    expect(await toasts().findByText('Invite revoked')).toBeTruthy()
  })

  it('an expired invite is marked Expired', async () => {
    serveAdmin(undefined, { invites: [{ ...forKid, expiresAt: at }] })
    await openUsers()
    const list = await screen.findByRole('list', { name: 'Invites' })
    expect(within(list).getByText('Expired')).toBeTruthy()
  })

  it('without invites there is no Invites list, and without mail no Invite by email or mailed reset', async () => {
    serveAdmin()
    const { user } = await openUsers()
    await waitFor(() => expect(sent('/admin/invites')).toHaveLength(1))
    expect(screen.queryByRole('list', { name: 'Invites' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Invite by email' })).toBeNull()
    await user.click(within(rowOf(bob.email)).getByRole('button', { name: `Actions for ${bob.email}` }))
    expect((await screen.findAllByRole('menuitem')).map((i) => i.textContent)).not.toContain('Email a password reset')
  })

  it('with mail: Invite by email POSTs the address, says it was sent and lists it', async () => {
    serveAdmin(undefined, { mailEnabled: true })
    server.use(
      mock.post('*/admin/invites', () =>
        ok({ invite: forKid, url: 'http://cumulus.test/invite/x', expiresAt: later, emailSent: true }, 201),
      ),
    )
    const { user } = await openUsers()
    await user.click(await screen.findByRole('button', { name: 'Invite by email' }))
    const dialog = await screen.findByRole('dialog', { name: 'Invite by email' })
    await user.type(within(dialog).getByLabelText('Email address'), 'kid@example.com')
    await user.click(within(dialog).getByRole('button', { name: 'Send invite' }))
    expect(await toasts().findByText('Invite sent to kid@example.com')).toBeTruthy()
    expect(sent('/admin/invites', 'POST')[0]?.body).toEqual({ email: 'kid@example.com' })
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Invite by email' })).toBeNull())
    await waitFor(() => expect(sent('/admin/invites', 'GET').length).toBeGreaterThan(1))
  })

  it('with mail: Email a password reset asks first, POSTs {mail: true} and says where it went', async () => {
    serveAdmin(undefined, { mailEnabled: true })
    server.use(mock.post('*/admin/users/:id/reset-password', () => ok({ mailedTo: bob.email })))
    const { user } = await openUsers()
    await waitFor(() => expect(sent('/admin/invites')).toHaveLength(1))
    await choose(user, bob.email, 'Email a password reset')
    const confirm = await screen.findByRole('alertdialog', { name: 'Email a password reset to bob@example.com?' })
    expect(within(confirm).getByText(/They get a link to choose a new one/)).toBeTruthy()
    await user.click(within(confirm).getByRole('button', { name: 'Email a password reset' }))
    expect(await toasts().findByText('Password reset link sent to bob@example.com')).toBeTruthy()
    expect(sent('/admin/users/u2/reset-password', 'POST')[0]?.body).toEqual({ mail: true })
  })
})

describe('settings → users: per-user actions (issue #20)', () => {
  it('Disable asks first and PATCHes {disabled: true}; Enable is at once', async () => {
    const admin = serveAdmin()
    const { user } = await openUsers()
    await choose(user, bob.email, 'Disable')
    const confirm = await screen.findByRole('alertdialog', { name: 'Disable bob@example.com?' })
    expect(within(confirm).getByText(/signed out everywhere at once/)).toBeTruthy()
    await user.click(within(confirm).getByRole('button', { name: 'Disable' }))
    await waitFor(() => expect(within(rowOf(bob.email)).queryByText('Disabled')).toBeTruthy())
    expect(sent('/admin/users/u2', 'PATCH')[0]?.body).toEqual({ disabled: true })
    await choose(user, bob.email, 'Enable')
    await waitFor(() => expect(within(rowOf(bob.email)).queryByText('Disabled')).toBeNull())
    expect(sent('/admin/users/u2', 'PATCH')[1]?.body).toEqual({ disabled: false })
    expect(admin.users().find((u) => u._id === 'u2')?.disabled).toBe(false)
  })

  it('Delete names what is lost, asks first, and DELETEs the account', async () => {
    serveAdmin()
    const { user } = await openUsers()
    await choose(user, bob.email, 'Delete')
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete bob@example.com?' })
    expect(
      within(confirm).getByText(
        'Their 34 files (1.5 GB), folders, share links, app passwords and sessions are deleted for good. This cannot be undone.',
      ),
    ).toBeTruthy()
    await user.click(within(confirm).getByRole('button', { name: 'cancel' }))
    expect(sent('/admin/users/u2', 'DELETE')).toHaveLength(0)
    await choose(user, bob.email, 'Delete')
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }))
    expect(await toasts().findByText('User deleted')).toBeTruthy()
    await waitFor(() => expect(rows()).toHaveLength(2))
    expect(sent('/admin/users/u2', 'DELETE')).toHaveLength(1)
  })

  it('Reset password asks first, then shows the temporary password once', async () => {
    serveAdmin()
    server.use(mock.post('*/admin/users/:id/reset-password', () => ok({ temporaryPassword: 'Tmp-9-owl' })))
    const { user } = await openUsers()
    await choose(user, bob.email, 'Reset password')
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Reset the password of bob@example.com?' })).getByRole(
        'button',
        { name: 'Reset password' },
      ),
    )
    const shown = await screen.findByRole('dialog', { name: 'Password reset' })
    expect((within(shown).getByLabelText('Temporary password') as HTMLInputElement).value).toBe('Tmp-9-owl')
    expect(sent('/admin/users/u2/reset-password', 'POST')).toHaveLength(1)
  })

  it('Set quota: a size and unit (1024-based), or unlimited', async () => {
    serveAdmin()
    const { user } = await openUsers()
    await choose(user, bob.email, 'Set quota')
    let dialog = await screen.findByRole('dialog', { name: 'Storage quota for bob@example.com' })
    const size = within(dialog).getByLabelText('Size') as HTMLInputElement
    expect(size.value).toBe('5')
    expect(within(dialog).getByRole('combobox', { name: 'Unit' }).textContent).toContain('GB')
    await user.clear(size)
    await user.type(size, '0')
    expect(within(dialog).getByRole('alert').textContent).toBe('Enter a size above 0')
    await user.clear(size)
    await user.type(size, '1.5')
    await user.click(within(dialog).getByRole('combobox', { name: 'Unit' }))
    await user.click(await screen.findByRole('option', { name: 'TB' }))
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(rowOf(bob.email).textContent).toContain('Quota 1.5 TB'))
    expect(sent('/admin/users/u2', 'PATCH')[0]?.body).toEqual({ quota: 1.5 * 1024 ** 4 })
    await choose(user, bob.email, 'Set quota')
    dialog = await screen.findByRole('dialog', { name: 'Storage quota for bob@example.com' })
    await user.click(within(dialog).getByLabelText('Unlimited'))
    expect(within(dialog).queryByLabelText('Size')).toBeNull()
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(rowOf(bob.email).textContent).toContain('No quota'))
    expect(sent('/admin/users/u2', 'PATCH')[1]?.body).toEqual({ quota: null })
  })

  it('Make admin and Remove admin PATCH the role; the last-admin refusal shows under the row', async () => {
    serveAdmin()
    server.use(
      mock.patch('*/admin/users/u1', () =>
        apiError(409, 'LAST_ADMIN', 'This is the last admin: make another user an admin first'),
      ),
    )
    const { user } = await openUsers()
    await choose(user, bob.email, 'Make admin')
    await waitFor(() => expect(within(rowOf(bob.email)).queryByText('Admin')).toBeTruthy())
    expect(sent('/admin/users/u2', 'PATCH')[0]?.body).toEqual({ role: 'admin' })
    await choose(user, me.email, 'Remove admin')
    const alert = await within(rowOf(me.email)).findByRole('alert')
    expect(alert.textContent).toBe('Could not do that: This is the last admin: make another user an admin first')
    expect(within(rowOf(me.email)).getByText('Admin')).toBeTruthy()
  })

  it('the admin’s own row offers no Disable or Delete', async () => {
    serveAdmin()
    const { user } = await openUsers()
    await user.click(within(rowOf(me.email)).getByRole('button', { name: `Actions for ${me.email}` }))
    const items = (await screen.findAllByRole('menuitem')).map((i) => i.textContent)
    expect(items).toEqual(['Set name', 'Set quota', 'Reset password', 'Remove admin'])
  })
})
