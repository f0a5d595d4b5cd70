import { expect } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { ProgressBar, progressTones } from '../../lib/index.ts'
import { State, StateGrid } from './_support/state-grid.tsx'

const meta = preview.meta({
  title: 'Library/ProgressBar',
  tags: ['autodocs'],
  component: ProgressBar,
  args: { label: 'holiday.mp4', value: 42 },
  argTypes: {
    value: { control: { type: 'range', min: 0, max: 100 } },
    tone: { control: 'inline-radio', options: progressTones },
  },
  decorators: [
    (Story) => (
      <div style={{ width: 320 }}>
        <Story />
      </div>
    ),
  ],
})

export const Playground = meta.story({})

/** Upload rows: running, done (green), canceled (red) and a folder (indeterminate). */
export const States = meta.story({
  render: () => (
    <StateGrid columns={1} fill>
      <State label="0%">
        <ProgressBar label="empty.txt" value={0} />
      </State>
      <State label="42%">
        <ProgressBar label="holiday.mp4" value={42} />
      </State>
      <State label="completed (success)">
        <ProgressBar label="photo.jpg" value={100} tone="success" />
      </State>
      <State label="canceled (danger)">
        <ProgressBar label="backup.zip" value={63} tone="danger" />
      </State>
      <State label="indeterminate (folder)">
        <ProgressBar label="Holiday photos" />
      </State>
    </StateGrid>
  ),
})

export const StatesDark = States.extend({ globals: { theme: 'dark' } })

/** Right to left (`dir="rtl"` on <html>): sides, arrows and progress mirror; names and dates stay isolated. */
export const StatesRtl = States.extend({ globals: { dir: 'rtl' } })

/** Determinate bars report their value; indeterminate ones leave aria-valuenow out. */
export const Semantics = meta.story({
  render: () => (
    <>
      <ProgressBar label="photo.jpg" value={42} />
      <ProgressBar label="Holiday photos" />
    </>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'photo.jpg' })).toHaveAttribute('aria-valuenow', '42')
    await expect(canvas.getByRole('progressbar', { name: 'Holiday photos' })).not.toHaveAttribute('aria-valuenow')
  },
})
