import { expect } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { Spinner, spinnerSizes, sprinkles } from '../../lib/index.ts'
import { State, StateGrid } from './_support/state-grid.tsx'

const meta = preview.meta({
  title: 'Library/Spinner',
  tags: ['autodocs'],
  component: Spinner,
  argTypes: { size: { control: 'inline-radio', options: spinnerSizes } },
})

export const Playground = meta.story({})

/** Sizes, and the colour it takes from its surroundings. */
export const States = meta.story({
  render: () => (
    <StateGrid columns={3}>
      <State label="sizes">
        {spinnerSizes.map((size) => (
          <Spinner key={size} size={size} label={`Loading (${size})`} />
        ))}
      </State>
      <State label="accent text">
        <span className={sprinkles({ color: 'accent', display: 'inline-flex' })}>
          <Spinner label="Loading folders" />
        </span>
      </State>
      <State label="muted text">
        <span className={sprinkles({ color: 'muted', display: 'inline-flex' })}>
          <Spinner label="Loading files" />
        </span>
      </State>
    </StateGrid>
  ),
})

export const StatesDark = States.extend({ globals: { theme: 'dark' } })

/** A status named "Loading" unless told otherwise. */
export const Named = meta.story({
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: 'Loading' })).toBeVisible()
  },
})
