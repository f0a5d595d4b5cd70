import { expect } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { AddedBy } from '../../lib/index.ts'
import { State, StateGrid } from './_support/state-grid.tsx'

// A local time, so the default (Intl) format reads the same in every time zone.
const may3 = new Date(2026, 4, 3, 12)

const meta = preview.meta({
  title: 'Library/AddedBy',
  tags: ['autodocs'],
  component: AddedBy,
  args: { name: 'Ben', date: may3 },
})

export const Playground = meta.story({})

/** With a date, without one, a long name that wraps, hostile and right-to-left names. */
export const States = meta.story({
  render: () => (
    <StateGrid columns={2}>
      <State label="name and date">
        <AddedBy name="Ben" date={may3} />
      </State>
      <State label="no date">
        <AddedBy name="Ben" />
      </State>
      <State label="long name, 240 px wide">
        <div style={{ width: 240 }}>
          <AddedBy name="Maximilian Alexander von Habsburg-Lothringen der Dritte" date={may3} />
        </div>
      </State>
      <State label="markup in a name">
        <AddedBy name="<script>alert(1)</script>" date={may3} />
      </State>
      <State label="U+202E in a name (the date stays put)">
        <AddedBy name={'\u202Enad'} date={may3} />
      </State>
      <State label="right-to-left name">
        <AddedBy name="שרה כהן" date={may3} />
      </State>
    </StateGrid>
  ),
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('script')).toBeNull()
    await expect(canvasElement.querySelectorAll('[data-part="added-by"] bdi')).toHaveLength(6)
  },
})

export const StatesDark = States.extend({ globals: { theme: 'dark' } })

/** Right to left (`dir="rtl"` on <html>). */
export const StatesRtl = States.extend({ globals: { dir: 'rtl' } })

/** In German (`LocaleProvider` with `deMessages`): "Hinzugefügt von Ben · 3. Mai 2026". */
export const StatesGerman = States.extend({ globals: { locale: 'de-DE' } })
