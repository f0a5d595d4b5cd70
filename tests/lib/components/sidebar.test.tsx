import { screen, waitFor, within } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Button, Sidebar } from '../../../lib/index.ts'
import { expectNoAxeViolations } from '../helpers/axe.ts'
import { describeModal } from '../helpers/modal-suite.tsx'
import { setup } from '../helpers/render.tsx'

describeModal('Sidebar drawer', {
  role: 'dialog',
  name: 'Menu',
  render: (close) => <Sidebar layout="drawer" open onOpenChange={close} active="home" />,
})

const navNames = () =>
  within(screen.getByRole('navigation', { name: 'Main' }))
    .getAllByRole('button')
    .map((b) => b.textContent)

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('Sidebar (column)', () => {
  it('shows ADD NEW, then Home, Media and Trash (Settings is the header’s cog on desktop), the active one marked', async () => {
    setup(<Sidebar layout="column" active="media" />)
    expect(screen.getByRole('button', { name: 'ADD NEW' })).toBeTruthy()
    expect(navNames()).toEqual(['Home', 'Media', 'Trash'])
    expect(screen.getByRole('button', { name: 'Media' }).getAttribute('aria-current')).toBe('page')
    expect(screen.getByRole('button', { name: 'Home' }).hasAttribute('aria-current')).toBe(false)
    expect(screen.queryByRole('dialog')).toBeNull()
    await expectNoAxeViolations()
  })

  it('given ADD NEW from the keyboard, then the menu offers Upload Files and Create Folder; Upload Folder only when the browser can', async () => {
    const onCreateFolder = vi.fn()
    const { user, rerender } = setup(<Sidebar layout="column" onCreateFolder={onCreateFolder} />)
    await user.tab()
    const addNew = screen.getByRole('button', { name: 'ADD NEW' })
    expect(document.activeElement).toBe(addNew)
    await user.keyboard('{Enter}')
    await screen.findByRole('menu')
    expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Upload Files', 'Create Folder'])
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Upload Files' })))
    await user.keyboard('{ArrowDown}{Enter}')
    expect(onCreateFolder).toHaveBeenCalledOnce()
    await waitFor(() => expect(document.activeElement).toBe(addNew))
    rerender(<Sidebar layout="column" canUploadFolder />)
    await user.click(addNew)
    await screen.findByRole('menu')
    expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toEqual([
      'Upload Files',
      'Create Folder',
      'Upload Folder',
    ])
  })

  it('calls the ADD NEW actions', async () => {
    const onUploadFiles = vi.fn()
    const onUploadFolder = vi.fn()
    const { user } = setup(
      <Sidebar layout="column" canUploadFolder onUploadFiles={onUploadFiles} onUploadFolder={onUploadFolder} />,
    )
    await user.click(screen.getByRole('button', { name: 'ADD NEW' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Upload Files' }))
    await user.click(screen.getByRole('button', { name: 'ADD NEW' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Upload Folder' }))
    expect(onUploadFiles).toHaveBeenCalledOnce()
    expect(onUploadFolder).toHaveBeenCalledOnce()
  })

  it('given items with Shared, then Shared shows under Home, in the fixed order, whatever order items has', () => {
    setup(<Sidebar layout="column" items={['trash', 'shared', 'home', 'media', 'settings']} active="shared" />)
    expect(navNames()).toEqual(['Home', 'Shared', 'Media', 'Trash'])
    expect(screen.getByRole('button', { name: 'Shared' }).getAttribute('aria-current')).toBe('page')
  })

  it('given items with Shared with me, then it shows after Shared, before Media', () => {
    setup(
      <Sidebar layout="column" items={['sharedWithMe', 'home', 'shared', 'media', 'trash']} active="sharedWithMe" />,
    )
    expect(navNames()).toEqual(['Home', 'Shared', 'Shared with me', 'Media', 'Trash'])
    expect(screen.getByRole('button', { name: 'Shared with me' }).getAttribute('aria-current')).toBe('page')
  })

  it('given showAddNew false (a trash), then there is no ADD NEW, and the destinations remain', () => {
    setup(<Sidebar layout="column" showAddNew={false} onCreateFolder={() => {}} active="trash" />)
    expect(screen.queryByRole('button', { name: 'ADD NEW' })).toBeNull()
    expect(navNames()).toEqual(['Home', 'Media', 'Trash'])
  })

  it('given a destination is chosen by pointer or keyboard, then onNavigate names it', async () => {
    const onNavigate = vi.fn()
    const { user } = setup(<Sidebar layout="column" onNavigate={onNavigate} />)
    await user.click(screen.getByRole('button', { name: 'Trash' }))
    expect(onNavigate).toHaveBeenLastCalledWith('trash')
    screen.getByRole('button', { name: 'Home' }).focus()
    await user.keyboard('{Enter}')
    expect(onNavigate).toHaveBeenLastCalledWith('home')
  })

  it('given hrefs, then the destinations are links; a plain click goes through onNavigate', async () => {
    const onNavigate = vi.fn()
    const { user } = setup(
      <Sidebar
        layout="column"
        active="trash"
        hrefs={{ home: '/home', media: '/media', trash: '/trash' }}
        onNavigate={onNavigate}
      />,
    )
    const links = within(screen.getByRole('navigation')).getAllByRole('link')
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Home', '/home'],
      ['Media', '/media'],
      ['Trash', '/trash'],
    ])
    expect(screen.getByRole('link', { name: 'Trash' }).getAttribute('aria-current')).toBe('page')
    await user.click(screen.getByRole('link', { name: 'Media' }))
    expect(onNavigate).toHaveBeenCalledWith('media')
  })

  it('given layout responsive without matchMedia (tests, server rendering), then it is the column', () => {
    setup(<Sidebar />)
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(navNames()).toEqual(['Home', 'Media', 'Trash'])
  })

  it('given layout responsive on a narrow viewport, then it is the drawer (with Settings)', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }))
    setup(<Sidebar open onOpenChange={() => {}} />)
    const drawer = await screen.findByRole('dialog', { name: 'Menu' })
    expect(
      within(drawer)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toContain('Settings')
  })
})

function Mobile({ onNavigate = () => {} }: { onNavigate?: (item: string) => void }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button aria-expanded={open} onClick={() => setOpen(!open)}>
        Toggle menu
      </Button>
      <Sidebar layout="drawer" open={open} onOpenChange={setOpen} active="home" onNavigate={onNavigate} />
    </>
  )
}

