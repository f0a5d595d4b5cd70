import { screen, within } from '@testing-library/react'
import { type AnchorHTMLAttributes, forwardRef } from 'react'
import { describe, expect, expectTypeOf, it, vi } from 'vitest'
import {
  DetailsPanel,
  type DetailsRow,
  FileDetails,
  Sidebar,
  type SidebarDestination,
  type SidebarItem,
  type UploadItem,
  UploadPanel,
} from '../../../lib/index.ts'
import { expectNoAxeViolations } from '../helpers/axe.ts'
import { setup } from '../helpers/render.tsx'

// The parts an embedder replaces: Ariakit's `render` prop on upload rows, details rows and
// sidebar destinations (the last given as data).

/** A router's link as an embedder has one: it takes `to`, not `href`. */
const RouterLink = forwardRef<HTMLAnchorElement, AnchorHTMLAttributes<HTMLAnchorElement> & { to?: string }>(
  function RouterLink({ to, ...props }, ref) {
    return <a ref={ref} data-router-link="" {...props} href={to ?? props.href} />
  },
)

const uploads: UploadItem[] = [
  { id: 'a', name: 'holiday.mp4', type: 'file', progress: 42, state: 'running' },
  { id: 'b', name: 'scan.pdf', type: 'file', progress: 100, state: 'completed' },
]

describe('UploadPanel rowRender', () => {
  it('given a function, then each row is the embedder’s element with the kit’s props and content inside', async () => {
    const onCancel = vi.fn()
    const { user } = setup(
      <UploadPanel
        items={uploads}
        position="static"
        onCancel={onCancel}
        onClose={() => {}}
        rowRender={(item) => (props) => (
          <li {...props} data-mine={item.id}>
            <img alt="" src={`/thumb/${item.id}`} />
            {props.children}
          </li>
        )}
      />,
    )
    const rows = screen.getAllByRole('listitem')
    expect(rows.map((r) => r.getAttribute('data-mine'))).toEqual(['a', 'b'])
    // The kit's props reach the embedder's element: its part name and state stay styleable.
    expect(rows.map((r) => [r.getAttribute('data-part'), r.getAttribute('data-state')])).toEqual([
      ['upload-item', 'running'],
      ['upload-item', 'completed'],
    ])
    expect(rows[0]!.querySelector('img')?.getAttribute('src')).toBe('/thumb/a')
    // The default content, controls included, still works inside it.
    await user.click(within(rows[0]!).getByRole('button', { name: 'Cancel upload of holiday.mp4' }))
    expect(onCancel).toHaveBeenCalledWith('a')
    await expectNoAxeViolations()
  })

  it('given an element with children of its own, then those replace the row’s content; the class is merged', () => {
    setup(
      <UploadPanel
        items={uploads}
        position="static"
        onCancel={() => {}}
        onClose={() => {}}
        rowRender={(item) => <li className="mine">{`${item.name}: ${item.state}`}</li>}
      />,
    )
    const rows = screen.getAllByRole('listitem')
    expect(rows.map((r) => r.textContent)).toEqual(['holiday.mp4: running', 'scan.pdf: completed'])
    expect(rows[0]!.classList.contains('mine')).toBe(true)
    expect(rows[0]!.classList.length).toBeGreaterThan(1)
  })

  it('given none, then rows are the kit’s own', () => {
    setup(<UploadPanel items={uploads} position="static" onCancel={() => {}} onClose={() => {}} />)
    expect(screen.getAllByRole('listitem').map((r) => r.tagName)).toEqual(['LI', 'LI'])
    expect(screen.getByRole('button', { name: 'Cancel upload of holiday.mp4' })).toBeTruthy()
  })
})

const file = {
  type: 'file' as const,
  file: { id: 'f', name: 'holiday.jpg', size: 1_572_864, uploadDate: new Date(2024, 2, 7), width: 4032, height: 3024 },
}
const facts = () =>
  screen.getAllByRole('term').map((t) => [t.closest('[data-row]')?.getAttribute('data-row'), t.textContent])

