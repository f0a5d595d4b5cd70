// Settings → Users (issue #20, the family server's admin): every account with usage, files,
// quota, last activity and state; Create user and the row actions.
import { http } from 'msw'
import { expect, screen, userEvent, within } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { testUserDetailed } from '../../mocks/fixtures.ts'
import { groupHandlers, ok } from '../../mocks/handlers.ts'
import { viewportShot } from '../lib/_support/visual.ts'
import { appBeforeEach, appScreen, renderApp, shown, withApp } from './_support/app-story.tsx'

const meta = preview.meta({
  title: 'App/Settings: users',
  render: renderApp,
  decorators: [withApp],
  parameters: { ...appScreen('/settings'), ...viewportShot },
  beforeEach: async (context) => {
    await appBeforeEach(context)
    context.msw.use(
      http.get('*/user-service/user-detailed', () => ok({ ...testUserDetailed, role: 'admin' })),
      http.get('*/admin/users', () => ok({ users })),
      http.get('*/admin/invites', () => ok({ invites: [], mailEnabled: false })),
      http.get('*/admin/audit', () => ok({ events: [], nextCursor: null })),
      // DESIGN §8: the admin's groups below the list, Everyone first.
      ...groupHandlers({
        groups: [{ _id: 'g1', name: 'Kids', members: ['u2'] }],
        people: users.map(({ _id, email, displayName }) => ({ _id, email, displayName })),
      }),
    )
  },
})

const GB = 1024 ** 3
const when = '2024-03-01T10:00:00.000Z'
const users = [
  {
    _id: 'u1',
    displayName: 'Ada',
    email: 'ada@example.com',
    role: 'admin',
    createdAt: when,
    disabled: false,
    quota: null,
    used: 2 * GB,
    fileCount: 120,
    lastActiveAt: when,
  },
  {
    _id: 'u2',
    displayName: 'Bob',
    email: 'bob@example.com',
    role: 'user',
    createdAt: when,
    disabled: false,
    quota: 5 * GB,
    used: 1.5 * GB,
    fileCount: 34,
    lastActiveAt: null,
  },
  {
    _id: 'u3',
    displayName: 'Eve',
    email: 'eve@example.com',
    role: 'user',
    createdAt: when,
    disabled: true,
    quota: 50 * GB,
    used: 0,
    fileCount: 1,
    lastActiveAt: when,
  },
]

const openUsers = async () => {
  const menu = within(await screen.findByRole('navigation', { name: 'Settings' }))
  await userEvent.click(await menu.findByRole('button', { name: 'Users' }))
  return within(await screen.findByRole('list', { name: 'Users' }))
}

/** The list of accounts. */
export const States = meta.story({
  async play() {
    const list = await openUsers()
    await expect(list.getAllByRole('listitem')).toHaveLength(3)
    await shown(list.getByText('bob@example.com'))
  },
})

/** A row's actions. */
export const RowActions = meta.story({
  async play() {
    const list = await openUsers()
    await userEvent.click(list.getByRole('button', { name: 'Actions for bob@example.com' }))
    await shown(await screen.findByRole('menuitem', { name: 'Reset password' }))
  },
})
