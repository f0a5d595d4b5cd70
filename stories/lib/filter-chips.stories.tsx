import { useState } from 'react'
import { expect, fn, screen, waitFor } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { type DateRange, DateRangeChip, type FilterChipOption, FilterChips } from '../../lib/index.ts'
import { State, StateGrid } from './_support/state-grid.tsx'

type Kind = 'folders' | 'photos' | 'videos' | 'documents' | 'audio'
const kinds: FilterChipOption<Kind>[] = [
  { value: 'folders', label: 'Folders', icon: 'folder' },
  { value: 'photos', label: 'Photos' },
  { value: 'videos', label: 'Videos' },
  { value: 'documents', label: 'Documents' },
  { value: 'audio', label: 'Audio' },
]
type Range = 'week' | 'month' | 'year'
const ranges: FilterChipOption<Range>[] = [
  { value: 'week', label: 'Past 7 days' },
  { value: 'month', label: 'Past 30 days' },
  { value: 'year', label: 'This year' },
]

const change = fn()

const meta = preview.meta({
  title: 'Library/FilterChips',
  tags: ['autodocs'],
  component: FilterChips<Kind>,
  args: { label: 'Type', options: kinds, onValueChange: change },
  beforeEach: () => {
    change.mockClear()
  },
})

export const Playground = meta.story({})

/** None selected, one selected, a "no filter" chip, disabled, and wrapping when narrow. */
export const States = meta.story({
  render: () => (
    <StateGrid columns={1}>
      <State label="none selected">
        <FilterChips label="Type 1" options={kinds} value={null} />
      </State>
      <State label="Photos selected">
        <FilterChips label="Type 2" options={kinds} value="photos" />
      </State>
      <State label="with a no-filter chip (Any time pressed)">
        <FilterChips label="Date 1" options={ranges} noneLabel="Any time" value={null} />
      </State>
      <State label="with a no-filter chip, Past 30 days">
        <FilterChips label="Date 2" options={ranges} noneLabel="Any time" value="month" />
      </State>
      <State label="disabled">
        <FilterChips label="Type 3" options={kinds} value="audio" disabled />
      </State>
      <State label="with Custom range… (none chosen)">
        <FilterChips label="Date 3" options={ranges} noneLabel="Any time" value={null}>
          <DateRangeChip value={null} />
        </FilterChips>
      </State>
      <State label="a custom range chosen">
        <FilterChips label="Date 4" options={ranges} noneLabel="Any time" value={'custom' as Range}>
          <DateRangeChip value={{ from: '2026-03-01', to: '2026-03-10' }} />
        </FilterChips>
      </State>
      <State label="narrow (240 px): chips wrap">
        <div style={{ width: 240 }}>
          <FilterChips label="Type 4" options={kinds} value="documents" />
        </div>
      </State>
    </StateGrid>
  ),
})

export const StatesDark = States.extend({ globals: { theme: 'dark' } })

export const StatesRtl = States.extend({ globals: { dir: 'rtl' } })

/** Pointer: a chip selects; pressing it again clears; another replaces it. */
export const Pointer = meta.story({
  render: function Render(args) {
    const [value, setValue] = useState<Kind | null>(null)
    return (
      <FilterChips
        {...args}
        value={value}
        onValueChange={(next) => {
          setValue(next)
          args.onValueChange?.(next)
        }}
      />
    )
  },
  play: async ({ canvas, userEvent, args }) => {
    const photos = canvas.getByRole('button', { name: 'Photos' })
    await userEvent.click(photos)
    await expect(args.onValueChange).toHaveBeenLastCalledWith('photos')
    await expect(photos).toHaveAttribute('aria-pressed', 'true')
    await userEvent.click(canvas.getByRole('button', { name: 'Audio' }))
    await expect(photos).toHaveAttribute('aria-pressed', 'false')
    await userEvent.click(canvas.getByRole('button', { name: 'Audio' }))
    await expect(args.onValueChange).toHaveBeenLastCalledWith(null)
  },
})

