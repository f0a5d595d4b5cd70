import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { AddedBy, deMessages, LocaleProvider } from '../../../lib/index.ts'
import { expectNoAxeViolations } from '../helpers/axe.ts'
import { setup } from '../helpers/render.tsx'

const may3 = new Date(Date.UTC(2026, 4, 3, 12))

describe('AddedBy', () => {
  it('says who added it and when, the name in <bdi> and the date in <time>', async () => {
    const { container } = setup(
      <LocaleProvider timeZone="UTC">
        <AddedBy name="Ben" date={may3} />
      </LocaleProvider>,
    )
    const line = container.querySelector('[data-part="added-by"]')!
    expect(line.textContent).toBe('Added by Ben · May 3, 2026')
    expect(line.querySelector('bdi')?.textContent).toBe('Ben')
    expect(line.querySelector('time')?.getAttribute('dateTime')).toBe('2026-05-03T12:00:00.000Z')
    await expectNoAxeViolations()
  })

  it('takes an ISO string, and the locale\'s language: en-GB "3 May 2026"', () => {
    setup(
      <LocaleProvider locale="en-GB" timeZone="UTC">
        <AddedBy name="Ben" date="2026-05-03T12:00:00Z" />
      </LocaleProvider>,
    )
    expect(screen.getByText(/Added by/).textContent).toBe('Added by Ben · 3 May 2026')
  })

  it('given no date or an unparseable one, then only the name', () => {
    const { container, rerender } = setup(<AddedBy name="Ben" />)
    expect(container.textContent).toBe('Added by Ben')
    rerender(<AddedBy name="Ben" date="not a date" />)
    expect(container.textContent).toBe('Added by Ben')
    expect(container.querySelector('time')).toBeNull()
  })

  it('given formatDate, then it formats the date', () => {
    const { container } = setup(<AddedBy name="Ben" date={may3} formatDate={(d) => d.toISOString().slice(0, 10)} />)
    expect(container.textContent).toBe('Added by Ben · 2026-05-03')
  })

  it('given hostile names, then they show literally and the override stays inside the <bdi>', () => {
    const { container, rerender } = setup(
      <AddedBy name="<script>alert(1)</script>" date={may3} formatDate={() => 'today'} />,
    )
    expect(container.querySelector('script')).toBeNull()
    expect(container.textContent).toBe('Added by <script>alert(1)</script> · today')
    rerender(<AddedBy name={'\u202Enad'} date={may3} formatDate={() => 'today'} />)
    const bdi = container.querySelector('bdi')!
    expect(bdi.textContent).toBe('\u202Enad')
    // The date is outside the isolated name, so the override cannot turn it around.
    expect(bdi.nextSibling?.textContent).toBe(' · ')
    expect(container.querySelector('time')?.textContent).toBe('today')
  })

  it('speaks German in a German LocaleProvider', () => {
    const { container } = setup(
      <LocaleProvider locale="de-DE" messages={deMessages} timeZone="UTC">
        <AddedBy name="Ben" date={may3} />
      </LocaleProvider>,
    )
    expect(container.textContent).toBe('Hinzugefügt von Ben · 3. Mai 2026')
  })
})