describe('Sidebar (drawer)', () => {
  it('is closed until opened; opened, it holds ADD NEW and Home, Media, Settings and Trash', async () => {
    const { user } = setup(<Mobile />)
    expect(screen.queryByRole('dialog')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Toggle menu' }))
    const drawer = await screen.findByRole('dialog', { name: 'Menu' })
    expect(within(drawer).getByRole('button', { name: 'ADD NEW' })).toBeTruthy()
    expect(
      within(within(drawer).getByRole('navigation'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Home', 'Media', 'Settings', 'Trash'])
  })

  it('given a destination is chosen, then onNavigate runs, the drawer closes and focus returns to the toggle', async () => {
    const onNavigate = vi.fn()
    const { user } = setup(<Mobile onNavigate={onNavigate} />)
    const toggle = screen.getByRole('button', { name: 'Toggle menu' })
    await user.click(toggle)
    await user.click(await screen.findByRole('button', { name: 'Settings' }))
    expect(onNavigate).toHaveBeenCalledWith('settings')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(toggle))
  })

  it('given the close button, then it closes', async () => {
    const { user } = setup(<Mobile />)
    await user.click(screen.getByRole('button', { name: 'Toggle menu' }))
    await user.click(await screen.findByRole('button', { name: 'Close menu' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('given an ADD NEW action in the drawer, then it runs and the drawer closes', async () => {
    const onCreateFolder = vi.fn()
    const onOpenChange = vi.fn()
    const { user } = setup(<Sidebar layout="drawer" open onOpenChange={onOpenChange} onCreateFolder={onCreateFolder} />)
    await user.click(await screen.findByRole('button', { name: 'ADD NEW' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Create Folder' }))
    expect(onCreateFolder).toHaveBeenCalledOnce()
    expect(onOpenChange).toHaveBeenCalledWith(false)
  })

  it('shows its footer under the destinations, in the drawer as in the column', async () => {
    const { rerender } = setup(<Sidebar layout="drawer" open footer={<p>2 KB used</p>} />)
    const drawer = await screen.findByRole('dialog', { name: 'Menu' })
    const footer = within(drawer).getByText('2 KB used')
    expect(
      within(drawer).getByRole('navigation').compareDocumentPosition(footer) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy()
    rerender(<Sidebar layout="column" footer={<p>2 KB used</p>} />)
    expect(screen.getByText('2 KB used')).toBeTruthy()
  })
})
