import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { FolderCard } from '../../../lib/index.ts'
import { expectNoAxeViolations } from '../helpers/axe.ts'
import { setup } from '../helpers/render.tsx'

const folder = { id: 'd', name: 'Photos', createdAt: new Date(2024, 0, 1) }

describe('FolderCard', () => {
  it('shows the folder icon (decorative) and the name, with the whole name as a tooltip', async () => {
    const { container } = setup(<FolderCard folder={folder} />)
    expect(screen.getByText('Photos').getAttribute('title')).toBe('Photos')
    expect(container.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true')
    await expectNoAxeViolations()
  })

  it('given selected, then data-selected is set; other props reach the root', async () => {
    const onClick = vi.fn()
    const { user } = setup(<FolderCard folder={folder} selected role="button" tabIndex={0} onClick={onClick} />)
    const card = screen.getByRole('button', { name: 'Photos' })
    expect(card.getAttribute('data-selected')).toBe('true')
    await user.click(card)
    expect(onClick).toHaveBeenCalledOnce()
  })

  it('with openCue, a selected folder card shows "Open"; not selected, nothing', () => {
    const folder = { id: 'f', name: 'Invoices', createdAt: new Date(2024, 2, 7) }
    const { rerender, container } = setup(<FolderCard folder={folder} openCue />)
    expect(container.querySelector('[data-part="open-cue"]')).toBeNull()
    rerender(<FolderCard folder={folder} openCue selected />)
    expect(container.querySelector('[data-part="open-cue"]')?.textContent).toBe('Open')
  })
})
