import { useState } from 'react'
import { expect, fn, screen, waitFor } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { type DefaultSortField, SortControl, type SortValue, sortValues } from '../../lib/index.ts'
import { State, StateGrid } from './_support/state-grid.tsx'

const meta = preview.meta({
  title: 'Library/SortControl',
  tags: ['autodocs'],
  // The default fields (the control is generic over its fields).
  component: SortControl<DefaultSortField>,
  args: { value: 'date_desc' as SortValue, onValueChange: fn() },
  argTypes: { value: { control: 'select', options: sortValues } },
})

export const Playground = meta.story({})

/** Every sort value, disabled and custom texts. */
export const States = meta.story({
  render: () => (
    <StateGrid columns={2}>
      {sortValues.map((value) => (
        <State key={value} label={value}>
          <SortControl value={value} onValueChange={() => {}} />
        </State>
      ))}
      <State label="disabled">
        <SortControl value="date_desc" onValueChange={() => {}} disabled />
      </State>
      <State label="custom texts">
        <SortControl value="alp_asc" onValueChange={() => {}} labels={{ name: 'Alphabetical', date: 'Date' }} />
      </State>
    </StateGrid>
  ),
})

export const StatesDark = States.extend({ globals: { theme: 'dark' } })

/** The toggle flips the direction; the select changes the field and keeps the direction. */
export const Interaction = meta.story({
  render: function Render(args) {
    const [value, setValue] = useState<SortValue>('date_desc')
    return (
      <SortControl
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
    const toggle = canvas.getByRole('button', { name: 'Ascending' })
    await expect(toggle).toHaveAttribute('aria-pressed', 'false')
    await userEvent.click(toggle)
    await expect(args.onValueChange).toHaveBeenLastCalledWith('date_asc')
    await expect(toggle).toHaveAttribute('aria-pressed', 'true')
    const select = await canvas.findByRole('combobox', { name: 'Sort by' })
    await userEvent.click(select)
    await userEvent.click(await screen.findByRole('option', { name: 'Name' }))
    await expect(args.onValueChange).toHaveBeenLastCalledWith('alp_asc')
    await waitFor(() => expect(select).toHaveTextContent('Name'))
    // Keyboard: Space on the toggle.
    toggle.focus()
    await userEvent.keyboard(' ')
    await expect(args.onValueChange).toHaveBeenLastCalledWith('alp_desc')
  },
})

/** A product's own vocabulary: Size, Type and Name, with values such as `size_desc`. */
export const CustomFields = meta.story({
  render: function Render() {
    const [value, setValue] = useState<SortValue<'size' | 'type' | 'name'>>('size_desc')
    return (
      <>
        <SortControl
          fields={[
            { value: 'size', label: 'Size' },
            { value: 'type', label: 'Type' },
            { value: 'name', label: 'Name' },
          ]}
          value={value}
          onValueChange={setValue}
        />
        <output data-testid="sort">{value}</output>
      </>
    )
  },
  play: async ({ canvas, userEvent }) => {
    const select = await canvas.findByRole('combobox', { name: 'Sort by' })
    await expect(select).toHaveTextContent('Size')
    await userEvent.click(select)
    const options = await screen.findAllByRole('option')
    await expect(options.map((option) => option.textContent)).toEqual(['Size', 'Type', 'Name'])
    await userEvent.click(screen.getByRole('option', { name: 'Type' }))
    await expect(canvas.getByTestId('sort')).toHaveTextContent('type_desc')
    await userEvent.click(canvas.getByRole('button', { name: 'Ascending' }))
    await expect(canvas.getByTestId('sort')).toHaveTextContent('type_asc')
  },
})

const searchFields = [
  { value: 'date', label: 'Modified' },
  { value: 'alp', label: 'Name' },
] as const

/** `directionlessFields`: "Best match" first, with no direction toggle while chosen; beside it a directed sort. */
export const StatesDirectionless = meta.story({
  render: () => (
    <StateGrid columns={2}>
      <State label="Best match (no direction)">
        <SortControl
          directionlessFields={[{ value: 'relevance', label: 'Best match' }]}
          fields={searchFields}
          value="relevance"
          onValueChange={() => {}}
        />
      </State>
      <State label="Name, ascending, Best match offered">
        <SortControl
          directionlessFields={[{ value: 'relevance', label: 'Best match' }]}
          fields={searchFields}
          value="alp_asc"
          onValueChange={() => {}}
        />
      </State>
    </StateGrid>
  ),
})

export const StatesDirectionlessDark = StatesDirectionless.extend({ globals: { theme: 'dark' } })

/** Best match sends the field alone; a directed field picks up the last direction; back to Best match hides the toggle. */
export const Directionless = meta.story({
  render: function Render() {
    const [value, setValue] = useState<SortValue<'date' | 'alp'> | 'relevance'>('relevance')
    return (
      <>
        <SortControl
          directionlessFields={[{ value: 'relevance', label: 'Best match' }]}
          fields={searchFields}
          value={value}
          onValueChange={setValue}
        />
        <output data-testid="sort">{value}</output>
      </>
    )
  },
  play: async ({ canvas, userEvent }) => {
    const select = await canvas.findByRole('combobox', { name: 'Sort by' })
    await expect(select).toHaveTextContent('Best match')
    await expect(canvas.queryByRole('button', { name: 'Ascending' })).toBeNull()
    await userEvent.click(select)
    await userEvent.click(await screen.findByRole('option', { name: 'Name' }))
    await expect(canvas.getByTestId('sort')).toHaveTextContent('alp_desc')
    await userEvent.click(canvas.getByRole('button', { name: 'Ascending' }))
    await expect(canvas.getByTestId('sort')).toHaveTextContent('alp_asc')
    await userEvent.click(select)
    await userEvent.click(await screen.findByRole('option', { name: 'Best match' }))
    await expect(canvas.getByTestId('sort')).toHaveTextContent('relevance')
    await expect(canvas.queryByRole('button', { name: 'Ascending' })).toBeNull()
  },
})
