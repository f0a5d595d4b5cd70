import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { type AccessEntry, AccessList, deMessages, LocaleProvider } from '../../../lib/index.ts'
import { expectNoAxeViolations } from '../helpers/axe.ts'
import { setup } from '../helpers/render.tsx'

const ben: AccessEntry = {
  id: 's1',
  recipient: { type: 'user', id: 'u-ben', displayName: 'Ben', email: 'ben@example.com' },
  role: 'editor',
}
const everyone: AccessEntry = {
  id: 's2',
  recipient: { type: 'group', id: 'everyone', name: 'Everyone', members: 3 },
  role: 'viewer',
}
const entries = [ben, everyone]

const rows = () =>
  within(screen.getByRole('list', { name: 'People with access' }))
    .getAllByRole('listitem')
    .map((row) => row.textContent)

describe('AccessList', () => {
  it('lists the owner first, then each person or group with their role and Remove', async () => {
    setup(<AccessList entries={entries} owner={{ displayName: 'Anna' }} onRoleChange={() => {}} onRemove={() => {}} />)
    // Each select's label is visually hidden ("Role of Ben"), but in the text.
    expect(rows()).toEqual([
      'AAnnaOwner',
      'BBenben@example.comRole of BenCan editRemove',
      'Everyone3 membersRole of EveryoneCan viewRemove',
    ])
    expect(screen.getByRole('combobox', { name: 'Role of Ben' }).textContent).toContain('Can edit')
    expect(screen.getByRole('combobox', { name: 'Role of Everyone' }).textContent).toContain('Can view')
    expect(screen.getByRole('button', { name: 'Remove Ben' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Remove Everyone' })).toBeTruthy()
    // The owner row has no controls.
    const [ownerRow] = within(screen.getByRole('list')).getAllByRole('listitem')
    expect(within(ownerRow!).queryByRole('button')).toBeNull()
    expect(within(ownerRow!).queryByRole('combobox')).toBeNull()
    await expectNoAxeViolations()
  })

  it('given no one else, then it says "Only you have access" under the owner', async () => {
    setup(<AccessList entries={[]} owner={{ displayName: 'Anna' }} />)
    expect(rows()).toEqual(['AAnnaOwner'])
    expect(screen.getByText('Only you have access')).toBeTruthy()
    await expectNoAxeViolations()
  })

  it('given no owner and no entries, then there is no empty list, only the note', () => {
    setup(<AccessList entries={[]} />)
    expect(screen.queryByRole('list')).toBeNull()
    expect(screen.getByText('Only you have access')).toBeTruthy()
  })

  it('given readOnly, then roles show as text and nothing can be changed or removed', async () => {
    setup(
      <AccessList
        entries={entries}
        owner={{ displayName: 'Anna' }}
        readOnly
        onRoleChange={() => {}}
        onRemove={() => {}}
      />,
    )
    expect(rows()).toEqual(['AAnnaOwner', 'BBenben@example.comCan edit', 'Everyone3 membersCan view'])
    expect(screen.queryByRole('button')).toBeNull()
    expect(screen.queryByRole('combobox')).toBeNull()
    await expectNoAxeViolations()
  })

  it('given only onRemove, then roles are text and Remove stays', () => {
    setup(<AccessList entries={[ben]} onRemove={() => {}} />)
    expect(screen.queryByRole('combobox')).toBeNull()
    expect(screen.getByRole('button', { name: 'Remove Ben' })).toBeTruthy()
  })

  it('given keyboard only, then Tab walks select and Remove row by row; a new role reaches onRoleChange', async () => {
    const onRoleChange = vi.fn()
    const onRemove = vi.fn()
    const { user } = setup(<AccessList entries={entries} onRoleChange={onRoleChange} onRemove={onRemove} />)
    await user.tab()
    const role = screen.getByRole('combobox', { name: 'Role of Ben' })
    expect(document.activeElement).toBe(role)
    await user.keyboard('{ArrowDown}')
    const listbox = await screen.findByRole('listbox')
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Can view', 'Can edit'])
    await user.keyboard('{ArrowUp}{Enter}')
    await waitFor(() => expect(onRoleChange).toHaveBeenCalledWith(ben, 'viewer'))
    await waitFor(() => expect(document.activeElement).toBe(role))
    await user.tab()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove Ben' }))
    await user.tab()
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Role of Everyone' }))
    await user.tab()
    await user.keyboard('{Enter}')
    expect(onRemove).toHaveBeenCalledWith(everyone)
  })

  it('given the same role chosen again, then onRoleChange is not called', async () => {
    const onRoleChange = vi.fn()
    const { user } = setup(<AccessList entries={[ben]} onRoleChange={onRoleChange} />)
    await user.click(screen.getByRole('combobox', { name: 'Role of Ben' }))
    await user.click(await screen.findByRole('option', { name: 'Can edit' }))
    expect(onRoleChange).not.toHaveBeenCalled()
  })

  it('given a click on Remove, then onRemove gets the entry', async () => {
    const onRemove = vi.fn()
    const { user } = setup(<AccessList entries={entries} onRemove={onRemove} />)
    await user.click(screen.getByRole('button', { name: 'Remove Ben' }))
    expect(onRemove).toHaveBeenCalledWith(ben)
  })

  it('given hostile names, then they show literally, isolated, and the button name keeps its order', () => {
    const script: AccessEntry = {
      id: 'x',
      recipient: { type: 'user', id: 'x', displayName: '<img src=x onerror=alert(1)>', email: 'x@example.com' },
      role: 'viewer',
    }
    const bidi: AccessEntry = {
      id: 'y',
      recipient: { type: 'user', id: 'y', displayName: '\u202Egnp.exe', email: 'y@example.com' },
      role: 'viewer',
    }
    const { container } = setup(
      <AccessList entries={[script, bidi]} owner={{ displayName: '\u202EAnna' }} onRemove={() => {}} />,
    )
    expect(container.querySelector('img')).toBeNull()
    expect(screen.getByText('<img src=x onerror=alert(1)>').tagName).toBe('BDI')
    expect(screen.getByText('\u202Egnp.exe').tagName).toBe('BDI')
    expect(screen.getByText('\u202EAnna').tagName).toBe('BDI')
    // In an attribute the name is wrapped in FSI … PDI, so "Remove" stays in front.
    expect(screen.getByRole('button', { name: 'Remove \u2068\u202Egnp.exe\u2069' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Remove <img src=x onerror=alert(1)>' })).toBeTruthy()
  })

  it('speaks German in a German LocaleProvider', () => {
    setup(
      <LocaleProvider locale="de-DE" messages={deMessages}>
        <AccessList entries={entries} owner={{ displayName: 'Anna' }} onRoleChange={() => {}} onRemove={() => {}} />
      </LocaleProvider>,
    )
    expect(
      within(screen.getByRole('list', { name: 'Personen mit Zugriff' }))
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual([
      'AAnnaEigentümer',
      'BBenben@example.comRolle von BenKann bearbeitenEntfernen',
      'Everyone3 MitgliederRolle von EveryoneKann ansehenEntfernen',
    ])
    expect(screen.getByRole('combobox', { name: 'Rolle von Ben' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Entfernen: Ben' })).toBeTruthy()
  })
})
