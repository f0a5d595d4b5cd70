import '../../helpers/setup.ts'
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { testUserDetailed } from '../../../../mocks/fixtures.ts'
import { drawOpen } from '../../../../app/state/drawer.ts'
import { setLoggedIn } from '../../../../app/state/user.ts'
import { setViewportWidth } from '../../helpers/dom.ts'
import { path, renderApp } from '../../helpers/render.tsx'
import { apiError, http as mock, ok, sent, server } from '../../helpers/server.ts'

async function openAt(route: string) {
  setLoggedIn(true)
  const view = renderApp(route)
  await screen.findByRole('search')
  return view
}

/** The header's search field (the media filter and sort selects are comboboxes too). */
const searchField = () => within(screen.getByRole('search')).getByRole('combobox') as HTMLInputElement

const folderPicking = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'webkitdirectory')
afterEach(() => {
  if (folderPicking) Object.defineProperty(HTMLInputElement.prototype, 'webkitdirectory', folderPicking)
  else delete (HTMLInputElement.prototype as { webkitdirectory?: boolean }).webkitdirectory
})

describe('file browser layout (SPEC §2)', () => {
  it.each([
    ['/home', 'Search'],
    ['/folder/f1', 'Search'],
    ['/search/cats', 'Search'],
    ['/media', 'Search Media'],
    ['/search-media/cats', 'Search Media'],
    ['/trash', 'Search Trash'],
    ['/folder-trash/f1', 'Search Trash'],
    ['/search-trash/cats', 'Search Trash'],
  ])('%s has the search placeholder "%s"', async (route, placeholder) => {
    await openAt(route)
    expect(screen.getByRole('combobox', { name: placeholder }).getAttribute('placeholder')).toBe(placeholder)
  })

  it('on desktop: logo to /, settings cog, sidebar with ADD NEW, Home, Shared, Shared with me, Media, Trash (no Settings), and the details panel', async () => {
    const { user } = await openAt('/home')
    expect(screen.getByRole('link', { name: 'Cumulus' }).getAttribute('href')).toBe('/')
    const nav = screen.getByRole('navigation', { name: 'Navigation' })
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Home', 'Shared', 'Shared with me', 'Media', 'Trash'])
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page')
    expect(screen.getByRole('button', { name: 'ADD NEW' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Menu' })).toBeNull()
    const details = screen.getByRole('complementary', { name: 'Details' })
    expect(details.textContent).toBe('Select a file or folder to view it’s details.')
    await user.click(within(nav).getByRole('link', { name: 'Media' }))
    expect(path()).toBe('/media')
    await user.click(screen.getByRole('button', { name: 'Settings' }))
    expect(path()).toBe('/settings')
  })

  it('ADD NEW offers Upload Files, Create Folder and Upload Folder when folders can be picked', async () => {
    Object.defineProperty(HTMLInputElement.prototype, 'webkitdirectory', {
      configurable: true,
      value: false,
      writable: true,
    })
    const { user } = await openAt('/home')
    await user.click(screen.getByRole('button', { name: 'ADD NEW' }))
    const menu = await screen.findByRole('menu')
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Upload Files', 'Create Folder', 'Upload Folder'])
  })

  it('leaves Upload Folder out when the browser cannot pick folders', async () => {
    delete (HTMLInputElement.prototype as { webkitdirectory?: boolean }).webkitdirectory
    const { user } = await openAt('/home')
    await user.click(screen.getByRole('button', { name: 'ADD NEW' }))
    const menu = await screen.findByRole('menu')
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Upload Files', 'Create Folder'])
  })

  it('Create Folder asks "Enter Folder Name", refuses an empty name, and creates it in the current folder', async () => {
    server.use(mock.post('*/folder-service/create', () => ok({ _id: 'new' }, 201)))
    const { user } = await openAt('/folder/parent-1')
    await user.click(screen.getByRole('button', { name: 'ADD NEW' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Create Folder' }))
    const dialog = await screen.findByRole('dialog', { name: 'Enter Folder Name' })
    await user.click(within(dialog).getByRole('button', { name: 'Okay' }))
    expect(within(dialog).getByRole('alert').textContent).toBe('Please Enter a Name')
    await user.type(within(dialog).getByRole('textbox'), 'Photos')
    await user.click(within(dialog).getByRole('button', { name: 'Okay' }))
    await waitFor(() => expect(sent('/folder-service/create')[0]?.body).toEqual({ name: 'Photos', parent: 'parent-1' }))
  })

  it('Create Folder flags a name the server would refuse as it is typed ("/", over 255 characters), and sends nothing', async () => {
    const { user } = await openAt('/home')
    await user.click(screen.getByRole('button', { name: 'ADD NEW' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Create Folder' }))
    const dialog = await screen.findByRole('dialog', { name: 'Enter Folder Name' })
    const field = within(dialog).getByRole('textbox')
    await user.type(field, 'Bulk / Test')
    expect(within(dialog).getByRole('alert').textContent).toBe('Name must not contain "/"')
    await user.click(within(dialog).getByRole('button', { name: 'Okay' }))
    await user.clear(field)
    await user.click(field)
    await user.paste('x'.repeat(256))
    expect(within(dialog).getByRole('alert').textContent).toBe('Name must be at most 255 characters')
    await user.keyboard('{Enter}')
    expect(screen.getByRole('dialog', { name: 'Enter Folder Name' })).toBeTruthy()
    expect(sent('/folder-service/create')).toHaveLength(0)
  })

  it('given the server refuses the new folder anyway, then the dialog stays open with its reason; a fixed name is created', async () => {
    let calls = 0
    server.use(
      mock.post('*/folder-service/create', () =>
        ++calls === 1
          ? apiError(409, 'NAME_TAKEN', 'A folder named "Photos" already exists here')
          : ok({ _id: 'new' }, 201),
      ),
    )
    const { user } = await openAt('/home')
    await user.click(screen.getByRole('button', { name: 'ADD NEW' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Create Folder' }))
    const dialog = await screen.findByRole('dialog', { name: 'Enter Folder Name' })
    await user.type(within(dialog).getByRole('textbox'), 'Photos{Enter}')
    expect((await within(dialog).findByRole('alert')).textContent).toBe('A folder named "Photos" already exists here')
    expect(dialog.isConnected).toBe(true)
    await user.type(within(dialog).getByRole('textbox'), ' 2{Enter}')
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Enter Folder Name' })).toBeNull())
    expect(sent('/folder-service/create').map((r) => r.body)).toEqual([
      { name: 'Photos', parent: '/' },
      { name: 'Photos 2', parent: '/' },
    ])
  })

  it.each(['/trash', '/folder-trash/f1', '/search-trash/cats'])(
    'in the trash (%s) there is no ADD NEW: nothing can be created there',
    async (route) => {
      await openAt(route)
      expect(screen.queryByRole('button', { name: 'ADD NEW' })).toBeNull()
      expect(
        within(screen.getByRole('navigation', { name: 'Navigation' }))
          .getAllByRole('link')
          .map((a) => a.textContent),
      ).toEqual(['Home', 'Shared', 'Shared with me', 'Media', 'Trash'])
    },
  )

  it('on mobile: no cog; a Menu button opens the drawer with Home, Shared, Shared with me, Media, Settings and Trash', async () => {
    setViewportWidth(500)
    const { user } = await openAt('/media')
    expect(screen.queryByRole('button', { name: 'Settings' })).toBeNull()
    expect(screen.queryByRole('complementary', { name: 'Details' })).toBeNull()
    const toggle = screen.getByRole('button', { name: 'Menu' })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    await user.click(toggle)
    const drawer = await screen.findByRole('dialog', { name: 'Menu' })
    expect(
      within(drawer)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Home', 'Shared', 'Shared with me', 'Media', 'Settings', 'Trash'])
    await user.keyboard('{Escape}')
    await waitFor(() => expect(drawOpen.value).toBe(false))
    await user.click(toggle)
    await user.click(within(await screen.findByRole('dialog', { name: 'Menu' })).getByRole('link', { name: 'Trash' }))
    expect(path()).toBe('/trash')
    expect(drawOpen.value).toBe(false)
  })
})

describe('file browser on a phone', () => {
  it('the drawer shows the storage meter the desktop sidebar has', async () => {
    setViewportWidth(500)
    server.use(mock.get('*/user-service/user-detailed', () => ok({ ...testUserDetailed, used: 2560, quota: 10240 })))
    const { user } = await openAt('/home')
    await user.click(screen.getByRole('button', { name: 'Menu' }))
    const drawer = await screen.findByRole('dialog', { name: 'Menu' })
    const meter = await within(drawer).findByRole('group', { name: 'Storage' })
    expect(within(meter).getByText('2.5 KB of 10 KB used')).toBeTruthy()
    expect(within(meter).getByRole('progressbar', { name: 'Storage' })).toBeTruthy()
  })

  it('an Upload button on screen offers ADD NEW’s choices; Upload Files opens the file picker', async () => {
    setViewportWidth(500)
    Object.defineProperty(HTMLInputElement.prototype, 'webkitdirectory', { configurable: true, value: true })
    const picked = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => {})
    const { user } = await openAt('/home')
    // Outside the drawer (which is closed): on the page itself.
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Upload' }))
    const menu = await screen.findByRole('menu', { name: 'Upload' })
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Upload Files', 'Create Folder', 'Upload Folder'])
    await user.click(within(menu).getByRole('menuitem', { name: 'Upload Files' }))
    expect(picked).toHaveBeenCalled()
  })

  it('has no Upload button where nothing can be added (the trash)', async () => {
    setViewportWidth(500)
    await openAt('/trash')
    expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull()
  })

  it('on desktop the Upload button is not there (ADD NEW is on screen)', async () => {
    await openAt('/home')
    expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull()
  })
})

describe('search bar (SPEC §2)', () => {
  it.each([
    ['/home', '/search/holiday%20cats'],
    ['/folder/f1', '/search/holiday%20cats'],
    ['/media', '/search-media/holiday%20cats'],
    ['/trash', '/search-trash/holiday%20cats'],
  ])('submitting on %s goes to %s', async (route, target) => {
    const { user } = await openAt(route)
    await user.type(searchField(), 'holiday cats{Enter}')
    expect(path()).toBe(target)
  })

  it('submitting empty text goes back to the area root; the clear button resets the text', async () => {
    const { user } = await openAt('/search-trash/old')
    const box = searchField()
    expect(box.value).toBe('old')
    await user.click(screen.getByRole('button', { name: 'Clear search' }))
    expect(box.value).toBe('')
    await user.type(box, '{Enter}')
    expect(path()).toBe('/trash')
  })
})

describe('scroll position per URL (SPEC §1)', () => {
  it('restores the scroll position of a URL when the user comes back to it', async () => {
    const { user } = await openAt('/home')
    window.scrollTo(0, 640)
    await waitFor(async () => {
      const { navigationMap } = await import('../../../../app/state/selection.ts')
      expect(navigationMap.value['/home']?.scrollTop).toBe(640)
    })
    await user.click(
      within(screen.getByRole('navigation', { name: 'Navigation' })).getByRole('link', { name: 'Trash' }),
    )
    await waitFor(() => expect(path()).toBe('/trash'))
    expect(window.scrollY).toBe(0)
    window.history.back()
    await waitFor(() => expect(path()).toBe('/home'))
    await waitFor(() => expect(window.scrollY).toBe(640))
  })
})
