import '../helpers/setup.ts'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { setLoggedIn } from '../../../app/state/user.ts'
import { path, renderApp, toasts } from '../helpers/render.tsx'
import { apiError, http as mock, ok, sent, server } from '../helpers/server.ts'
import { isoOfLocal, requestLink, shareLink } from '../helpers/share-links.ts'

const report = shareLink({ expiresAt: '2030-01-31T18:00:00.000Z', hasPassword: true, maxDownloads: 10, downloads: 3 })
const trip = shareLink({
  _id: 'l2',
  token: 'tok2',
  url: 'http://cumulus.test/s/tok2',
  itemType: 'folder',
  itemId: 'd2',
  name: 'Trip',
})
const inbox = requestLink()

/** GET /share-service/links answers `links`, which a test may change (as the server would after a write). */
function serve(initial: ReturnType<typeof shareLink>[]) {
  const state = { links: initial }
  server.use(mock.get('*/share-service/links', () => ok({ links: state.links })))
  return state
}

async function openShared() {
  setLoggedIn(true)
  const view = renderApp('/shared')
  await screen.findByRole('heading', { name: 'Shared links', level: 1 })
  return view
}

const table = () => screen.getByRole('table', { name: 'Shared links' })
const rowOf = (name: string) => within(table()).getByRole('row', { name: new RegExp(`^${name}`) })
const cells = (name: string) =>
  within(rowOf(name))
    .getAllByRole('cell')
    .map((cell) => cell.textContent)

