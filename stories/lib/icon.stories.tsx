import { expect } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { Icon, iconNames, iconSizes, sprinkles } from '../../lib/index.ts'
import { State, StateGrid } from './_support/state-grid.tsx'

const meta = preview.meta({
  title: 'Library/Icon',
  tags: ['autodocs'],
  component: Icon,
  // `as const` keeps literal unions (IconName) from widening to string in Storybook's arg types.
  args: { name: 'folder' } as const,
  argTypes: {
    name: { control: 'select', options: iconNames },
    size: { control: 'inline-radio', options: iconSizes },
  },
})

export const Playground = meta.story({})

/** The whole set at every size, in text and accent colours. */
export const States = meta.story({
  render: () => (
    <StateGrid columns={6}>
      {iconNames.map((name) => (
        <State key={name} label={name}>
          {iconSizes.map((size) => (
            <Icon key={size} name={name} size={size} />
          ))}
          <span className={sprinkles({ color: 'accent', display: 'inline-flex' })}>
            <Icon name={name} />
          </span>
        </State>
      ))}
    </StateGrid>
  ),
})

export const StatesDark = States.extend({ globals: { theme: 'dark' } })

/** Decorative by default; with a label it is an image named by it. */
export const Labelled = meta.story({
  args: { name: 'error', label: 'Error' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'Error' })).toBeVisible()
  },
})
