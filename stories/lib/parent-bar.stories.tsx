import { expect, fn, screen, waitFor } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { type MenuEntry, ParentBar, parentBarRoots } from '../../lib/index.ts'
import { State, StateGrid } from './_support/state-grid.tsx'

const onMenu = fn()
// The parent bar's context menu: no Multi-select; Rename/Move hidden in trash.
const folderMenu = (inTrash: boolean): MenuEntry[] => [
  { id: 'rename', label: 'Rename', icon: 'file', hidden: inTrash, onSelect: () => onMenu('rename') },
  { id: 'download', label: 'Download', icon: 'download', hidden: inTrash, onSelect: () => onMenu('download') },
  { id: 'move', label: 'Move', icon: 'move', hidden: inTrash, onSelect: () => onMenu('move') },
  { separator: true },
  { id: 'trash', label: 'Trash', icon: 'trash', tone: 'danger', hidden: inTrash, onSelect: () => onMenu('trash') },
  { id: 'restore', label: 'Restore', icon: 'restore', hidden: !inTrash, onSelect: () => onMenu('restore') },
  { id: 'delete', label: 'Delete', icon: 'trash', tone: 'danger', hidden: !inTrash, onSelect: () => onMenu('delete') },
]

const meta = preview.meta({
  title: 'Library/ParentBar',
  tags: ['autodocs'],
  component: ParentBar,
  args: { folderName: 'Holiday photos', onBack: fn(), onRootClick: fn(), menuItems: folderMenu(false) },
  argTypes: { root: { control: 'inline-radio', options: parentBarRoots } },
  beforeEach: () => {
    onMenu.mockClear()
  },
})

export const Playground = meta.story({})

/** Home and Trash roots, with and without a menu, a long name and a narrow bar. */
export const States = meta.story({
  render: () => (
    <StateGrid columns={2} fill>
      <State label="home, with menu">
        <ParentBar
          folderName="Holiday photos"
          onBack={() => {}}
          onRootClick={() => {}}
          menuItems={folderMenu(false)}
          labels={{ nav: 'Breadcrumb 1' }}
        />
      </State>
      <State label="trash, with menu">
        <ParentBar
          root="trash"
          folderName="Old invoices"
          onBack={() => {}}
          onRootClick={() => {}}
          menuItems={folderMenu(true)}
          labels={{ nav: 'Breadcrumb 2' }}
        />
      </State>
      <State label="no menu">
        <ParentBar folderName="Documents" onBack={() => {}} onRootClick={() => {}} labels={{ nav: 'Breadcrumb 3' }} />
      </State>
      <State label="long name, narrow (280 px)">
        <div style={{ width: 280 }}>
          <ParentBar
            folderName="Scans from the old office, sorted by year and month"
            onBack={() => {}}
            onRootClick={() => {}}
            menuItems={folderMenu(false)}
            labels={{ nav: 'Breadcrumb 4' }}
          />
        </div>
      </State>
    </StateGrid>
  ),
})

export const StatesDark = States.extend({ globals: { theme: 'dark' } })

/** Back, the root crumb and the folder's menu, by keyboard. */
export const Keyboard = meta.story({
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole('navigation', { name: 'Breadcrumb' })).toBeVisible()
    await expect(canvas.getByText('Holiday photos')).toHaveAttribute('aria-current', 'page')
    await userEvent.tab()
    await expect(canvas.getByRole('button', { name: 'Back' })).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await expect(args.onBack).toHaveBeenCalledOnce()
    await userEvent.tab()
    await expect(canvas.getByRole('button', { name: 'Home' })).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await expect(args.onRootClick).toHaveBeenCalledOnce()
    await userEvent.tab()
    const menuButton = canvas.getByRole('button', { name: 'Folder actions' })
    await expect(menuButton).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Rename' })).toHaveFocus())
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}')
    await expect(onMenu).toHaveBeenCalledWith('move')
  },
})

/** Right-click on the folder name opens the same menu. */
export const ContextMenu = meta.story({
  args: { root: 'trash', menuItems: folderMenu(true) },
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('button', { name: 'Trash' })).toBeVisible()
    await userEvent.pointer({ keys: '[MouseRight]', target: canvas.getByText('Holiday photos') })
    const menu = await screen.findByRole('menu', { name: 'Folder actions' })
    await expect(menu.querySelectorAll('[role="menuitem"]')).toHaveLength(2)
    await userEvent.click(screen.getByRole('menuitem', { name: 'Restore' }))
    await expect(onMenu).toHaveBeenCalledWith('restore')
  },
})
