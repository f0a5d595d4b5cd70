import { expect, fn, screen, waitFor } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { Button, Menu, type MenuEntry } from '../../lib/index.ts'
import { State, StateGrid } from './_support/state-grid.tsx'

const select = fn()

// A file's context menu: Rename and Move hidden in trash; Restore and Delete only in trash.
const fileActions = (inTrash: boolean): MenuEntry[] => [
  { id: 'rename', label: 'Rename', icon: 'file', hidden: inTrash, onSelect: () => select('rename') },
  { id: 'share', label: 'Share', icon: 'share', hidden: inTrash, onSelect: () => select('share') },
  { id: 'download', label: 'Download', icon: 'download', hidden: inTrash, onSelect: () => select('download') },
  { id: 'move', label: 'Move', icon: 'move', hidden: inTrash, onSelect: () => select('move') },
  { separator: true },
  { id: 'trash', label: 'Trash', icon: 'trash', tone: 'danger', hidden: inTrash, onSelect: () => select('trash') },
  { id: 'restore', label: 'Restore', icon: 'restore', hidden: !inTrash, onSelect: () => select('restore') },
  { id: 'delete', label: 'Delete', icon: 'trash', tone: 'danger', hidden: !inTrash, onSelect: () => select('delete') },
]

const meta = preview.meta({
  title: 'Library/Menu',
  tags: ['autodocs'],
  component: Menu,
  args: { label: 'More actions', items: fileActions(false) },
  beforeEach: () => {
    select.mockClear()
  },
})

export const Playground = meta.story({})

/** Triggers: the default "more" button, a custom button, and a disabled trigger. */
export const States = meta.story({
  render: () => (
    <StateGrid columns={3}>
      <State label="default trigger">
        <Menu label="More actions" items={fileActions(false)} />
      </State>
      <State label="custom trigger (ADD NEW)">
        <Menu
          label="ADD NEW"
          placement="bottom-start"
          trigger={
            <Button variant="primary" icon="plus">
              ADD NEW
            </Button>
          }
          items={[
            { id: 'files', label: 'Upload Files', icon: 'upload' },
            { id: 'folder', label: 'Create Folder', icon: 'folder' },
          ]}
        />
      </State>
      <State label="disabled trigger">
        <Menu label="More actions" items={fileActions(false)} trigger={<Button disabled>Actions</Button>} />
      </State>
    </StateGrid>
  ),
})

export const StatesDark = States.extend({ globals: { theme: 'dark' } })

/** The open menu: icons, a separator, a danger item and a highlighted one. */
export const StatesOpen = meta.story({
  render: (args) => (
    <div style={{ minHeight: 260, display: 'flex', justifyContent: 'flex-end', width: 280 }}>
      <Menu {...args} />
    </div>
  ),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'More actions' }))
    const menu = await canvas.findByRole('menu')
    await waitFor(() => expect(menu).toHaveAttribute('data-enter'))
    await userEvent.keyboard('{ArrowDown}')
  },
})

export const StatesOpenDark = StatesOpen.extend({ globals: { theme: 'dark' } })

/** Trash context: hidden items leave no stray separator. */
export const StatesOpenTrash = StatesOpen.extend({ args: { items: fileActions(true) } })

/** Keyboard: Enter opens on the first item, arrows move, Enter runs the item, focus returns. */
export const Keyboard = meta.story({
  play: async ({ canvas, userEvent }) => {
    await userEvent.tab()
    const button = canvas.getByRole('button', { name: 'More actions' })
    await expect(button).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Rename' })).toHaveFocus())
    await userEvent.keyboard('{ArrowDown}{ArrowDown}')
    await expect(screen.getByRole('menuitem', { name: 'Download' })).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await expect(select).toHaveBeenCalledWith('download')
    await waitFor(() => expect(button).toHaveFocus())
    await userEvent.keyboard('{Enter}')
    await screen.findByRole('menu')
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull())
    await expect(button).toHaveFocus()
  },
})

/** Pointer: click to open, click an item. */
export const Pointer = meta.story({
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'More actions' }))
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Share' }))
    await expect(select).toHaveBeenCalledWith('share')
  },
})

// A product's own icon set: any node (here an inline SVG) beside the kit's icons by name.
const starIcon = (
  <svg viewBox="0 0 24 24" width="16" height="16" fill="currentColor" data-testid="own-icon">
    <path d="M12 2l3 7h7l-5.5 4.5 2 7.5-6.5-4.5-6.5 4.5 2-7.5L2 9h7z" />
  </svg>
)

/** Icons as nodes: a product's own SVG and an emoji, beside a kit icon by name. */
export const CustomIcons = meta.story({
  args: {
    items: [
      { id: 'star', label: 'Add to favourites', icon: starIcon, onSelect: () => select('star') },
      { id: 'tag', label: 'Tag', icon: '🏷️', onSelect: () => select('tag') },
      { id: 'share', label: 'Share', icon: 'share', onSelect: () => select('share') },
    ],
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'More actions' }))
    const star = await screen.findByRole('menuitem', { name: 'Add to favourites' })
    await expect(star.querySelector('[data-testid="own-icon"]')).not.toBeNull()
    await expect(screen.getByRole('menuitem', { name: 'Tag' })).toHaveTextContent('🏷️')
    await expect(screen.getByRole('menuitem', { name: 'Share' }).querySelector('[data-part="icon"]')).not.toBeNull()
    await userEvent.click(star)
    await expect(select).toHaveBeenCalledWith('star')
  },
})
