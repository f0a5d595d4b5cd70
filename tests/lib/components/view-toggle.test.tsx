import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ViewToggle } from '../../../lib/index.ts'
import { expectNoAxeViolations } from '../helpers/axe.ts'
import { setup } from '../helpers/render.tsx'

describe('ViewToggle', () => {
  it('is a group of two buttons, the current view pressed', async () => {
    setup(<ViewToggle value="list" onValueChange={() => {}} />)
    expect(screen.getByRole('group', { name: 'View' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Grid view' }).getAttribute('aria-pressed')).toBe('false')
    expect(screen.getByRole('button', { name: 'List view' }).getAttribute('aria-pressed')).toBe('true')
    await expectNoAxeViolations()
  })

  it('given the other view is chosen by pointer or keyboard, then it is reported; the current one is not', async () => {
    const onValueChange = vi.fn()
    const { user } = setup(<ViewToggle value="grid" onValueChange={onValueChange} />)
    await user.click(screen.getByRole('button', { name: 'Grid view' }))
    expect(onValueChange).not.toHaveBeenCalled()
    await user.tab()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'List view' }))
    await user.keyboard('{Enter}')
    expect(onValueChange).toHaveBeenCalledWith('list')
  })

  it('given custom texts, then they name the group and buttons', () => {
    setup(
      <ViewToggle value="grid" onValueChange={() => {}} labels={{ group: 'Layout', grid: 'Cards', list: 'Rows' }} />,
    )
    expect(screen.getByRole('group', { name: 'Layout' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Cards' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Rows' })).toBeTruthy()
  })
})
