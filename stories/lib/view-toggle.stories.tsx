import { useState } from 'react'
import { expect, fn } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { collectionViews, type CollectionView, ViewToggle } from '../../lib/index.ts'
import { State, StateGrid } from './_support/state-grid.tsx'

const meta = preview.meta({
  title: 'Library/ViewToggle',
  tags: ['autodocs'],
  component: ViewToggle,
  args: { value: 'grid' as CollectionView, onValueChange: fn() },
  argTypes: { value: { control: 'inline-radio', options: collectionViews } },
})

export const Playground = meta.story({})

/** Grid chosen, list chosen, disabled. */
export const States = meta.story({
  render: () => (
    <StateGrid columns={3}>
      <State label="grid">
        <ViewToggle value="grid" onValueChange={() => {}} />
      </State>
      <State label="list">
        <ViewToggle value="list" onValueChange={() => {}} />
      </State>
      <State label="disabled">
        <ViewToggle value="grid" onValueChange={() => {}} disabled />
      </State>
    </StateGrid>
  ),
})

export const StatesDark = States.extend({ globals: { theme: 'dark' } })

/** A group of two pressed-state buttons; choosing the current view again reports nothing. */
export const Interaction = meta.story({
  render: function Render(args) {
    const [value, setValue] = useState<CollectionView>('grid')
    return (
      <ViewToggle
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
    await expect(canvas.getByRole('group', { name: 'View' })).toBeVisible()
    const grid = canvas.getByRole('button', { name: 'Grid view' })
    const list = canvas.getByRole('button', { name: 'List view' })
    await expect(grid).toHaveAttribute('aria-pressed', 'true')
    await userEvent.click(grid)
    await expect(args.onValueChange).not.toHaveBeenCalled()
    await userEvent.tab()
    await expect(list).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await expect(args.onValueChange).toHaveBeenCalledWith('list')
    await expect(list).toHaveAttribute('aria-pressed', 'true')
  },
})
