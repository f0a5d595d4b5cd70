import { expect } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { OwnerBadge } from '../../lib/index.ts'
import { State, StateGrid } from './_support/state-grid.tsx'

const meta = preview.meta({
  title: 'Library/OwnerBadge',
  tags: ['autodocs'],
  component: OwnerBadge,
  args: { name: 'Ben' },
})

export const Playground = meta.story({})

/** Shared with me ("Ben's"), shared by me ("Shared"), a long name cut short, hostile and right-to-left names. */
export const States = meta.story({
  render: () => (
    <StateGrid columns={3}>
      <State label="shared with me">
        <OwnerBadge name="Ben" />
      </State>
      <State label="shared by me">
        <OwnerBadge shared />
      </State>
      <State label="long name, 160 px wide">
        <div style={{ width: 160, display: 'flex' }}>
          <OwnerBadge name="Maximilian Alexander von Habsburg" />
        </div>
      </State>
      <State label="markup in a name">
        <OwnerBadge name="<script>alert(1)</script>" />
      </State>
      <State label="U+202E in a name">
        <OwnerBadge name={'\u202Enad'} />
      </State>
      <State label="right-to-left name">
        <OwnerBadge name="שרה" />
      </State>
    </StateGrid>
  ),
  // Each badge's tooltip is its accessible name (whatever the language).
  play: async ({ canvas }) => {
    const badges = canvas.getAllByRole('img')
    await expect(badges).toHaveLength(6)
    for (const badge of badges) await expect(badge.getAttribute('title')).toBe(badge.getAttribute('aria-label'))
  },
})

export const StatesDark = States.extend({ globals: { theme: 'dark' } })

/** Right to left (`dir="rtl"` on <html>): the icon on the right. */
export const StatesRtl = States.extend({ globals: { dir: 'rtl' } })

/** In German (`LocaleProvider` with `deMessages`): "von Ben", "Geteilt". */
export const StatesGerman = States.extend({ globals: { locale: 'de-DE' } })

/** `compact`: the icon alone, as cards and rows show it beside a name; the sentence stays its name and tooltip. */
export const StatesCompact = meta.story({
  render: () => (
    <StateGrid columns={2}>
      <State label="shared with me">
        <OwnerBadge name="Ben" compact />
      </State>
      <State label="shared by me">
        <OwnerBadge shared compact />
      </State>
    </StateGrid>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'Shared by Ben' })).toHaveAttribute('title', 'Shared by Ben')
    await expect(canvas.queryByText("Ben's")).toBeNull()
  },
})

export const StatesCompactDark = StatesCompact.extend({ globals: { theme: 'dark' } })
