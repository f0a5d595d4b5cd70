import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { deMessages, LocaleProvider, OwnerBadge } from '../../../lib/index.ts'
import { expectNoAxeViolations } from '../helpers/axe.ts'
import { setup } from '../helpers/render.tsx'

describe('OwnerBadge', () => {
  it('given an owner name, then it shows "Ben\'s" and is named "Shared by Ben"', async () => {
    setup(<OwnerBadge name="Ben" />)
    const badge = screen.getByRole('img', { name: 'Shared by Ben' })
    expect(badge.textContent).toBe("Ben's")
    expect(badge.getAttribute('title')).toBe('Shared by Ben')
    expect(badge.querySelector('bdi')?.textContent).toBe('Ben')
    expect(badge.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true')
    await expectNoAxeViolations()
  })

  it('given shared, then it shows "Shared" and is named "Shared with others"', async () => {
    setup(<OwnerBadge shared />)
    const badge = screen.getByRole('img', { name: 'Shared with others' })
    expect(badge.textContent).toBe('Shared')
    expect(badge.getAttribute('title')).toBe('Shared with others')
    expect(badge.getAttribute('data-kind')).toBe('shared-by-me')
    await expectNoAxeViolations()
  })

  it('given both, then the owner wins; given neither (or an empty name), then nothing renders', () => {
    const { container, rerender } = setup(<OwnerBadge name="Ben" shared />)
    expect(screen.getByRole('img').getAttribute('data-kind')).toBe('shared-with-me')
    rerender(<OwnerBadge />)
    expect(container.innerHTML).toBe('')
    rerender(<OwnerBadge name="" />)
    expect(container.innerHTML).toBe('')
  })

  it('given hostile names, then they show literally, the visible one in <bdi>, the named one isolated', () => {
    const { container, rerender } = setup(<OwnerBadge name="<script>alert(1)</script>" />)
    expect(container.querySelector('script')).toBeNull()
    expect(screen.getByRole('img', { name: 'Shared by <script>alert(1)</script>' }).textContent).toBe(
      "<script>alert(1)</script>'s",
    )
    rerender(<OwnerBadge name={'\u202Enad'} />)
    const badge = screen.getByRole('img', { name: 'Shared by \u2068\u202Enad\u2069' })
    // The override cannot reach the "'s" after the name: the name sits alone in <bdi>.
    expect(badge.querySelector('bdi')?.textContent).toBe('\u202Enad')
    expect(badge.textContent).toBe("\u202Enad's")
    expect(badge.getAttribute('title')).toBe('Shared by \u2068\u202Enad\u2069')
  })

  it('speaks German in a German LocaleProvider', () => {
    setup(
      <LocaleProvider locale="de-DE" messages={deMessages}>
        <OwnerBadge name="Ben" />
        <OwnerBadge shared />
      </LocaleProvider>,
    )
    expect(screen.getByRole('img', { name: 'Geteilt von Ben' }).textContent).toBe('von Ben')
    expect(screen.getByRole('img', { name: 'Mit anderen geteilt' }).textContent).toBe('Geteilt')
  })
})