/** Keyboard: one tab stop; arrows move, Space and Enter press. */
export const Keyboard = meta.story({
  render: function Render(args) {
    const [value, setValue] = useState<Kind | null>(null)
    return <FilterChips {...args} value={value} onValueChange={setValue} />
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.tab()
    await expect(canvas.getByRole('button', { name: 'Folders' })).toHaveFocus()
    await userEvent.keyboard('{ArrowRight}{ArrowRight}')
    const videos = canvas.getByRole('button', { name: 'Videos' })
    await expect(videos).toHaveFocus()
    await userEvent.keyboard(' ')
    await expect(videos).toHaveAttribute('aria-pressed', 'true')
    await userEvent.keyboard('{End}{Enter}')
    await expect(canvas.getByRole('button', { name: 'Audio' })).toHaveAttribute('aria-pressed', 'true')
    await expect(videos).toHaveAttribute('aria-pressed', 'false')
  },
})

/** A Date toolbar whose Custom range… chip takes the user's days. */
function DateFilters({ onRange }: { onRange?: (range: DateRange | null) => void }) {
  const [value, setValue] = useState<Range | null>(null)
  const [range, setRange] = useState<DateRange | null>(null)
  return (
    <div style={{ minHeight: 220 }}>
      <FilterChips<Range | 'custom'>
        label="Date"
        options={ranges}
        noneLabel="Any time"
        value={value ?? (range ? 'custom' : null)}
        onValueChange={(next) => {
          setValue(next === 'custom' ? value : next)
          setRange(null)
        }}
      >
        <DateRangeChip
          value={range}
          onValueChange={(next) => {
            setRange(next)
            if (next) setValue(null)
            onRange?.(next)
          }}
        />
      </FilterChips>
    </div>
  )
}

const applied = fn()

/** Custom range… open, after Apply with the first day after the last: the message beside the fields. */
export const StatesCustomRangeInvalid = meta.story({
  render: () => <DateFilters />,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Custom range…' }))
    const popover = await screen.findByRole('dialog', { name: 'Custom range' })
    await waitFor(() => expect(popover).toHaveAttribute('data-enter'))
    await userEvent.type(screen.getByLabelText('From'), '2026-03-10')
    await userEvent.type(screen.getByLabelText('To'), '2026-03-01')
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }))
    await expect(screen.getByRole('alert')).toHaveTextContent('The first day must be on or before the last day.')
    await expect(screen.getByLabelText('From')).toHaveAttribute('aria-invalid', 'true')
  },
})

export const StatesCustomRangeInvalidDark = StatesCustomRangeInvalid.extend({ globals: { theme: 'dark' } })

/** Keyboard: the arrows reach Custom range…, Enter opens it on From, Apply hands the days over, focus comes back. */
export const CustomRangeKeyboard = meta.story({
  render: () => <DateFilters onRange={applied} />,
  beforeEach: () => {
    applied.mockClear()
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.tab()
    await userEvent.keyboard('{End}')
    const chip = canvas.getByRole('button', { name: 'Custom range…' })
    await expect(chip).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await screen.findByRole('dialog', { name: 'Custom range' })
    const from = screen.getByLabelText('From')
    await waitFor(() => expect(from).toHaveFocus())
    await userEvent.type(from, '2026-03-01')
    await userEvent.type(screen.getByLabelText('To'), '2026-03-10')
    await userEvent.keyboard('{Enter}')
    await expect(applied).toHaveBeenLastCalledWith({ from: '2026-03-01', to: '2026-03-10' })
    const chosen = canvas.getByRole('button', { name: '03/01/2026 – 03/10/2026' })
    await expect(chosen).toHaveAttribute('aria-pressed', 'true')
    await waitFor(() => expect(chosen).toHaveFocus())
    await expect(canvas.getByRole('button', { name: 'Any time' })).toHaveAttribute('aria-pressed', 'false')
  },
})
