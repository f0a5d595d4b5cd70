import { screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { Select, type SelectOption } from '../../../lib/index.ts'
import { expectNoAxeViolations } from '../helpers/axe.ts'
import { setup } from '../helpers/render.tsx'

// SPEC §2 share modal: "A Permission select with options Private, Public, Temporary (internal values private, public, one)".
const permissions: SelectOption[] = [
  { value: 'private', label: 'Private' },
  { value: 'public', label: 'Public' },
  { value: 'one', label: 'Temporary' },
]

function Controlled({ onValueChange }: { onValueChange: (value: string) => void }) {
  const [value, setValue] = useState('private')
  return (
    <Select
      label="Permission"
      options={permissions}
      value={value}
      hint="Who can open the link"
      onValueChange={(next) => {
        setValue(next)
        onValueChange(next)
      }}
    />
  )
}

describe('Select', () => {
  it('is a combobox named by its label, showing the chosen option label and described by its hint', () => {
    setup(<Controlled onValueChange={() => {}} />)
    const select = screen.getByRole('combobox', { name: 'Permission' })
    expect(select.textContent).toContain('Private')
    const hintId = select.getAttribute('aria-describedby')
    expect(hintId && document.getElementById(hintId)?.textContent).toBe('Who can open the link')
  })

  it('given keyboard only, when the list is opened and walked with arrows, then Enter picks the option and focus returns', async () => {
    const onValueChange = vi.fn()
    const { user } = setup(<Controlled onValueChange={onValueChange} />)
    await user.tab()
    const select = screen.getByRole('combobox', { name: 'Permission' })
    expect(document.activeElement).toBe(select)
    await user.keyboard('{ArrowDown}')
    const listbox = await screen.findByRole('listbox')
    expect(select.getAttribute('aria-expanded')).toBe('true')
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Private', 'Public', 'Temporary'])
    await expectNoAxeViolations()
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}')
    expect(onValueChange).toHaveBeenLastCalledWith('one')
    await waitFor(() => expect(listbox.isConnected).toBe(false))
    await waitFor(() => expect(document.activeElement).toBe(select))
    expect(select.textContent).toContain('Temporary')
  })

  it('given a pointer, when an option is clicked, then it is chosen', async () => {
    const onValueChange = vi.fn()
    const { user } = setup(<Controlled onValueChange={onValueChange} />)
    await user.click(screen.getByRole('combobox', { name: 'Permission' }))
    await user.click(await screen.findByRole('option', { name: 'Public' }))
    expect(onValueChange).toHaveBeenCalledWith('public')
  })

  it('given busy, then it is marked busy, keeps focus and does not open', async () => {
    const { user } = setup(<Select label="Permission" options={permissions} defaultValue="public" busy />, {
      pointerEventsCheck: 0,
    })
    const select = screen.getByRole('combobox', { name: 'Permission' })
    expect(select.getAttribute('aria-busy')).toBe('true')
    expect(select.getAttribute('aria-disabled')).toBe('true')
    await user.tab()
    expect(document.activeElement).toBe(select)
    await user.keyboard('{ArrowDown}')
    await user.click(select)
    expect(screen.queryByRole('listbox')).toBeNull()
  })

  it('given disabled, then it is skipped by Tab', async () => {
    const { user } = setup(
      <Select label="Sort by" options={[{ value: 'date', label: 'Date' }]} defaultValue="date" disabled />,
    )
    await user.tab()
    expect(document.activeElement).toBe(document.body)
  })

  it('given a hidden label, then it is still the accessible name', async () => {
    setup(<Select label="Filter" labelHidden options={[{ value: 'all', label: 'All' }]} defaultValue="all" />)
    expect(screen.getByRole('combobox', { name: 'Filter' })).toBeTruthy()
    await expectNoAxeViolations()
  })
})
