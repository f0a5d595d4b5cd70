import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { type MenuEntry, ParentBar } from '../../../lib/index.ts'
import { expectNoAxeViolations } from '../helpers/axe.ts'
import { setup } from '../helpers/render.tsx'

describe('ParentBar', () => {
  it('is a Breadcrumb landmark: back arrow, the Home crumb and the current folder (aria-current)', async () => {
    setup(<ParentBar folderName="Holiday photos" onBack={() => {}} onRootClick={() => {}} />)
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' })
    expect(
      within(nav)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label') ?? b.textContent),
    ).toEqual(['Back', 'Home'])
    expect(within(nav).getByText('Holiday photos').getAttribute('aria-current')).toBe('page')
    expect(within(nav).getAllByRole('listitem')).toHaveLength(2)
    await expectNoAxeViolations()
  })

  it('given the back arrow or the root crumb, then onBack or onRootClick is called; in trash the crumb reads Trash', async () => {
    const onBack = vi.fn()
    const onRootClick = vi.fn()
    const { user } = setup(<ParentBar root="trash" folderName="Old" onBack={onBack} onRootClick={onRootClick} />)
    await user.click(screen.getByRole('button', { name: 'Back' }))
    expect(onBack).toHaveBeenCalledOnce()
    await user.tab()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Trash' }))
    await user.keyboard('{Enter}')
    expect(onRootClick).toHaveBeenCalledOnce()
  })

  it('given menu items, then a Folder actions menu button opens them and a right-click on the name does too', async () => {
    const onSelect = vi.fn()
    const items: MenuEntry[] = [
      { id: 'rename', label: 'Rename', onSelect: () => onSelect('rename') },
      { id: 'trash', label: 'Trash', onSelect: () => onSelect('trash') },
    ]
    const { user } = setup(<ParentBar folderName="Docs" onBack={() => {}} onRootClick={() => {}} menuItems={items} />)
    const button = screen.getByRole('button', { name: 'Folder actions' })
    await user.click(button)
    await user.click(await screen.findByRole('menuitem', { name: 'Rename' }))
    expect(onSelect).toHaveBeenCalledWith('rename')
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull())
    await user.pointer({ keys: '[MouseRight]', target: screen.getByText('Docs') })
    expect(await screen.findByRole('menu', { name: 'Folder actions' })).toBeTruthy()
    await expectNoAxeViolations()
  })
})
