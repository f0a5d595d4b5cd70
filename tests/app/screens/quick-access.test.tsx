import '../helpers/setup.ts'
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { gridColumnCount } from '../../../app/screens/files/use-grid-columns.ts'
import { setLoggedIn } from '../../../app/state/user.ts'
import { makeFile, serveDrive } from '../helpers/drive.ts'
import { renderApp } from '../helpers/render.tsx'

// Issue #23: collapsed, Quick Access shows exactly one row (no sliver of a second one to click or
// tab into), and its toggle says what it will do.

function openHome() {
  setLoggedIn(true)
  localStorage.setItem('hasPreviouslyLoggedIn', 'true')
  return renderApp('/home')
}

/** Lays the strip out as a browser would: `columns` tracks of 170 px (jsdom lays nothing out). */
function layOutStrip(columns: number) {
  const real = window.getComputedStyle.bind(window)
  vi.spyOn(window, 'getComputedStyle').mockImplementation((element, pseudo) => {
    const style = real(element, pseudo)
    if (element.id !== 'quick-access-items') return style
    const tracks = Array(columns).fill('170px').join(' ')
    return new Proxy(style, {
      get: (target, key) => (key === 'gridTemplateColumns' ? tracks : Reflect.get(target, key, target)),
    })
  })
}

const region = () => screen.findByRole('region', { name: 'Quick Access' })

afterEach(() => vi.restoreAllMocks())

describe('Quick Access strip (SPEC §2, issue #23)', () => {
  it('given room for 3 cards a row, then collapsed it shows exactly 3; Show more shows all 8 and turns into Show less', async () => {
    layOutStrip(3)
    serveDrive({ folders: [], files: Array.from({ length: 8 }, (_, i) => makeFile(i + 1)) })
    const { user } = openHome()
    const strip = await region()
    await waitFor(() => expect(within(strip).getAllByRole('button', { name: /^report-/ })).toHaveLength(3))
    const toggle = within(strip).getByRole('button', { name: 'Show more' })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    await user.click(toggle)
    expect(within(strip).getAllByRole('button', { name: /^report-/ })).toHaveLength(8)
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    expect(toggle.getAttribute('aria-label')).toBe('Show less')
    await user.click(toggle)
    expect(within(strip).getAllByRole('button', { name: /^report-/ })).toHaveLength(3)
    expect(toggle.getAttribute('aria-label')).toBe('Show more')
  })

  it('given every file fits in one row, then there is nothing to show more of: no toggle', async () => {
    layOutStrip(5)
    serveDrive({ folders: [], files: [makeFile(1), makeFile(2)] })
    openHome()
    const strip = await region()
    await waitFor(() => expect(within(strip).getAllByRole('button', { name: /^report-/ })).toHaveLength(2))
    expect(within(strip).queryByRole('button', { name: 'Show more' })).toBeNull()
  })
})

describe('gridColumnCount', () => {
  it('counts resolved tracks, and knows nothing of a grid that is not laid out', () => {
    const element = document.createElement('div')
    const spy = vi.spyOn(window, 'getComputedStyle')
    spy.mockReturnValue({ gridTemplateColumns: '170.5px 170.5px' } as CSSStyleDeclaration)
    expect(gridColumnCount(element)).toBe(2)
    spy.mockReturnValue({ gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))' } as CSSStyleDeclaration)
    expect(gridColumnCount(element)).toBeNull()
    spy.mockReturnValue({ gridTemplateColumns: '' } as CSSStyleDeclaration)
    expect(gridColumnCount(element)).toBeNull()
  })
})
