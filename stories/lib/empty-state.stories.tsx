import { expect } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { Button, EmptyState, emptyStateIllustrations } from '../../lib/index.ts'
import { State, StateGrid } from './_support/state-grid.tsx'

const meta = preview.meta({
  title: 'Library/EmptyState',
  tags: ['autodocs'],
  component: EmptyState,
  args: {
    illustration: 'folder' as const,
    title: 'This folder is empty',
    description: 'Drop files here or use ADD NEW',
  },
  argTypes: { illustration: { control: 'select', options: emptyStateIllustrations } },
})

export const Playground = meta.story({})

/** Every illustration, with and without a hint and an action. */
export const States = meta.story({
  render: () => (
    <StateGrid columns={3}>
      <State label="folder">
        <EmptyState illustration="folder" title="This folder is empty" description="Drop files here or use ADD NEW" />
      </State>
      <State label="trash">
        <EmptyState illustration="trash" title="Trash is empty" />
      </State>
      <State label="search">
        <EmptyState illustration="search" title="No results" description="Try another name" />
      </State>
      <State label="photos">
        <EmptyState illustration="photos" title="No photos or videos yet" />
      </State>
      <State label="upload">
        <EmptyState illustration="upload" title="Drop files here" description="or use ADD NEW" />
      </State>
      <State label="with action">
        <EmptyState
          illustration="folder"
          title="This folder doesn't exist or was deleted"
          action={<Button variant="primary">Go to Home</Button>}
        />
      </State>
    </StateGrid>
  ),
})

export const StatesDark = States.extend({ globals: { theme: 'dark' } })

/** The title is a heading; the picture is hidden from assistive technology. */
export const Accessible = meta.story({
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('heading', { name: 'This folder is empty' })).toBeVisible()
    await expect(canvasElement.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true')
  },
})
