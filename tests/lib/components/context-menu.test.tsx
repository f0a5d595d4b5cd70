import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ContextMenu, contextMenuLongPressMs, type MenuEntry } from '../../../lib/index.ts'
import { expectNoAxeViolations } from '../helpers/axe.ts'
import { setup } from '../helpers/render.tsx'

const items = (onSelect: (id: string) => void): MenuEntry[] => [
  { id: 'share', label: 'Share', icon: 'share', onSelect: () => onSelect('share') },
  { id: 'download', label: 'Download', icon: 'download', onSelect: () => onSelect('download') },
  { separator: true },
  { id: 'trash', label: 'Trash', icon: 'trash', tone: 'danger', onSelect: () => onSelect('trash') },
]

function Target({
  onSelect = () => {},
  onClick = () => {},
  onOpenChange,
}: {
  onSelect?: (id: string) => void
  onClick?: () => void
  onOpenChange?: (open: boolean) => void
}) {
  return (
    <ContextMenu label="File actions" items={items(onSelect)} onOpenChange={onOpenChange}>
      <button type="button" onClick={onClick}>
        photo.jpg
      </button>
    </ContextMenu>
  )
}

afterEach(() => {
  vi.useRealTimers()
})

describe('ContextMenu', () => {
  it('given a right-click, then the menu opens at the pointer with focus on its first item', async () => {
    const onOpenChange = vi.fn()
    const { user } = setup(<Target onOpenChange={onOpenChange} />)
    const target = screen.getByRole('button', { name: 'photo.jpg' })
    await user.pointer({ keys: '[MouseRight]', target, coords: { clientX: 120, clientY: 80 } })
    const menu = await screen.findByRole('menu', { name: 'File actions' })
    expect(onOpenChange).toHaveBeenCalledWith(true)
    expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Share', 'Download', 'Trash'])
    await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true))
    await expectNoAxeViolations()
  })

  it('given a right-click on a focusable target, when Escape closes the menu, then focus goes to that target', async () => {
    const { user } = setup(<Target />)
    const target = screen.getByRole('button', { name: 'photo.jpg' })
    await user.pointer({ keys: '[MouseRight]', target })
    const menu = await screen.findByRole('menu', { name: 'File actions' })
    await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true))
    await user.keyboard('{Escape}')
    await waitFor(() => expect(menu.isConnected).toBe(false))
    await waitFor(() => expect(document.activeElement).toBe(target))
  })

  it('given the browser menu would open, then the right-click default is prevented', () => {
    setup(<Target />)
    const event = new MouseEvent('contextmenu', { bubbles: true, cancelable: true, clientX: 5, clientY: 5 })
    act(() => {
      screen.getByRole('button', { name: 'photo.jpg' }).dispatchEvent(event)
    })
    expect(event.defaultPrevented).toBe(true)
  })

  it.each([
    ['Shift+F10', '{Shift>}{F10}{/Shift}'],
    ['the ContextMenu key', '{ContextMenu}'],
  ])(
    'given the focused target, when %s is pressed, then the menu opens; Escape closes it and focus returns',
    async (_name, keys) => {
      const { user } = setup(<Target />)
      await user.tab()
      const target = screen.getByRole('button', { name: 'photo.jpg' })
      expect(document.activeElement).toBe(target)
      await user.keyboard(keys)
      const menu = await screen.findByRole('menu', { name: 'File actions' })
      await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Share' })))
      await user.keyboard('{Escape}')
      await waitFor(() => expect(menu.isConnected).toBe(false))
      await waitFor(() => expect(document.activeElement).toBe(target))
    },
  )

  it('given the menu is open from the keyboard, when an item is chosen, then it runs and focus returns to the target', async () => {
    const onSelect = vi.fn()
    const { user } = setup(<Target onSelect={onSelect} />)
    await user.tab()
    await user.keyboard('{Shift>}{F10}{/Shift}')
    await screen.findByRole('menu')
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Share' })))
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}')
    expect(onSelect).toHaveBeenCalledWith('trash')
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'photo.jpg' })))
  })

  it('given a touch held for 500 ms, then the menu opens and the lifting finger does not click the target', async () => {
    vi.useFakeTimers()
    const onClick = vi.fn()
    setup(<Target onClick={onClick} />)
    const target = screen.getByRole('button', { name: 'photo.jpg' })
    fireEvent.pointerDown(target, { pointerType: 'touch', clientX: 40, clientY: 40 })
    act(() => vi.advanceTimersByTime(contextMenuLongPressMs - 1))
    expect(screen.queryByRole('menu')).toBeNull()
    act(() => vi.advanceTimersByTime(1))
    fireEvent.pointerUp(target, { pointerType: 'touch' })
    fireEvent.click(target)
    expect(onClick).not.toHaveBeenCalled()
    vi.useRealTimers()
    expect(await screen.findByRole('menu', { name: 'File actions' })).toBeTruthy()
    fireEvent.click(target)
    expect(onClick).toHaveBeenCalledOnce()
  })

  it('given a touch released or moved before 500 ms, then no menu opens', () => {
    vi.useFakeTimers()
    setup(<Target />)
    const target = screen.getByRole('button', { name: 'photo.jpg' })
    fireEvent.pointerDown(target, { pointerType: 'touch', clientX: 40, clientY: 40 })
    act(() => vi.advanceTimersByTime(300))
    fireEvent.pointerUp(target, { pointerType: 'touch' })
    act(() => vi.advanceTimersByTime(1000))
    fireEvent.pointerDown(target, { pointerType: 'touch', clientX: 40, clientY: 40 })
    fireEvent.pointerMove(target, { pointerType: 'touch', clientX: 40, clientY: 90 })
    act(() => vi.advanceTimersByTime(1000))
    expect(screen.queryByRole('menu')).toBeNull()
  })

  it('given a mouse press held down, then it is not a long-press', () => {
    vi.useFakeTimers()
    setup(<Target />)
    fireEvent.pointerDown(screen.getByRole('button', { name: 'photo.jpg' }), { pointerType: 'mouse' })
    act(() => vi.advanceTimersByTime(1000))
    expect(screen.queryByRole('menu')).toBeNull()
  })
})

describe('ContextMenu after a long-press that sent no click', () => {
  it('given the next tap, then it clicks the target as usual', async () => {
    vi.useFakeTimers()
    const onClick = vi.fn()
    setup(<Target onClick={onClick} />)
    const target = screen.getByRole('button', { name: 'photo.jpg' })
    fireEvent.pointerDown(target, { pointerType: 'touch', clientX: 40, clientY: 40 })
    act(() => vi.advanceTimersByTime(contextMenuLongPressMs))
    fireEvent.pointerUp(target, { pointerType: 'touch' })
    vi.useRealTimers()
    const menu = await screen.findByRole('menu')
    fireEvent.keyDown(menu, { key: 'Escape' })
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull())
    fireEvent.pointerDown(target, { pointerType: 'touch', clientX: 40, clientY: 40 })
    fireEvent.pointerUp(target, { pointerType: 'touch' })
    fireEvent.click(target)
    expect(onClick).toHaveBeenCalledOnce()
  })
})
