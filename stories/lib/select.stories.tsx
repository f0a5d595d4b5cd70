import { useState } from 'react'
import { expect, fn, screen, waitFor } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { Select, selectLayouts, type SelectOption } from '../../lib/index.ts'
import { State, StateGrid } from './_support/state-grid.tsx'

// As in the share dialog and the settings page.
const permissions: SelectOption[] = [
  { value: 'private', label: 'Private' },
  { value: 'public', label: 'Public' },
  { value: 'one', label: 'Temporary' },
]
const listStyles: SelectOption[] = [
  { value: 'grid', label: 'Grid' },
  { value: 'list', label: 'List' },
]

const meta = preview.meta({
  title: 'Library/Select',
  tags: ['autodocs'],
  component: Select,
  args: { label: 'Permission', options: permissions, defaultValue: 'private', onValueChange: fn() },
  argTypes: { layout: { control: 'inline-radio', options: selectLayouts } },
})

export const Playground = meta.story({})

/** Default, placeholder, hint, disabled, busy, inline, hidden label and a long value. */
export const States = meta.story({
  render: () => (
    <StateGrid columns={3}>
      <State label="default">
        <Select label="Permission" options={permissions} defaultValue="public" />
      </State>
      <State label="placeholder">
        <Select label="Sort by" options={[{ value: 'date', label: 'Date' }]} placeholder="Choose…" />
      </State>
      <State label="with hint">
        <Select
          label="Permission"
          options={permissions}
          defaultValue="one"
          hint="Anyone with the link can download it once."
        />
      </State>
      <State label="disabled">
        <Select label="Permission" options={permissions} defaultValue="private" disabled />
      </State>
      <State label="busy">
        <Select label="Permission" options={permissions} defaultValue="public" busy />
      </State>
      <State label="inline layout">
        <Select label="File list style" layout="inline" options={listStyles} defaultValue="grid" />
      </State>
      <State label="hidden label">
        <Select label="Media filter" labelHidden options={[{ value: 'all', label: 'All' }]} defaultValue="all" />
      </State>
      <State label="long value">
        <div style={{ width: 180 }}>
          <Select
            label="Folder"
            options={[{ value: 'x', label: 'A folder name that is far too long to fit' }]}
            defaultValue="x"
          />
        </div>
      </State>
    </StateGrid>
  ),
})

export const StatesDark = States.extend({ globals: { theme: 'dark' } })

/** The open list, with the chosen option checked and another one highlighted. */
export const StatesOpen = meta.story({
  render: (args) => (
    <div style={{ minHeight: 200 }}>
      <Select {...args} />
    </div>
  ),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('combobox', { name: 'Permission' }))
    const listbox = await canvas.findByRole('listbox')
    await waitFor(() => expect(listbox).toHaveAttribute('data-enter'))
    await userEvent.keyboard('{ArrowDown}')
  },
})

export const StatesOpenDark = StatesOpen.extend({ globals: { theme: 'dark' } })

/** Keyboard only: open with ArrowDown, walk with arrows, pick with Enter; focus returns to the select. */
export const Keyboard = meta.story({
  render: function Render(args) {
    const [value, setValue] = useState('private')
    return (
      <Select
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
    // Ariakit links the label on its second render: wait for the name before acting.
    const select = await canvas.findByRole('combobox', { name: 'Permission' })
    await userEvent.tab()
    await expect(select).toHaveFocus()
    await userEvent.keyboard('{ArrowDown}')
    await canvas.findByRole('listbox')
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}')
    await expect(args.onValueChange).toHaveBeenLastCalledWith('one')
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull())
    await waitFor(() => expect(select).toHaveFocus())
    await expect(select).toHaveTextContent('Temporary')
  },
})

/** Pointer: click to open, click an option to choose it. */
export const Pointer = meta.story({
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(await canvas.findByRole('combobox', { name: 'Permission' }))
    await userEvent.click(await canvas.findByRole('option', { name: 'Public' }))
    await expect(args.onValueChange).toHaveBeenCalledWith('public')
  },
})

/** Busy (a permission change in progress): keeps focus, does not open. */
export const Busy = meta.story({
  args: { busy: true },
  play: async ({ canvas, userEvent }) => {
    const select = await canvas.findByRole('combobox', { name: 'Permission' })
    await expect(select).toHaveAttribute('aria-busy', 'true')
    await userEvent.tab()
    await expect(select).toHaveFocus()
    await userEvent.keyboard('{ArrowDown}')
    await expect(select).toHaveAttribute('aria-expanded', 'false')
  },
})
