import { useState } from 'react'
import { expect, fn, screen, waitFor, within } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import {
  Button,
  ProgressBar,
  Sidebar,
  sidebarItems,
  sidebarLayouts,
  type SidebarItem,
  type SidebarProps,
} from '../../lib/index.ts'
import { State, StateGrid } from './_support/state-grid.tsx'
import { overlayDocs, viewportShot } from './_support/visual.ts'

const navigate = fn()
const uploadFiles = fn()
const createFolder = fn()
const uploadFolder = fn()

const meta = preview.meta({
  title: 'Library/Sidebar',
  tags: ['autodocs'],
  parameters: overlayDocs,
  component: Sidebar,
  args: {
    active: 'home',
    layout: 'column',
    canUploadFolder: true,
    onNavigate: navigate,
    onUploadFiles: uploadFiles,
    onCreateFolder: createFolder,
    onUploadFolder: uploadFolder,
  } as const,
  argTypes: {
    active: { control: 'inline-radio', options: sidebarItems },
    layout: { control: 'inline-radio', options: sidebarLayouts },
  },
  beforeEach: () => {
    for (const mock of [navigate, uploadFiles, createFolder, uploadFolder]) mock.mockClear()
  },
})

export const Playground = meta.story({})

// Each column in the grid is its own navigation landmark, so each gets its own name.
const column = (active: SidebarItem | undefined, labels: Record<string, string> = {}) => (
  <div style={{ height: 320, display: 'flex' }}>
    <Sidebar
      layout="column"
      active={active}
      onNavigate={navigate}
      labels={{ nav: `Main (${active ?? 'none'}${labels.home ? ', long' : ''})`, ...labels }}
    />
  </div>
)

/** The desktop column with each area active, none active, and longer labels. */
export const States = meta.story({
  render: () => (
    <StateGrid columns={4}>
      <State label="home active">{column('home')}</State>
      <State label="media active">{column('media')}</State>
      <State label="trash active">{column('trash')}</State>
      <State label="nothing active (settings page)">{column(undefined)}</State>
      <State label="longer labels">
        {column('home', { addNew: 'NOUVEAU', home: 'Accueil', media: 'Photos et vidéos', trash: 'Corbeille' })}
      </State>
    </StateGrid>
  ),
})

export const StatesDark = States.extend({ globals: { theme: 'dark' } })

/** Right to left (`dir="rtl"` on <html>): sides, arrows and progress mirror; names and dates stay isolated. */
export const StatesRtl = States.extend({ globals: { dir: 'rtl' } })

/** ADD NEW open, with Upload Folder (the browser can pick folders). */
export const StatesAddNew = meta.story({
  render: (args) => (
    <div style={{ height: 320, display: 'flex' }}>
      <Sidebar {...args} />
    </div>
  ),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'ADD NEW' }))
    const menu = await screen.findByRole('menu')
    await waitFor(() => expect(menu).toHaveAttribute('data-enter'))
    await expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Upload Files', 'Create Folder', 'Upload Folder'])
  },
})

export const StatesAddNewDark = StatesAddNew.extend({ globals: { theme: 'dark' } })

/** The mobile drawer, open over the page (narrow viewport), with Settings. */
export const StatesDrawer = meta.story({
  parameters: viewportShot,
  args: { layout: 'drawer', open: true, active: 'trash', onOpenChange: fn() },
  play: async () => {
    const drawer = await screen.findByRole('dialog', { name: 'Menu' })
    await waitFor(() => expect(drawer).toHaveAttribute('data-enter'))
    // Past the 200 ms slide, so the screenshot shows it in place.
    await waitFor(() => expect(getComputedStyle(drawer).transform).toBe('none'))
    await expect(within(drawer).getByRole('button', { name: 'Settings' })).toBeVisible()
  },
})

export const StatesDrawerDark = StatesDrawer.extend({ globals: { theme: 'dark' } })

/** The drawer with a `footer` (here a storage meter) at its foot, under the destinations. */
export const StatesDrawerFooter = meta.story({
  parameters: viewportShot,
  args: {
    layout: 'drawer',
    open: true,
    active: 'home',
    onOpenChange: fn(),
    footer: (
      <div>
        <p style={{ margin: '0 0 4px' }}>2.5 GB of 10 GB used</p>
        <ProgressBar value={25} label="Storage" />
      </div>
    ),
  },
  play: async () => {
    const drawer = await screen.findByRole('dialog', { name: 'Menu' })
    await waitFor(() => expect(getComputedStyle(drawer).transform).toBe('none'))
    await expect(within(drawer).getByRole('progressbar', { name: 'Storage' })).toBeVisible()
  },
})

/** Keyboard in the column: Tab to a destination, Enter navigates. */
export const Keyboard = meta.story({
  play: async ({ canvas, userEvent }) => {
    await userEvent.tab()
    await expect(canvas.getByRole('button', { name: 'ADD NEW' })).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Upload Files' })).toHaveFocus())
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}')
    await expect(uploadFolder).toHaveBeenCalledOnce()
    // The menu fades out, then hands focus back to ADD NEW.
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull())
    await waitFor(() => expect(canvas.getByRole('button', { name: 'ADD NEW' })).toHaveFocus())
    await userEvent.tab()
    await userEvent.tab()
    await expect(canvas.getByRole('button', { name: 'Media' })).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await expect(navigate).toHaveBeenCalledWith('media')
  },
})

/** The drawer: the header's menu button opens it, focus moves in and stays, Escape closes it and focus returns. */
export const Drawer = meta.story({
  render: function Render(args) {
    const [open, setOpen] = useState(false)
    const [active, setActive] = useState<SidebarItem>('home')
    return (
      <>
        <Button icon="menu" aria-expanded={open} onClick={() => setOpen(true)}>
          Menu
        </Button>
        <Sidebar
          {...(args as SidebarProps)}
          layout="drawer"
          active={active}
          open={open}
          onOpenChange={setOpen}
          onNavigate={(item) => {
            navigate(item)
            setActive(item)
          }}
        />
      </>
    )
  },
  play: async ({ canvas, userEvent }) => {
    const toggle = canvas.getByRole('button', { name: 'Menu' })
    await userEvent.click(toggle)
    const drawer = await screen.findByRole('dialog', { name: 'Menu' })
    await waitFor(() => expect(drawer.contains(document.activeElement)).toBe(true))
    for (let i = 0; i < 8; i++) {
      await userEvent.tab()
      await expect(drawer.contains(document.activeElement) || document.activeElement === document.body).toBe(true)
    }
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(toggle).toHaveFocus())
    await userEvent.click(toggle)
    await userEvent.click(await screen.findByRole('button', { name: 'Trash' }))
    await expect(navigate).toHaveBeenCalledWith('trash')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await userEvent.click(toggle)
    await expect(await screen.findByRole('button', { name: 'Trash' })).toHaveAttribute('aria-current', 'page')
  },
})
