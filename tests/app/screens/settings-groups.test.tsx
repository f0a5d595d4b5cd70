// Settings → Users → Groups (issue #39 point 4, DESIGN §8): the admin's groups over msw
// (mocks/handlers.ts groupHandlers answers as the server does).
import '../helpers/setup.ts'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { setLoggedIn } from '../../../app/state/user.ts'
import { groupHandlers, type GroupsState } from '../../../mocks/handlers.ts'
import { renderApp, toasts } from '../helpers/render.tsx'
import { http as mock, ok, sent, server, testUser, testUserDetailed } from '../helpers/server.ts'

const at = '2026-11-20T10:00:00.000Z'
const account = (_id: string, email: string, displayName: string, role = 'user') => ({
  _id,
  email,
  displayName,
  role,
  createdAt: at,
  disabled: false,
  quota: null,
  used: 0,
  fileCount: 0,
  lastActiveAt: null,
})
const accounts = [
  account('u1', testUser.email, 'Ada', 'admin'),
  account('u2', 'ben@example.com', 'Ben'),
  // Another person's name is data: shown as text, never as markup.
  account('u3', 'carla@example.com', '<b>Carla</b>'),
]

function serveGroups(groups: GroupsState['groups'] = [{ _id: 'g1', name: 'Kids', members: ['u2'] }]) {
  const state: GroupsState = {
    groups: groups.map((g) => ({ ...g, members: [...g.members] })),
    people: accounts.map(({ _id, email, displayName }) => ({ _id, email, displayName })),
  }
  server.use(
    mock.get('*/user-service/user-detailed', () => ok({ ...testUserDetailed, role: 'admin' })),
    mock.get('*/admin/users', () => ok({ users: accounts })),
    mock.get('*/admin/invites', () => ok({ invites: [], mailEnabled: false })),
    mock.get('*/admin/audit', () => ok({ events: [], nextCursor: null })),
    ...groupHandlers(state),
  )
  return state
}

async function openGroups() {
  setLoggedIn(true)
  localStorage.setItem('hasPreviouslyLoggedIn', 'true')
  const view = renderApp('/settings')
  const menu = await screen.findByRole('navigation', { name: 'Settings' })
  await view.user.click(await within(menu).findByRole('button', { name: 'Users' }))
  await screen.findByRole('list', { name: 'Groups' })
  await waitFor(() => expect(groupRows().length).toBeGreaterThan(1))
  return view
}

const groupRows = () => within(screen.getByRole('list', { name: 'Groups' })).getAllByRole('listitem')
const groupRow = (name: string) => groupRows().find((li) => li.textContent!.startsWith(name))!