describe('DetailsPanel rows', () => {
  it('names its built-in rows, each a group of its term and value', async () => {
    setup(<DetailsPanel selection={file} />)
    expect(facts()).toEqual([
      ['type', 'Type'],
      ['size', 'Size'],
      ['created', 'Created'],
      ['dimensions', 'Dimensions'],
      ['access', 'Access'],
    ])
    await expectNoAxeViolations()
  })

  it('given rows, then the embedder adds, drops, reorders and re-renders them, seeing the selection', async () => {
    const rows = vi.fn((built: DetailsRow[]) => [
      { id: 'album', term: 'Album', value: 'Summer' },
      ...built
        .filter((r) => r.id !== 'access')
        .map((r) => (r.id === 'size' ? { ...r, render: <div data-highlight="" title="Size on disk" /> } : r)),
    ])
    setup(<DetailsPanel selection={file} rows={rows} />)
    expect(rows).toHaveBeenCalledWith(expect.any(Array), file)
    expect(facts()).toEqual([
      ['album', 'Album'],
      ['type', 'Type'],
      ['size', 'Size'],
      ['created', 'Created'],
      ['dimensions', 'Dimensions'],
    ])
    const size = document.querySelector('[data-row="size"]')!
    expect(size.getAttribute('data-highlight')).toBe('')
    expect(size.getAttribute('title')).toBe('Size on disk')
    expect(size.querySelector('dd')?.textContent).toBe('1.5 MB')
    expect(screen.getByText('Summer').closest('dd')).toBeTruthy()
    await expectNoAxeViolations()
  })
})

describe('FileDetails rows', () => {
  it('given rows, then they replace the built-in Access, Size, Uploaded', () => {
    setup(
      <FileDetails
        name="notes.txt"
        access="private"
        fileSize={1200}
        uploadDate={new Date(2024, 2, 7)}
        onCopyName={() => {}}
        onDownload={() => {}}
        rows={(built) => [...built.filter((r) => r.id !== 'access'), { id: 'lines', term: 'Lines', value: '42' }]}
      />,
    )
    expect(facts().map(([id]) => id)).toEqual(['size', 'uploaded', 'lines'])
    expect(screen.queryByText('Private')).toBeNull()
  })
})

describe('Sidebar destinations', () => {
  const destinations: SidebarDestination<'photos' | 'albums' | 'prefs'>[] = [
    { id: 'photos', label: 'Photos', icon: 'grid', href: '/photos', render: <RouterLink to="/photos" /> },
    { id: 'albums', label: 'Albums', href: '/albums' },
    { id: 'prefs', label: 'Preferences', icon: 'settings', drawerOnly: true },
  ]

  it('given destinations as data, then they replace the built-in ones, in their order, typed by their ids', async () => {
    const onNavigate = vi.fn<(id: 'photos' | 'albums' | 'prefs') => void>()
    const { user } = setup(
      <Sidebar layout="column" destinations={destinations} active="albums" onNavigate={onNavigate} />,
    )
    const nav = screen.getByRole('navigation', { name: 'Main' })
    // Preferences is drawer-only, as the built-in Settings is.
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Photos', 'Albums'])
    expect(within(nav).queryByRole('button')).toBeNull()
    expect(screen.getByRole('link', { name: 'Albums' }).getAttribute('aria-current')).toBe('page')
    // The render prop draws Photos with the embedder's link, the kit's class and handler on it.
    const photos = screen.getByRole('link', { name: 'Photos' })
    expect(photos.hasAttribute('data-router-link')).toBe(true)
    expect(photos.getAttribute('href')).toBe('/photos')
    expect(photos.className).not.toBe('')
    await user.click(photos)
    expect(onNavigate).toHaveBeenCalledWith('photos')
    await expectNoAxeViolations()
  })

  it('given the drawer, then drawer-only destinations show too, as buttons without an href', async () => {
    const onNavigate = vi.fn()
    const { user } = setup(
      <Sidebar layout="drawer" open destinations={destinations} onNavigate={onNavigate} onOpenChange={() => {}} />,
    )
    const drawer = await screen.findByRole('dialog', { name: 'Menu' })
    await user.click(within(drawer).getByRole('button', { name: 'Preferences' }))
    expect(onNavigate).toHaveBeenCalledWith('prefs')
  })

  it('types active and onNavigate by the destinations’ ids (the built-in ones without destinations)', () => {
    setup(
      <>
        <Sidebar
          layout="column"
          destinations={destinations}
          onNavigate={(id) => expectTypeOf(id).toEqualTypeOf<'photos' | 'albums' | 'prefs'>()}
          // @ts-expect-error: not one of the destinations
          active="home"
        />
        <Sidebar layout="column" onNavigate={(id) => expectTypeOf(id).toEqualTypeOf<SidebarItem>()} />
      </>,
    )
    expect(screen.getAllByRole('navigation')).toHaveLength(2)
  })

  it('given no destinations, then the built-in ones keep their items and hrefs', () => {
    setup(<Sidebar layout="column" items={['home', 'trash']} hrefs={{ trash: '/trash' }} active="trash" />)
    expect(screen.getByRole('button', { name: 'Home' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Trash' }).getAttribute('aria-current')).toBe('page')
  })
})
