import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { isRtl, logicalArrow } from '../../../lib/internal/direction.ts'
import { Icon, MultiSelectBar } from '../../../lib/index.ts'
import { setup } from '../helpers/render.tsx'

describe('direction', () => {
  it('follows the nearest dir attribute', () => {
    document.body.innerHTML = '<div dir="rtl"><p id="a">x</p><div dir="ltr"><p id="b">y</p></div></div>'
    expect(isRtl(document.getElementById('a'))).toBe(true)
    expect(isRtl(document.getElementById('b'))).toBe(false)
    expect(isRtl(null)).toBe(false)
  })

  it('swaps ArrowLeft and ArrowRight in RTL only, and leaves other keys alone', () => {
    document.body.innerHTML = '<div dir="rtl"><p id="a">x</p></div><p id="b">y</p>'
    const rtl = document.getElementById('a')
    const ltr = document.getElementById('b')
    expect([logicalArrow('ArrowLeft', rtl), logicalArrow('ArrowRight', rtl), logicalArrow('ArrowUp', rtl)]).toEqual([
      'ArrowRight',
      'ArrowLeft',
      'ArrowUp',
    ])
    expect([logicalArrow('ArrowLeft', ltr), logicalArrow('ArrowRight', ltr)]).toEqual(['ArrowLeft', 'ArrowRight'])
  })
})

describe('RTL in components', () => {
  it("the selection toolbar's arrow keys follow dir: ArrowLeft goes to the next button", async () => {
    const { user } = setup(
      <div dir="rtl">
        <MultiSelectBar count={2} onClose={vi.fn()} onTrash={vi.fn()} onMove={vi.fn()} />
      </div>,
    )
    await user.tab()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Clear selection' }))
    await user.keyboard('{ArrowLeft}')
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Trash' }))
    await user.keyboard('{ArrowRight}')
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Clear selection' }))
  })

  it('arrows along the text (back, previous, next) carry the class that mirrors them; others do not', () => {
    const { container } = setup(
      <>
        <Icon name="arrow-left" />
        <Icon name="chevron-right" />
        <Icon name="trash" />
      </>,
    )
    const [back, next, trash] = [...container.querySelectorAll('svg')].map(
      (svg) => svg.getAttribute('class')!.split(' ').length,
    )
    expect(back).toBe(next)
    expect(trash).toBe(back! - 1)
  })
})
