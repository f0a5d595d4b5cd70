import { screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import {
  defaultSort,
  parseSortValue,
  SortControl,
  type SortValue,
  sortValues,
  toSortValue,
} from '../../../lib/index.ts'
import { expectNoAxeViolations } from '../helpers/axe.ts'
import { setup } from '../helpers/render.tsx'

function Controlled({ initial, onChange }: { initial: SortValue; onChange: (v: SortValue) => void }) {
  const [value, setValue] = useState(initial)
  return (
    <SortControl
      value={value}
      onValueChange={(next) => {
        setValue(next)
        onChange(next)
      }}
    />
  )
}

describe('SortControl', () => {
  it('offers the SPEC values with date_desc as the default', () => {
    expect(sortValues).toEqual(['date_desc', 'date_asc', 'alp_desc', 'alp_asc'])
    expect(defaultSort).toBe('date_desc')
  })

  it.each([
    ['date_desc', 'Modified', 'false'],
    ['date_asc', 'Modified', 'true'],
    ['alp_desc', 'Name', 'false'],
    ['alp_asc', 'Name', 'true'],
  ] as const)(
    'given %s, then the select reads %s and the Ascending toggle pressed is %s',
    async (value, field, pressed) => {
      setup(<SortControl value={value} onValueChange={() => {}} />)
      const select = await screen.findByRole('combobox', { name: 'Sort by' })
      expect(select.textContent).toContain(field)
      expect(screen.getByRole('button', { name: 'Ascending' }).getAttribute('aria-pressed')).toBe(pressed)
      await expectNoAxeViolations()
    },
  )

  it('given the toggle, then it flips the direction and keeps the field', async () => {
    const onChange = vi.fn()
    const { user } = setup(<Controlled initial="alp_desc" onChange={onChange} />)
    await user.click(screen.getByRole('button', { name: 'Ascending' }))
    expect(onChange).toHaveBeenLastCalledWith('alp_asc')
    await user.keyboard(' ')
    expect(onChange).toHaveBeenLastCalledWith('alp_desc')
  })

  it('given the select, then it switches between Modified and Name and keeps the direction', async () => {
    const onChange = vi.fn()
    const { user } = setup(<Controlled initial="date_asc" onChange={onChange} />)
    const select = await screen.findByRole('combobox', { name: 'Sort by' })
    await user.click(select)
    await user.click(await screen.findByRole('option', { name: 'Name' }))
    expect(onChange).toHaveBeenLastCalledWith('alp_asc')
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull())
    // Keyboard: open, move back to Modified, pick.
    select.focus()
    await user.keyboard('{ArrowDown}')
    await screen.findByRole('listbox')
    await user.keyboard('{ArrowUp}{Enter}')
    expect(onChange).toHaveBeenLastCalledWith('date_asc')
  })

  it('given custom texts or disabled, then they apply to both controls', async () => {
    setup(
      <SortControl
        value="alp_desc"
        onValueChange={() => {}}
        disabled
        labels={{ name: 'A–Z', ascending: 'Oldest first', sortBy: 'Order' }}
      />,
    )
    const select = await screen.findByRole('combobox', { name: 'Order' })
    expect(select.textContent).toContain('A–Z')
    expect(select.hasAttribute('disabled') || select.getAttribute('aria-disabled') === 'true').toBe(true)
    expect((screen.getByRole('button', { name: 'Oldest first' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('given its own fields, then the select offers them and the value is that field with the direction', async () => {
    const onChange = vi.fn()
    const fields = [
      { value: 'size', label: 'Size' },
      { value: 'file_type', label: 'Type' },
    ]
    const { user } = setup(<SortControl fields={fields} defaultValue="size_asc" onValueChange={onChange} />)
    const select = await screen.findByRole('combobox', { name: 'Sort by' })
    expect(select.textContent).toContain('Size')
    expect(screen.getByRole('button', { name: 'Ascending' }).getAttribute('aria-pressed')).toBe('true')
    await user.click(select)
    const options = await screen.findAllByRole('option')
    expect(options.map((option) => option.textContent)).toEqual(['Size', 'Type'])
    await user.click(screen.getByRole('option', { name: 'Type' }))
    expect(onChange).toHaveBeenLastCalledWith('file_type_asc')
    await user.click(screen.getByRole('button', { name: 'Ascending' }))
    expect(onChange).toHaveBeenLastCalledWith('file_type_desc')
  })

  it('given its own fields and no value, then it starts on the first field, descending', async () => {
    setup(<SortControl fields={[{ value: 'size', label: 'Size' }]} />)
    expect((await screen.findByRole('combobox', { name: 'Sort by' })).textContent).toContain('Size')
    expect(screen.getByRole('button', { name: 'Ascending' }).getAttribute('aria-pressed')).toBe('false')
  })

  it('splits and joins sort values at the last underscore', () => {
    expect(parseSortValue('file_type_asc')).toEqual({ field: 'file_type', direction: 'asc' })
    expect(parseSortValue(defaultSort)).toEqual({ field: 'date', direction: 'desc' })
    expect(toSortValue('size', 'asc')).toBe('size_asc')
  })
})

describe('SortControl with a directionless field', () => {
  function Search({ onChange }: { onChange: (v: string) => void }) {
    const [value, setValue] = useState<SortValue | 'relevance'>('relevance')
    return (
      <SortControl
        directionlessFields={[{ value: 'relevance', label: 'Best match' }]}
        value={value}
        onValueChange={(next) => {
          setValue(next)
          onChange(next)
        }}
      />
    )
  }

  it('given Best match, then there is no direction toggle, and a directed field takes the last direction', async () => {
    const onChange = vi.fn()
    const { user } = setup(<Search onChange={onChange} />)
    expect(screen.getByRole('combobox', { name: 'Sort by' }).textContent).toContain('Best match')
    expect(screen.queryByRole('button', { name: 'Ascending' })).toBeNull()
    await user.click(screen.getByRole('combobox', { name: 'Sort by' }))
    await user.click(await screen.findByRole('option', { name: 'Name' }))
    expect(onChange).toHaveBeenLastCalledWith('alp_desc')
    await user.click(screen.getByRole('button', { name: 'Ascending' }))
    expect(onChange).toHaveBeenLastCalledWith('alp_asc')
    await user.click(screen.getByRole('combobox', { name: 'Sort by' }))
    await user.click(await screen.findByRole('option', { name: 'Best match' }))
    expect(onChange).toHaveBeenLastCalledWith('relevance')
    await user.click(screen.getByRole('combobox', { name: 'Sort by' }))
    await user.click(await screen.findByRole('option', { name: 'Modified' }))
    expect(onChange).toHaveBeenLastCalledWith('date_asc')
  })
})
