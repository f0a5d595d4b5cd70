import { fireEvent, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { type DateRange, DateRangeChip, type FilterChipOption, FilterChips } from '../../../lib/index.ts'
import { expectNoAxeViolations } from '../helpers/axe.ts'
import { setup } from '../helpers/render.tsx'

const options: FilterChipOption[] = [
  { value: 'folders', label: 'Folders' },
  { value: 'photos', label: 'Photos' },
  { value: 'audio', label: 'Audio' },
]

function Controlled({ onChange, noneLabel }: { onChange: (v: string | null) => void; noneLabel?: string }) {
  const [value, setValue] = useState<string | null>(null)
  return (
    <FilterChips
      label="Type"
      options={options}
      value={value}
      {...(noneLabel ? { noneLabel } : {})}
      onValueChange={(next) => {
        setValue(next)
        onChange(next)
      }}
    />
  )
}

const pressed = () =>
  screen
    .getAllByRole('button')
    .filter((b) => b.getAttribute('aria-pressed') === 'true')
    .map((b) => b.textContent)

describe('FilterChips', () => {
  it('given a toolbar, then it has one tab stop and arrows, Home and End move between chips', async () => {
    const { user, container } = setup(<Controlled onChange={() => {}} />)
    expect(screen.getByRole('toolbar', { name: 'Type' })).toBeTruthy()
    await user.tab()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Folders' }))
    await user.keyboard('{ArrowRight}')
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Photos' }))
    await user.keyboard('{End}')
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Audio' }))
    await user.keyboard('{Home}')
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Folders' }))
    await user.tab()
    expect(document.activeElement).toBe(document.body)
    await expectNoAxeViolations(container)
  })

  it('given Space and Enter, then one chip at a time is pressed and pressing it again clears it', async () => {
    const onChange = vi.fn()
    const { user } = setup(<Controlled onChange={onChange} />)
    await user.tab()
    await user.keyboard('{ArrowRight} ')
    expect(onChange).toHaveBeenLastCalledWith('photos')
    expect(pressed()).toEqual(['Photos'])
    await user.keyboard('{ArrowRight}{Enter}')
    expect(onChange).toHaveBeenLastCalledWith('audio')
    expect(pressed()).toEqual(['Audio'])
    await user.keyboard(' ')
    expect(onChange).toHaveBeenLastCalledWith(null)
    expect(pressed()).toEqual([])
  })

  it('given a no-filter chip, then it is pressed while nothing is selected and clears the choice', async () => {
    const onChange = vi.fn()
    const { user } = setup(<Controlled onChange={onChange} noneLabel="Any time" />)
    expect(pressed()).toEqual(['Any time'])
    await user.click(screen.getByRole('button', { name: 'Photos' }))
    expect(pressed()).toEqual(['Photos'])
    await user.click(screen.getByRole('button', { name: 'Any time' }))
    expect(onChange).toHaveBeenLastCalledWith(null)
    expect(pressed()).toEqual(['Any time'])
  })
})

describe('DateRangeChip', () => {
  function Ranged({ onChange }: { onChange: (v: DateRange | null) => void }) {
    const [range, setRange] = useState<DateRange | null>(null)
    return (
      <FilterChips label="Date" options={options} value={range ? 'custom' : null} noneLabel="Any time">
        <DateRangeChip
          value={range}
          onValueChange={(next) => {
            setRange(next)
            onChange(next)
          }}
        />
      </FilterChips>
    )
  }
  const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement

  it('given the toolbar, then the arrows reach the chip, which opens a labelled popover with two date fields', async () => {
    const { user, container } = setup(<Ranged onChange={() => {}} />)
    await user.tab()
    await user.keyboard('{End}')
    const chip = screen.getByRole('button', { name: 'Custom range…' })
    expect(document.activeElement).toBe(chip)
    expect(chip.getAttribute('aria-pressed')).toBe('false')
    await user.keyboard('{Enter}')
    const popover = await screen.findByRole('dialog', { name: 'Custom range' })
    expect(field('From').type).toBe('date')
    expect(field('To').type).toBe('date')
    await waitFor(() => expect(document.activeElement).toBe(field('From')))
    await expectNoAxeViolations(container.ownerDocument.body)
    await user.keyboard('{Escape}')
    await waitFor(() => expect(popover.isConnected).toBe(false))
    expect(document.activeElement).toBe(chip)
  })

  it('given a first day after the last, then Apply says so beside the fields and applies nothing', async () => {
    const onChange = vi.fn()
    const { user } = setup(<Ranged onChange={onChange} />)
    await user.click(screen.getByRole('button', { name: 'Custom range…' }))
    await screen.findByRole('dialog', { name: 'Custom range' })
    await user.click(screen.getByRole('button', { name: 'Apply' }))
    expect(screen.getByRole('alert').textContent).toBe('Choose a first day, a last day or both.')
    fireEvent.change(field('From'), { target: { value: '2026-03-10' } })
    fireEvent.change(field('To'), { target: { value: '2026-03-01' } })
    await user.click(screen.getByRole('button', { name: 'Apply' }))
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toBe('The first day must be on or before the last day.')
    expect(field('From').getAttribute('aria-invalid')).toBe('true')
    expect(field('From').getAttribute('aria-describedby')).toBe(alert.id)
    expect(onChange).not.toHaveBeenCalled()
  })

  it('given a valid range, then Apply hands it over, the chip is pressed and says it, and Clear removes it', async () => {
    const onChange = vi.fn()
    const { user } = setup(<Ranged onChange={onChange} />)
    await user.click(screen.getByRole('button', { name: 'Custom range…' }))
    await screen.findByRole('dialog', { name: 'Custom range' })
    fireEvent.change(field('From'), { target: { value: '2026-03-01' } })
    fireEvent.change(field('To'), { target: { value: '2026-03-10' } })
    expect(field('To').min).toBe('2026-03-01')
    await user.click(screen.getByRole('button', { name: 'Apply' }))
    expect(onChange).toHaveBeenLastCalledWith({ from: '2026-03-01', to: '2026-03-10' })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const chip = screen.getByRole('button', { name: '03/01/2026 – 03/10/2026' })
    expect(chip.getAttribute('aria-pressed')).toBe('true')
    expect(screen.getByRole('button', { name: 'Any time' }).getAttribute('aria-pressed')).toBe('false')
    // Reopened, it starts from the chosen range; one open end is a range too.
    await user.click(chip)
    await screen.findByRole('dialog', { name: 'Custom range' })
    expect(field('From').value).toBe('2026-03-01')
    fireEvent.change(field('To'), { target: { value: '' } })
    await user.click(screen.getByRole('button', { name: 'Apply' }))
    expect(onChange).toHaveBeenLastCalledWith({ from: '2026-03-01' })
    await user.click(screen.getByRole('button', { name: 'From 03/01/2026' }))
    await user.click(await screen.findByRole('button', { name: 'Clear' }))
    expect(onChange).toHaveBeenLastCalledWith(null)
    expect(screen.getByRole('button', { name: 'Custom range…' }).getAttribute('aria-pressed')).toBe('false')
  })
})
