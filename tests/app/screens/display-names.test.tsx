// Display names (issue #39 point 1, DESIGN §8 "Names"): the optional "Your name" at sign-up,
// Settings → Account showing and changing it, and the admin's user list (name, then email).
import '../helpers/setup.ts'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { setLoggedIn } from '../../../app/state/user.ts'
import { isDisabled, renderApp, toasts } from '../helpers/render.tsx'
import { cachedUser } from '../helpers/user.ts'
import { apiError, http as mock, ok, sent, server, testUser, testUserDetailed } from '../helpers/server.ts'

const field = (label: string) => screen.getByLabelText(label)
const submit = (name: string) => screen.getByRole('button', { name })

async function fillCreate(name: string) {
  const view = renderApp('/')
  await view.user.click(submit('Create account'))
  await screen.findByRole('heading', { name: 'Create an account' })
  await view.user.type(field('Email address'), 'ada@example.com')
  if (name) await view.user.type(field('Your name'), name)
  await view.user.type(field('Password'), 'secret1')
  await view.user.type(field('Verify Password'), 'secret1')
  return view
}

describe('sign-up: Your name (optional)', () => {
  it('given a name, then it is sent trimmed with the account', async () => {
    server.use(mock.post('*/user-service/create', () => ok({ user: testUser, emailSent: false }, 201)))
    const { user } = await fillCreate('  Ada Lovelace ')
    await user.click(submit('Create account'))
    await waitFor(() =>
      expect(sent('/user-service/create')[0]?.body).toEqual({
        email: 'ada@example.com',
        password: 'secret1',
        displayName: 'Ada Lovelace',
      }),
    )
  })

  it('given a name the server would refuse, then its rule shows and the button waits', async () => {
    await fillCreate('Ada\u202Eecalevol')
    expect(screen.getByRole('alert').textContent).toBe(
      'Display name must not contain characters that reverse the text direction',
    )
    expect(isDisabled(submit('Create account'))).toBe(true)
  })

  it('given no name, then the field says it is optional and nothing is sent for it', async () => {
    server.use(mock.post('*/user-service/create', () => ok({ user: testUser, emailSent: false }, 201)))
    const { user } = await fillCreate('')
    expect(field('Your name').getAttribute('aria-describedby')).toBe(screen.getByText('Optional').id)
    await user.click(submit('Create account'))
    await waitFor(() => expect(sent('/user-service/create')[0]?.body).not.toHaveProperty('displayName'))
  })
})

async function openSettings() {
  setLoggedIn(true)
  localStorage.setItem('hasPreviouslyLoggedIn', 'true')
  const view = renderApp('/settings')
  await screen.findByRole('heading', { name: 'Account' })
  return view
}

describe('Settings → Account: Your name', () => {
  it('shows the name and changes it in a dialog; the page shows the new one', async () => {
    let name = testUserDetailed.displayName
    server.use(
      mock.get('*/user-service/user-detailed', () => ok({ ...testUserDetailed, displayName: name })),
      mock.patch('*/user-service/display-name', async ({ request }) => {
        name = ((await request.json()) as { displayName: string }).displayName
        return ok({ ...testUser, displayName: name })
      }),
    )
    const { user } = await openSettings()
    await screen.findByText('ada')
    await user.click(screen.getByRole('button', { name: 'Change your name' }))
    const dialog = await screen.findByRole('dialog', { name: 'Change your name' })
    const input = within(dialog).getByLabelText('Your name') as HTMLInputElement
    expect(input.value).toBe('ada')
    await user.clear(input)
    await user.type(input, ' Ada Lovelace ')
    await user.keyboard('{Enter}')
    await waitFor(() => expect(sent('/user-service/display-name')[0]?.body).toEqual({ displayName: 'Ada Lovelace' }))
    expect(await toasts().findByText('Name saved')).toBeTruthy()
    expect(await screen.findByText('Ada Lovelace')).toBeTruthy()
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('given an empty name, then the rule shows; a refusal shows the server’s reason', async () => {
    server.use(
      mock.patch('*/user-service/display-name', () =>
        apiError(400, 'BAD_REQUEST', 'Display name must be at most 64 characters'),
      ),
    )
    const { user } = await openSettings()
    await user.click(await screen.findByRole('button', { name: 'Change your name' }))
    const dialog = await screen.findByRole('dialog', { name: 'Change your name' })
    const input = within(dialog).getByLabelText('Your name')
    await user.clear(input)
    await user.type(input, ' ')
    expect(within(dialog).getByRole('alert').textContent).toBe('Display name must not be empty')
    await user.clear(input)
    await user.type(input, 'Someone')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Could not save the name: Display name must be at most 64 characters',
    )
    expect(cachedUser()?.displayName).not.toBe('Someone')
  })
})

describe("the admin's user list", () => {
  const row = (over: { _id: string; email: string; displayName: string; role?: string }) => ({
    role: 'user',
    createdAt: testUser.createdAt,
    disabled: false,
    quota: null,
    used: 0,
    fileCount: 0,
    lastActiveAt: null,
    ...over,
  })
  it('shows each account by name, then email, and the admin sets a name', async () => {
    let users = [
      row({ _id: 'u1', email: testUser.email, displayName: 'Ada', role: 'admin' }),
      row({ _id: 'u2', email: 'ben@example.com', displayName: '<i>Ben</i>' }),
    ]
    server.use(
      mock.get('*/user-service/user-detailed', () => ok({ ...testUserDetailed, role: 'admin' })),
      mock.get('*/admin/users', () => ok({ users })),
      mock.get('*/admin/invites', () => ok({ invites: [], mailEnabled: false })),
      mock.get('*/admin/audit', () => ok({ events: [], nextCursor: null })),
      mock.patch('*/admin/users/:id', async ({ params, request }) => {
        const patch = (await request.json()) as object
        users = users.map((u) => (u._id === params.id ? { ...u, ...patch } : u))
        return ok({ user: users.find((u) => u._id === params.id) })
      }),
    )
    const { user } = await openSettings()
    await user.click(
      within(screen.getByRole('navigation', { name: 'Settings' })).getByRole('button', { name: 'Users' }),
    )
    const list = await screen.findByRole('list', { name: 'Users' })
    const ben = within(list)
      .getAllByRole('listitem')
      .find((li) => li.textContent!.includes('ben@example.com'))!
    // Name first, then email; another person's markup is text.
    expect(ben.textContent!.indexOf('<i>Ben</i>')).toBeLessThan(ben.textContent!.indexOf('ben@example.com'))
    expect(ben.querySelector('i')).toBeNull()
    await user.click(within(ben).getByRole('button', { name: 'Actions for ben@example.com' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Set name' }))
    const dialog = await screen.findByRole('dialog', { name: 'Name of ben@example.com' })
    const input = within(dialog).getByLabelText('Display name')
    await user.clear(input)
    await user.type(input, 'Ben')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(sent('/admin/users/u2', 'PATCH')[0]?.body).toEqual({ displayName: 'Ben' }))
    await waitFor(() => expect(list.textContent).toContain('Ben'))
    expect(list.textContent).not.toContain('<i>Ben</i>')
  })
})