describe('settings → users → groups', () => {
  it('lists Everyone first, read-only with its explanation, then each group with its member count', async () => {
    serveGroups([
      { _id: 'g2', name: 'Parents', members: ['u1', 'u2'] },
      { _id: 'g1', name: 'Kids', members: ['u3'] },
    ])
    await openGroups()
    const [everyone, ...others] = groupRows()
    expect(everyone!.textContent).toContain('Everyone')
    expect(everyone!.textContent).toContain('3 members')
    expect(everyone!.textContent).toContain('Every account on this server that is not disabled')
    expect(within(everyone!).queryByRole('button')).toBeNull()
    expect(others.map((li) => li.querySelector('span')!.textContent)).toEqual(['Kids', 'Parents'])
    expect(groupRow('Kids').textContent).toContain('1 member')
    expect(groupRow('Parents').textContent).toContain('2 members')
    expect(within(groupRow('Kids')).getByRole('button', { name: 'Rename Kids' })).toBeTruthy()
  })

  it('creates a group from the keyboard: the name trimmed, the list read again', async () => {
    const state = serveGroups()
    const { user } = await openGroups()
    screen.getByRole('button', { name: 'New group' }).focus()
    await user.keyboard('{Enter}')
    const dialog = await screen.findByRole('dialog', { name: 'New group' })
    await user.type(within(dialog).getByLabelText('Group name'), '  Grandparents ')
    await user.keyboard('{Enter}')
    await waitFor(() => expect(sent('/admin/groups', 'POST')[0]?.body).toEqual({ name: 'Grandparents' }))
    expect(await toasts().findByText('Group created')).toBeTruthy()
    await waitFor(() => expect(groupRow('Grandparents').textContent).toContain('0 members'))
    expect(state.groups).toHaveLength(2)
  })

  it('refuses a name the server would (as the user types) and shows the server’s own reason for a taken one', async () => {
    serveGroups()
    const { user } = await openGroups()
    await user.click(screen.getByRole('button', { name: 'New group' }))
    const dialog = await screen.findByRole('dialog', { name: 'New group' })
    const name = within(dialog).getByLabelText('Group name')
    await user.type(name, 'Kids\u202E')
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Group name must not contain characters that reverse the text direction',
    )
    expect((within(dialog).getByRole('button', { name: 'Create' }) as HTMLButtonElement).disabled).toBe(true)
    await user.clear(name)
    await user.type(name, 'x'.repeat(65))
    expect(within(dialog).getByRole('alert').textContent).toBe('Group name must be at most 64 characters')
    await user.clear(name)
    await user.type(name, 'kids')
    await user.click(within(dialog).getByRole('button', { name: 'Create' }))
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Could not save the group: A group of this name exists',
    )
    expect(sent('/admin/groups', 'POST')).toHaveLength(1)
  })

  it('renames a group', async () => {
    serveGroups()
    const { user } = await openGroups()
    await user.click(within(groupRow('Kids')).getByRole('button', { name: 'Rename Kids' }))
    const dialog = await screen.findByRole('dialog', { name: 'Rename Kids' })
    const name = within(dialog).getByLabelText('Group name') as HTMLInputElement
    expect(name.value).toBe('Kids')
    await user.clear(name)
    await user.type(name, 'Children')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(sent('/admin/groups/g1', 'PATCH')[0]?.body).toEqual({ name: 'Children' }))
    await waitFor(() => expect(groupRow('Children')).toBeTruthy())
  })

  it('deletes a group only once confirmed', async () => {
    const state = serveGroups()
    const { user } = await openGroups()
    await user.click(within(groupRow('Kids')).getByRole('button', { name: 'Delete Kids' }))
    let confirm = await screen.findByRole('alertdialog')
    expect(confirm.textContent).toContain('Delete the group Kids?')
    expect(confirm.textContent).toContain('Its members lose what was shared with the group')
    await user.click(within(confirm).getByRole('button', { name: 'cancel' }))
    expect(sent('/admin/groups/g1', 'DELETE')).toHaveLength(0)
    await user.click(within(groupRow('Kids')).getByRole('button', { name: 'Delete Kids' }))
    confirm = await screen.findByRole('alertdialog')
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(sent('/admin/groups/g1', 'DELETE')).toHaveLength(1))
    expect(await toasts().findByText('Group deleted')).toBeTruthy()
    await waitFor(() => expect(groupRows()).toHaveLength(1))
    expect(state.groups).toEqual([])
  })

  it('opens a group: its members by name and email, removes one, adds an account picked from the server’s', async () => {
    const state = serveGroups()
    const { user } = await openGroups()
    await user.click(within(groupRow('Kids')).getByRole('button', { name: 'Members of Kids' }))
    const dialog = await screen.findByRole('dialog', { name: 'Members of Kids' })
    const members = await within(dialog).findByRole('list', { name: 'Members of Kids' })
    expect(members.textContent).toContain('Ben')
    expect(members.textContent).toContain('ben@example.com')
    // Only accounts not in the group are offered; a name with markup stays text.
    const pick = within(dialog).getByLabelText('Add a member') as HTMLSelectElement
    const offered = [...pick.options].map((o) => o.textContent)
    expect(offered).toEqual(['Choose an account', 'Ada (ada@example.com)', '<b>Carla</b> (carla@example.com)'])
    expect(dialog.querySelector('b')).toBeNull()
    expect((within(dialog).getByRole('button', { name: 'Add' }) as HTMLButtonElement).disabled).toBe(true)
    await user.selectOptions(pick, 'u3')
    await user.click(within(dialog).getByRole('button', { name: 'Add' }))
    await waitFor(() => expect(sent('/admin/groups/g1/members', 'POST')[0]?.body).toEqual({ userId: 'u3' }))
    await waitFor(() => expect(members.textContent).toContain('carla@example.com'))
    await user.click(within(dialog).getByRole('button', { name: 'Remove Ben (ben@example.com) from the group' }))
    await waitFor(() => expect(sent('/admin/groups/g1/members/u2', 'DELETE')).toHaveLength(1))
    await waitFor(() => expect(members.textContent).not.toContain('ben@example.com'))
    expect(state.groups[0]!.members).toEqual(['u3'])
    await user.keyboard('{Escape}')
    await waitFor(() => expect(groupRow('Kids').textContent).toContain('1 member'))
  })

  it('a refused member change shows the server’s reason in the dialog', async () => {
    serveGroups()
    server.use(
      mock.post('*/admin/groups/:id/members', () =>
        ok({ statusCode: 404, code: 'NOT_FOUND', message: 'User not found' }, 404),
      ),
    )
    const { user } = await openGroups()
    await user.click(within(groupRow('Kids')).getByRole('button', { name: 'Members of Kids' }))
    const dialog = await screen.findByRole('dialog', { name: 'Members of Kids' })
    await within(dialog).findByRole('list', { name: 'Members of Kids' })
    await user.selectOptions(within(dialog).getByLabelText('Add a member'), 'u1')
    await user.click(within(dialog).getByRole('button', { name: 'Add' }))
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Could not do that: User not found')
  })
})
