import { expect, fireEvent, fn, screen, waitFor } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import {
  ContextMenu,
  contextMenuLongPressMs,
  ExtensionBadge,
  type MenuEntry,
  sprinkles,
  vars,
} from '../../lib/index.ts'
import { overlayDocs, viewportShot } from './_support/visual.ts'

const select = fn()
const opened = fn()

const items: MenuEntry[] = [
  { id: 'share', label: 'Share', icon: 'share', onSelect: () => select('share') },
  { id: 'download', label: 'Download', icon: 'download', onSelect: () => select('download') },
  { id: 'move', label: 'Move', icon: 'move', onSelect: () => select('move') },
  { separator: true },
  { id: 'trash', label: 'Trash', icon: 'trash', tone: 'danger', onSelect: () => select('trash') },
]

// A stand-in for a file card: focusable, with its own click handler.
const card = (
  <button
    type="button"
    className={sprinkles({
      display: 'flex',
      alignItems: 'center',
      gap: 'small',
      padding: 'medium',
      borderRadius: 'medium',
      background: 'surface',
    })}
    style={{ border: `1px solid ${vars.color.border}`, color: vars.color.text, font: 'inherit', width: 240 }}
  >
    <ExtensionBadge filename="holiday.jpg" />
    holiday.jpg
  </button>
)

const meta = preview.meta({
  title: 'Library/ContextMenu',
  tags: ['autodocs'],
  parameters: overlayDocs,
  component: ContextMenu,
  args: { label: 'File actions', items, onOpenChange: opened, children: card },
  beforeEach: () => {
    select.mockClear()
    opened.mockClear()
  },
})

export const Playground = meta.story({})

/** Opened by a right-click at the pointer (the popup is portalled, so the shot is the viewport). */
export const States = meta.story({
  parameters: viewportShot,
  play: async ({ canvas, userEvent }) => {
    const target = canvas.getByRole('button', { name: /holiday\.jpg/ })
    await userEvent.pointer({ keys: '[MouseRight]', target, coords: { clientX: 120, clientY: 50 } })
    const menu = await screen.findByRole('menu', { name: 'File actions' })
    await waitFor(() => expect(menu).toHaveAttribute('data-enter'))
    await expect(opened).toHaveBeenCalledWith(true)
  },
})

export const StatesDark = States.extend({ globals: { theme: 'dark' } })

/** Keyboard: Shift+F10 on the focused card opens on the first item; Escape returns focus. */
export const Keyboard = meta.story({
  play: async ({ canvas, userEvent }) => {
    await userEvent.tab()
    const target = canvas.getByRole('button', { name: /holiday\.jpg/ })
    await expect(target).toHaveFocus()
    await userEvent.keyboard('{Shift>}{F10}{/Shift}')
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Share' })).toHaveFocus())
    await userEvent.keyboard('{ArrowDown}{Enter}')
    await expect(select).toHaveBeenCalledWith('download')
    await waitFor(() => expect(target).toHaveFocus())
    await userEvent.keyboard('{ContextMenu}')
    await screen.findByRole('menu')
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull())
    await expect(target).toHaveFocus()
  },
})

/** Pointer: right-click, then choose an item. */
export const Pointer = meta.story({
  play: async ({ canvas, userEvent }) => {
    const target = canvas.getByRole('button', { name: /holiday\.jpg/ })
    await userEvent.pointer({ keys: '[MouseRight]', target })
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Trash' }))
    await expect(select).toHaveBeenCalledWith('trash')
  },
})

/** Touch: a 500 ms long-press opens the menu. */
export const LongPress = meta.story({
  play: async ({ canvas }) => {
    const target = canvas.getByRole('button', { name: /holiday\.jpg/ })
    fireEvent.pointerDown(target, { pointerType: 'touch', clientX: 60, clientY: 40 })
    await new Promise((resolve) => setTimeout(resolve, contextMenuLongPressMs + 100))
    fireEvent.pointerUp(target, { pointerType: 'touch' })
    const menu = await screen.findByRole('menu', { name: 'File actions' })
    // It fades in: wait for the transition before calling it visible.
    await waitFor(() => expect(menu).toBeVisible())
    await expect(screen.getAllByRole('menuitem')).toHaveLength(4)
  },
})