describe('/shared: the list (issue #19)', () => {
  it('lists every live link: item, kind, expiry, downloads used / limit, password; Shared is current in the sidebar', async () => {
    serve([report, trip, inbox])
    await openShared()
    await screen.findByRole('table', { name: 'Shared links' })
    // In the server's order (newest first); each row is named by its item.
    const names = within(table())
      .getAllByRole('rowheader')
      .map((header) => header.querySelector('[title]')?.textContent)
    expect(names).toEqual(['Report.pdf', 'Trip', 'Inbox'])
    const reportCells = cells('Report.pdf')
    expect(reportCells[0]).toBe('View link')
    expect(reportCells[1]).not.toBe('Never')
    expect(reportCells.slice(2, 4)).toEqual(['3 / 10', 'Yes'])
    expect(cells('Trip').slice(0, 4)).toEqual(['View link', 'Never', '0', 'No'])
    expect(cells('Inbox').slice(0, 4)).toEqual(['File request', 'Never', '—', 'No'])
    const nav = screen.getByRole('navigation', { name: 'Navigation' })
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Home', 'Shared', 'Shared with me', 'Media', 'Trash'])
    expect(within(nav).getByRole('link', { name: 'Shared' }).getAttribute('aria-current')).toBe('page')
    // Nothing is added from here: no ADD NEW.
    expect(screen.queryByRole('button', { name: 'ADD NEW' })).toBeNull()
  })

  it('given no links, then the empty state says how to share', async () => {
    await openShared()
    expect(await screen.findByRole('heading', { name: 'No shared links yet' })).toBeTruthy()
    expect(
      screen.getByText(
        'Share a file or folder from its menu (Share), and its link shows up here to copy, change or revoke.',
      ),
    ).toBeTruthy()
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('while the list loads, a spinner; given it fails, then the reason and Try again, which reads it again', async () => {
    let fail = true
    const held: Array<() => void> = []
    const release = () => held.splice(0).forEach((go) => go())
    server.use(
      mock.get(
        '*/share-service/links',
        () =>
          new Promise<Response>((resolve) =>
            held.push(() => resolve(fail ? apiError(400, 'BAD', 'Something is off') : ok({ links: [trip] }))),
          ),
      ),
    )
    const { user } = await openShared()
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeTruthy()
    release()
    expect(await screen.findByRole('heading', { name: 'Your shared links could not be loaded' })).toBeTruthy()
    expect(screen.getByText('Something is off')).toBeTruthy()
    fail = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(sent('/share-service/links')).toHaveLength(2))
    release()
    expect(await screen.findByRole('table', { name: 'Shared links' })).toBeTruthy()
    expect(screen.queryByRole('heading', { name: 'Your shared links could not be loaded' })).toBeNull()
  })

  it('the sidebar goes there from Home', async () => {
    setLoggedIn(true)
    const { user } = renderApp('/home')
    const nav = await screen.findByRole('navigation', { name: 'Navigation' })
    await user.click(within(nav).getByRole('link', { name: 'Shared' }))
    expect(path()).toBe('/shared')
    expect(await screen.findByRole('heading', { name: 'Shared links', level: 1 })).toBeTruthy()
  })
})

describe('/shared: copy, edit, revoke (issue #19)', () => {
  it('Copy puts the link on the clipboard and says "Link Copied"', async () => {
    serve([trip])
    const { user } = await openShared()
    await user.click(await screen.findByRole('button', { name: 'Copy link to Trip' }))
    expect(await toasts().findByText('Link Copied')).toBeTruthy()
    expect(await navigator.clipboard.readText()).toBe('http://cumulus.test/s/tok2')
  })

  it('Edit opens the link settings; Save sends PATCH with the new options, closes, and the list (same URL) is read again', async () => {
    const links = serve([report])
    let body: unknown
    server.use(
      mock.patch('*/share-service/links/l1', async ({ request }) => {
        body = await request.json()
        const next = { ...report, expiresAt: isoOfLocal('2031-05-01T09:30'), maxDownloads: 20 }
        links.links = [next]
        return ok({ link: next })
      }),
    )
    const { user } = await openShared()
    await user.click(await screen.findByRole('button', { name: 'Edit link to Report.pdf' }))
    const dialog = await screen.findByRole('dialog', { name: 'Link to Report.pdf' })
    const form = within(dialog).getByRole('form', { name: 'Link settings' })
    // It starts from the link: expiry on, a password already set, limit 10.
    expect(within(form).getByRole<HTMLInputElement>('checkbox', { name: 'Expires' }).checked).toBe(true)
    expect(within(form).getByRole<HTMLInputElement>('checkbox', { name: 'Require a password' }).checked).toBe(true)
    expect(within(form).getByText('Password set — type a new one to change it')).toBeTruthy()
    const limit = within(form).getByRole<HTMLInputElement>('spinbutton', { name: 'Downloads allowed' })
    expect(limit.value).toBe('10')
    fireEvent.change(within(form).getByLabelText('Expires on'), { target: { value: '2031-05-01T09:30' } })
    await user.clear(limit)
    await user.type(limit, '20')
    const before = sent('/share-service/links', 'GET').length
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    expect(await toasts().findByText('Link Settings Saved')).toBeTruthy()
    // The password is left as it is (not sent); the URL is the link's own, unchanged.
    expect(body).toEqual({ expiresAt: isoOfLocal('2031-05-01T09:30'), maxDownloads: 20 })
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Link to Report.pdf' })).toBeNull())
    await waitFor(() => expect(sent('/share-service/links', 'GET').length).toBeGreaterThan(before))
    await waitFor(() => expect(cells('Report.pdf')[2]).toBe('3 / 20'))
  })

  it('Edit of a file request offers its size limits, sent in bytes', async () => {
    serve([inbox])
    let body: unknown
    server.use(
      mock.patch('*/share-service/links/l3', async ({ request }) => {
        body = await request.json()
        return ok({ link: { ...inbox, maxFileSize: 2 * 1024 ** 3 } })
      }),
    )
    const { user } = await openShared()
    await user.click(await screen.findByRole('button', { name: 'Edit link to Inbox' }))
    const dialog = await screen.findByRole('dialog', { name: 'Link to Inbox' })
    expect(within(dialog).queryByRole('checkbox', { name: 'Limit downloads' })).toBeNull()
    await user.click(within(dialog).getByRole('checkbox', { name: 'Limit file size' }))
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Maximum file size' }), '2')
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Maximum file size unit' }), 'GB')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(body).toEqual({ expiresAt: null, maxFileSize: 2 * 1024 ** 3, maxTotalBytes: null, maxFiles: null }),
    )
  })

  it('given the server refuses an edit, then its reason shows in the dialog, which stays open', async () => {
    serve([report])
    server.use(
      mock.patch('*/share-service/links/l1', () =>
        apiError(400, 'BAD_REQUEST', 'maxDownloads must be more than the 3 downloads already made'),
      ),
    )
    const { user } = await openShared()
    await user.click(await screen.findByRole('button', { name: 'Edit link to Report.pdf' }))
    const dialog = await screen.findByRole('dialog', { name: 'Link to Report.pdf' })
    const limit = within(dialog).getByRole('spinbutton', { name: 'Downloads allowed' })
    await user.clear(limit)
    await user.type(limit, '2')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      'maxDownloads must be more than the 3 downloads already made',
    )
    expect(await toasts().findByText('Error Saving Link Settings')).toBeTruthy()
    expect(screen.getByRole('dialog', { name: 'Link to Report.pdf' })).toBeTruthy()
  })

  it('Revoke asks first; Yes sends DELETE, says "Link Revoked", and the list is read again without it', async () => {
    const links = serve([report, trip])
    server.use(
      mock.delete('*/share-service/links/l2', () => {
        links.links = [report]
        return ok({ message: 'Link revoked' })
      }),
    )
    const { user } = await openShared()
    await user.click(await screen.findByRole('button', { name: 'Revoke link to Trip' }))
    const ask = await screen.findByRole('alertdialog', { name: 'Revoke link?' })
    expect(ask.textContent).toContain('Anyone who has this link will no longer be able to open it.')
    await user.click(within(ask).getByRole('button', { name: 'Yes' }))
    expect(await toasts().findByText('Link Revoked')).toBeTruthy()
    expect(sent('/share-service/links/l2', 'DELETE')).toHaveLength(1)
    await waitFor(() => expect(within(table()).queryByRole('row', { name: /^Trip/ })).toBeNull())
    expect(rowOf('Report.pdf')).toBeTruthy()
  })

  it('Revoke cancelled sends nothing', async () => {
    serve([trip])
    const { user } = await openShared()
    await user.click(await screen.findByRole('button', { name: 'Revoke link to Trip' }))
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Revoke link?' })).getByRole('button', { name: 'cancel' }),
    )
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(sent('/share-service/links/l2')).toHaveLength(0)
    expect(rowOf('Trip')).toBeTruthy()
  })
})
