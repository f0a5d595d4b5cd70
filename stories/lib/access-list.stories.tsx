import { useState } from 'react'
import { expect, fn, screen, waitFor, within } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { type AccessEntry, AccessList, type MemberRole } from '../../lib/index.ts'
import { State, StateGrid } from './_support/state-grid.tsx'

const entries: AccessEntry[] = [
  {
    id: 's1',
    recipient: { type: 'user', id: 'u-ben', displayName: 'Ben Ryder', email: 'ben@example.com' },
    role: 'editor',
  },
  {
    id: 's2',
    recipient: { type: 'user', id: 'u-carla', displayName: 'Carla Nowak', email: 'carla@example.com' },
    role: 'viewer',
  },
  { id: 's3', recipient: { type: 'group', id: 'everyone', name: 'Everyone', members: 5 }, role: 'viewer' },
]

const hostile: AccessEntry[] = [
  {
    id: 'h1',
    recipient: {
      type: 'user',
      id: 'u-long',
      displayName: 'Maximilian Alexander von Habsburg-Lothringen der Dritte',
      email: 'maximilian.alexander.von.habsburg-lothringen@a-very-long-domain.example.com',
    },
    role: 'viewer',
  },
  {
    id: 'h2',
    recipient: { type: 'user', id: 'u-script', displayName: '<script>alert(1)</script>', email: 'x@example.com' },
    role: 'viewer',
  },
  {
    id: 'h3',
    recipient: { type: 'user', id: 'u-bidi', displayName: '\u202Egnp.exe Eve', email: 'eve@example.com' },
    role: 'editor',
  },
  {
    id: 'h4',
    recipient: { type: 'user', id: 'u-rtl', displayName: 'שרה כהן', email: 'sara@example.com' },
    role: 'viewer',
  },
  { id: 'h5', recipient: { type: 'group', id: 'g-one', name: 'Family', members: 1 }, role: 'editor' },
]

const owner = { displayName: 'Anna Berg' }
const roleChange = fn()
const remove = fn()

const meta = preview.meta({
  title: 'Library/AccessList',
  tags: ['autodocs'],
  component: AccessList,
  args: { entries, owner, onRoleChange: roleChange, onRemove: remove },
  beforeEach: () => {
    roleChange.mockClear()
    remove.mockClear()
  },
  decorators: [
    (Story) => (
      <div style={{ width: 520 }}>
        <Story />
      </div>
    ),
  ],
})

/** Holds the entries, so role changes and removals show. */
function Live({ initial = entries }: { initial?: AccessEntry[] }) {
  const [list, setList] = useState(initial)
  return (
    <AccessList
      entries={list}
      owner={owner}
      onRoleChange={(entry, role: MemberRole) => {
        roleChange(entry, role)
        setList((all) => all.map((e) => (e.id === entry.id ? { ...e, role } : e)))
      }}
      onRemove={(entry) => {
        remove(entry)
        setList((all) => all.filter((e) => e.id !== entry.id))
      }}
    />
  )
}

export const Playground = meta.story({ render: () => <Live /> })

/** The owner's view (selects and Remove), a member's (read-only), no one else, and hostile or long names. */
export const States = meta.story({
  render: () => (
    <StateGrid columns={1} fill>
      <State label="owner's view">
        <AccessList
          entries={entries}
          owner={owner}
          onRoleChange={roleChange}
          onRemove={remove}
          style={{ flexGrow: 1 }}
        />
      </State>
      <State label="read-only (a member's view)">
        <AccessList entries={entries} owner={owner} readOnly style={{ flexGrow: 1 }} />
      </State>
      <State label="only the owner">
        <AccessList entries={[]} owner={owner} onRoleChange={roleChange} onRemove={remove} style={{ flexGrow: 1 }} />
      </State>
      <State label="long, hostile and right-to-left names">
        <AccessList entries={hostile} onRoleChange={roleChange} onRemove={remove} style={{ flexGrow: 1 }} />
      </State>
    </StateGrid>
  ),
})

export const StatesDark = States.extend({ globals: { theme: 'dark' } })

/** Right to left (`dir="rtl"` on <html>): controls on the left, names isolated. */
export const StatesRtl = States.extend({ globals: { dir: 'rtl' } })

/** In German (`LocaleProvider` with `deMessages`). */
export const StatesGerman = States.extend({ globals: { locale: 'de-DE' } })

/** Keyboard: Tab to Ben's role, ArrowDown opens, pick "Can view"; Tab to Remove and Enter. */
export const Keyboard = meta.story({
  render: () => <Live />,
  play: async ({ userEvent }) => {
    await userEvent.tab()
    const role = screen.getByRole('combobox', { name: 'Role of Ben Ryder' })
    await expect(role).toHaveFocus()
    await userEvent.keyboard('{ArrowDown}')
    const listbox = await screen.findByRole('listbox')
    await expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Can view', 'Can edit'])
    await userEvent.keyboard('{ArrowUp}{Enter}')
    await waitFor(() => expect(roleChange).toHaveBeenCalledWith(entries[0], 'viewer'))
    await waitFor(() => expect(role).toHaveTextContent('Can view'))
    // The list closes (200 ms) and gives focus back to the select before Tab moves on.
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull())
    await waitFor(() => expect(role).toHaveFocus())
    await userEvent.tab()
    await expect(screen.getByRole('button', { name: 'Remove Ben Ryder' })).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await expect(remove).toHaveBeenCalledOnce()
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove Ben Ryder' })).toBeNull())
  },
})

/** Pointer: Remove everyone, one by one, until "Only you have access". */
export const Pointer = meta.story({
  render: () => <Live />,
  play: async ({ userEvent }) => {
    for (const name of ['Ben Ryder', 'Carla Nowak', 'Everyone']) {
      await userEvent.click(screen.getByRole('button', { name: `Remove ${name}` }))
    }
    await expect(remove).toHaveBeenCalledTimes(3)
    await expect(screen.getByText('Only you have access')).toBeVisible()
  },
})
