import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { Button, Menu, type MenuEntry, visibleMenuEntries } from '../../../lib/index.ts'
import { expectNoAxeViolations } from '../helpers/axe.ts'
import { setup } from '../helpers/render.tsx'

const entries = (onSelect: (id: string) => void, inTrash = false): MenuEntry[] => [
  { id: 'rename', label: 'Rename', icon: 'file', hidden: inTrash, onSelect: () => onSelect('rename') },
  { id: 'move', label: 'Move', icon: 'move', hidden: inTrash, onSelect: () => onSelect('move') },
  { separator: true },
  { id: 'download', label: 'Download', icon: 'download', hidden: inTrash, onSelect: () => onSelect('download') },
  { separator: true },
  { id: 'restore', label: 'Restore', icon: 'restore', hidden: !inTrash, onSelect: () => onSelect('restore') },
  {
    id: 'delete',
    label: 'Delete',
    icon: 'trash',
    tone: 'danger',
    hidden: !inTrash,
    onSelect: () => onSelect('delete'),
  },
]

describe('visibleMenuEntries', () => {
  it('drops hidden entries and any separator that would not sit between two actions', () => {
    const ids = (list: MenuEntry[]) => list.map((e) => ('separator' in e ? '—' : e.id))
    expect(ids(visibleMenuEntries(entries(() => {})))).toEqual(['rename', 'move', '—', 'download'])
    expect(ids(visibleMenuEntries(entries(() => {}, true)))).toEqual(['restore', 'delete'])
    expect(visibleMenuEntries([{ separator: true }, { separator: true }])).toEqual([])
  })
})

describe('Menu', () => {
  it('given its button is pressed with Enter, then the menu opens with focus on the first item, arrows move, Enter selects and focus returns', async () => {
    const onSelect = vi.fn()
    const { user } = setup(<Menu label="More actions" items={entries(onSelect)} />)
    await user.tab()
    const button = screen.getByRole('button', { name: 'More actions' })
    expect(document.activeElement).toBe(button)
    await user.keyboard('{Enter}')
    const menu = await screen.findByRole('menu', { name: 'More actions' })
    expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Rename', 'Move', 'Download'])
    expect(screen.getAllByRole('separator')).toHaveLength(1)
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Rename' })))
    await expectNoAxeViolations()
    await user.keyboard('{ArrowDown}{ArrowDown}')
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Download' }))
    await user.keyboard('{Enter}')
    expect(onSelect).toHaveBeenCalledWith('download')
    await waitFor(() => expect(menu.isConnected).toBe(false))
    expect(document.activeElement).toBe(button)
  })

  it('given it is open, when Escape is pressed, then it closes and focus returns to the button', async () => {
    const { user } = setup(<Menu label="More actions" items={entries(() => {})} />)
    const button = screen.getByRole('button', { name: 'More actions' })
    await user.click(button)
    await screen.findByRole('menu')
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull())
    expect(document.activeElement).toBe(button)
  })

  it('given the trash context, then only Restore and Delete show, and a click selects', async () => {
    const onSelect = vi.fn()
    const { user } = setup(<Menu label="More actions" items={entries(onSelect, true)} />)
    await user.click(screen.getByRole('button', { name: 'More actions' }))
    expect((await screen.findAllByRole('menuitem')).map((i) => i.textContent)).toEqual(['Restore', 'Delete'])
    expect(screen.queryByRole('separator')).toBeNull()
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }))
    expect(onSelect).toHaveBeenCalledWith('delete')
  })

  it("given a product's own icon node (or a string that names no kit icon), then it shows it, hidden, beside the label", async () => {
    const { user } = setup(
      <Menu
        label="More actions"
        items={[
          { id: 'sign', label: 'Sign', icon: <svg data-testid="own-icon" /> },
          { id: 'star', label: 'Star', icon: '★' },
          { id: 'trash', label: 'Trash', icon: 'trash' },
        ]}
      />,
    )
    await user.click(screen.getByRole('button', { name: 'More actions' }))
    const [sign, star, trash] = await screen.findAllByRole('menuitem')
    expect(sign?.querySelector('[data-testid="own-icon"]')?.parentElement?.getAttribute('aria-hidden')).toBe('true')
    expect(star?.textContent).toBe('★Star')
    expect(screen.getByRole('menuitem', { name: 'Star' })).toBe(star)
    expect(trash?.querySelector('svg[data-part="icon"]')).toBeTruthy()
  })

  it('given a custom trigger, then it opens the menu too', async () => {
    const { user } = setup(
      <Menu
        label="ADD NEW"
        trigger={
          <Button variant="primary" icon="plus">
            ADD NEW
          </Button>
        }
        items={[
          { id: 'files', label: 'Upload Files' },
          { id: 'folder', label: 'Create Folder' },
        ]}
      />,
    )
    await user.click(screen.getByRole('button', { name: 'ADD NEW' }))
    expect(await screen.findByRole('menuitem', { name: 'Create Folder' })).toBeTruthy()
  })

  it('given a disabled item, then arrows skip it', async () => {
    const { user } = setup(
      <Menu
        label="More actions"
        items={[
          { id: 'a', label: 'Share' },
          { id: 'b', label: 'Move', disabled: true },
          { id: 'c', label: 'Trash' },
        ]}
      />,
    )
    await user.click(screen.getByRole('button', { name: 'More actions' }))
    await screen.findByRole('menu')
    await user.keyboard('{ArrowDown}')
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Share'))
    await user.keyboard('{ArrowDown}')
    expect(document.activeElement?.textContent).toBe('Trash')
  })
})
