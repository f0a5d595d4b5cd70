import { expect, fn } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { buttonSizes, buttonVariants, IconButton, iconNames } from '../../lib/index.ts'
import { State, StateGrid } from './_support/state-grid.tsx'

const meta = preview.meta({
  title: 'Library/IconButton',
  tags: ['autodocs'],
  component: IconButton,
  // `as const` keeps literal unions (IconName) from widening to string in Storybook's arg types.
  args: { icon: 'close', label: 'Close', onClick: fn() } as const,
  argTypes: {
    icon: { control: 'select', options: iconNames },
    variant: { control: 'inline-radio', options: buttonVariants },
    size: { control: 'inline-radio', options: buttonSizes },
  },
})

export const Playground = meta.story({})

/** Every variant and size, disabled and loading. */
export const States = meta.story({
  render: () => (
    <StateGrid columns={2}>
      {buttonVariants.map((variant) => (
        <State key={variant} label={variant}>
          {buttonSizes.map((size) => (
            <IconButton key={size} icon="share" label={`Share (${size})`} variant={variant} size={size} />
          ))}
          <IconButton icon="trash" label="Trash (disabled)" variant={variant} disabled />
          <IconButton icon="download" label="Download (loading)" variant={variant} loading />
        </State>
      ))}
    </StateGrid>
  ),
})

export const StatesDark = States.extend({ globals: { theme: 'dark' } })

/** The label is the accessible name (and tooltip); Enter and Space press it. */
export const Keyboard = meta.story({
  play: async ({ canvas, userEvent, args }) => {
    const button = canvas.getByRole('button', { name: 'Close' })
    await expect(button).toHaveAttribute('title', 'Close')
    await userEvent.tab()
    await expect(button).toHaveFocus()
    await userEvent.keyboard('{Enter} ')
    await expect(args.onClick).toHaveBeenCalledTimes(2)
  },
})

export const Pointer = meta.story({
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Close' }))
    await expect(args.onClick).toHaveBeenCalledOnce()
  },
})
