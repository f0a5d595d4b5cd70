import '../../helpers/setup.ts'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { FileJson } from '../../../../server/schemas/files.ts'
import type { ShareLinkJson } from '../../../../server/schemas/sharing.ts'
import {
  folderShareModal,
  setFolderShareSelected,
  setShareSelected,
  shareModal,
} from '../../../../app/state/selection.ts'
import { setLoggedIn } from '../../../../app/state/user.ts'
import { isDisabled, renderApp, toasts } from '../../helpers/render.tsx'
import { apiError, http as mock, ok, sent, server } from '../../helpers/server.ts'
import { isoOfLocal, requestLink, shareLink } from '../../helpers/share-links.ts'
import { fileJson, folderJson, renderModals } from '../dialogs/harness.tsx'

const privateFile = fileJson()
const publicFile = fileJson({ metadata: { linkType: 'public', link: 'tok1' } })
const trip = folderJson('d1', 'Trip')

/** GET /share-service/links answers `links`; writes change them as the server would. */
function serve(initial: ShareLinkJson[]) {
  const state = { links: initial }
  server.use(mock.get('*/share-service/links', () => ok({ links: state.links })))
  return state
}

function bodyOf(
  method: 'post' | 'patch',
  path: string,
  reply: (body: Record<string, unknown>) => ShareLinkJson,
  status = 200,
) {
  const seen: Record<string, unknown>[] = []
  server.use(
    mock[method](`*${path}`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>
      seen.push(body)
      return ok({ link: reply(body) }, status)
    }),
  )
  return seen
}

async function openFile(file: FileJson) {
  setShareSelected(file)
  const view = renderModals({ readers: true })
  const dialog = await screen.findByRole('dialog', { name: 'Share' })
  await waitFor(() => expect(sent('/file-service/quick-list')).toHaveLength(1))
  return { ...view, dialog }
}

async function openFolder() {
  setFolderShareSelected(trip)
  const view = renderModals({ readers: true })
  const dialog = await screen.findByRole('dialog', { name: 'Share' })
  await waitFor(() => expect(sent('/file-service/quick-list')).toHaveLength(1))
  return { ...view, dialog }
}

const settings = () => screen.getByRole('form', { name: 'Link settings' })

describe('file share dialog: the spec select first, then "Link settings" (issue #19)', () => {
  it('given a private file: the spec’s Permission select with Private, Public, Temporary and its texts; link settings only say how to get a link', async () => {
    const { user, dialog } = await openFile(privateFile)
    const select = within(dialog).getByRole('combobox', { name: 'Permission' })
    expect(select.textContent).toContain('Private')
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Share link' }).placeholder).toBe(
      'No link while the file is private',
    )
    expect(document.getElementById(select.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Only you can open this file. Choose Public or Temporary to get a link.',
    )
    // The select comes before the link settings.
    const heading = within(dialog).getByRole('heading', { name: 'Link settings' })
    expect(select.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(
      within(dialog).getByText(
        'Choose Public or Temporary to get a link; then you can set when it expires, a password and a download limit here.',
      ),
    ).toBeTruthy()
    expect(within(dialog).queryByRole('form')).toBeNull()
    expect(sent('/share-service/links')).toHaveLength(0)
    await user.click(select)
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Private', 'Public', 'Temporary'])
  })

  it('given a public file: its link’s settings; Save sends PATCH to that link (expiry, password, limit) and the lists and links are read again', async () => {
    const links = serve([shareLink()])
    const seen = bodyOf('patch', '/share-service/links/l1', (body) => {
      const next = shareLink({
        expiresAt: body.expiresAt as string,
        hasPassword: true,
        maxDownloads: body.maxDownloads as number,
      })
      links.links = [next]
      return next
    })
    const { user } = await openFile(publicFile)
    const form = await screen.findByRole('form', { name: 'Link settings' })
    // One link per share: the Share link, no second address to hand out.
    expect(screen.queryByRole('textbox', { name: 'Link page' })).toBeNull()
    expect(
      screen.getByText(
        'These apply to the share link above: people who open it are asked for the password when it has one.',
      ),
    ).toBeTruthy()
    await user.click(within(form).getByRole('checkbox', { name: 'Expires' }))
    fireEvent.change(within(form).getByLabelText('Expires on'), { target: { value: '2031-02-03T04:05' } })
    await user.click(within(form).getByRole('checkbox', { name: 'Require a password' }))
    await user.type(within(form).getByLabelText('Password'), 'open sesame')
    await user.click(within(form).getByRole('checkbox', { name: 'Limit downloads' }))
    await user.type(within(form).getByRole('spinbutton', { name: 'Downloads allowed' }), '5')
    const linkReads = sent('/share-service/links', 'GET').length
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    expect(await toasts().findByText('Link Settings Saved')).toBeTruthy()
    expect(seen).toEqual([{ expiresAt: isoOfLocal('2031-02-03T04:05'), password: 'open sesame', maxDownloads: 5 }])
    await waitFor(() => expect(sent('/file-service/quick-list')).toHaveLength(2))
    await waitFor(() => expect(sent('/share-service/links', 'GET').length).toBeGreaterThan(linkReads))
    // The form starts over from the stored link: the password is set, not shown.
    await waitFor(() => expect(within(settings()).getByText('Password set — type a new one to change it')).toBeTruthy())
    // The URL is the same: the spec's link field did not change.
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Share link' }).value).toBe(
      `${window.location.origin}/public-download/f1/tok1`,
    )
    expect(shareModal.value?.metadata.linkType).toBe('public')
  })

  it('given a limit of 1 is saved, then the select shows Temporary (the spec’s "one" is that limit)', async () => {
    serve([shareLink()])
    bodyOf('patch', '/share-service/links/l1', () => shareLink({ maxDownloads: 1 }))
    const { user } = await openFile(publicFile)
    const form = await screen.findByRole('form', { name: 'Link settings' })
    await user.click(within(form).getByRole('checkbox', { name: 'Limit downloads' }))
    await user.type(within(form).getByRole('spinbutton', { name: 'Downloads allowed' }), '1')
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Permission' }).textContent).toContain('Temporary'))
    expect(shareModal.value?.metadata.linkType).toBe('one')
  })

  it('given the server refuses, then its reason shows under the fields and the file stays as it was', async () => {
    serve([shareLink()])
    server.use(
      mock.patch('*/share-service/links/l1', () => apiError(400, 'BAD_REQUEST', 'expiresAt must be in the future')),
    )
    const { user } = await openFile(publicFile)
    const form = await screen.findByRole('form', { name: 'Link settings' })
    await user.click(within(form).getByRole('checkbox', { name: 'Require a password' }))
    await user.type(within(form).getByLabelText('Password'), 'abcd')
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    expect((await within(form).findByRole('alert')).textContent).toBe('expiresAt must be in the future')
    expect(await toasts().findByText('Error Saving Link Settings')).toBeTruthy()
    expect(shareModal.value).toBe(publicFile)
  })

  it('given Public is chosen on a private file, then the new link is read and its settings show', async () => {
    const links = serve([])
    server.use(
      mock.patch('*/file-service/make-public/f1', () => {
        links.links = [shareLink()]
        return ok({ file: publicFile })
      }),
    )
    const { user } = await openFile(privateFile)
    await user.click(screen.getByRole('combobox', { name: 'Permission' }))
    await user.click(await screen.findByRole('option', { name: 'Public' }))
    expect(await screen.findByRole('form', { name: 'Link settings' })).toBeTruthy()
    expect(sent('/share-service/links', 'GET').length).toBeGreaterThan(0)
  })

  it('given the file’s link is not among the live ones (used up or expired), then it says so', async () => {
    serve([shareLink({ token: 'another' })])
    await openFile(publicFile)
    expect(
      await screen.findByText(
        'This link has expired or been used up. Choose Private, then Public or Temporary, to make a new one.',
      ),
    ).toBeTruthy()
  })
})

describe('folder share dialog: "Share folder" and "Request files" (issue #19)', () => {
  it('given no links: Share folder makes a view link with its options, then shows its URL, which Copy copies; lists refetch', async () => {
    const links = serve([])
    const folderLink = shareLink({
      _id: 'l2',
      token: 'tok2',
      url: 'http://cumulus.test/s/tok2',
      itemType: 'folder',
      itemId: 'd1',
      name: 'Trip',
      hasPassword: true,
      maxDownloads: 3,
    })
    const seen = bodyOf(
      'post',
      '/share-service/links',
      () => {
        links.links = [folderLink]
        return folderLink
      },
      201,
    )
    const { user, dialog } = await openFolder()
    expect(dialog.textContent).toContain('Trip')
    const section = await within(dialog).findByRole('region', { name: 'Share folder' })
    const field = within(section).getByRole<HTMLInputElement>('textbox', { name: 'Folder link' })
    expect(field.value).toBe('')
    expect(isDisabled(within(section).getByRole('button', { name: 'Copy link: Folder link' }))).toBe(true)
    const form = within(section).getByRole('form', { name: 'Share folder' })
    await user.click(within(form).getByRole('checkbox', { name: 'Require a password' }))
    await user.type(within(form).getByLabelText('Password'), 'hunter22')
    await user.click(within(form).getByRole('checkbox', { name: 'Limit downloads' }))
    await user.type(within(form).getByRole('spinbutton', { name: 'Downloads allowed' }), '3')
    await user.click(within(form).getByRole('button', { name: 'Create link' }))
    expect(await toasts().findByText('Link Created')).toBeTruthy()
    // A new link sends only the options switched on.
    expect(seen).toEqual([{ itemType: 'folder', itemId: 'd1', access: 'view', password: 'hunter22', maxDownloads: 3 }])
    await waitFor(() => expect(field.value).toBe('http://cumulus.test/s/tok2'))
    await user.click(within(section).getByRole('button', { name: 'Copy link: Folder link' }))
    expect(await toasts().findByText('Link Copied')).toBeTruthy()
    expect(await navigator.clipboard.readText()).toBe('http://cumulus.test/s/tok2')
    // Now it changes that link: Save, not Create.
    expect(within(section).getByRole('button', { name: 'Save' })).toBeTruthy()
    await waitFor(() => expect(sent('/file-service/quick-list')).toHaveLength(2))
    await waitFor(() => expect(sent('/folder-service/list')).toHaveLength(2))
  })

  it('given the folder has a view link, then Save sends PATCH to it (the URL stays)', async () => {
    const folderLink = shareLink({
      _id: 'l2',
      token: 'tok2',
      url: 'http://cumulus.test/s/tok2',
      itemType: 'folder',
      itemId: 'd1',
      name: 'Trip',
    })
    serve([folderLink])
    const seen = bodyOf('patch', '/share-service/links/l2', (body) => ({
      ...folderLink,
      maxDownloads: body.maxDownloads as number,
    }))
    const { user } = await openFolder()
    const section = await screen.findByRole('region', { name: 'Share folder' })
    expect(within(section).getByRole<HTMLInputElement>('textbox', { name: 'Folder link' }).value).toBe(
      'http://cumulus.test/s/tok2',
    )
    await user.click(within(section).getByRole('checkbox', { name: 'Limit downloads' }))
    await user.type(within(section).getByRole('spinbutton', { name: 'Downloads allowed' }), '7')
    await user.click(within(section).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(seen).toEqual([{ expiresAt: null, maxDownloads: 7 }]))
    expect(sent('/share-service/links', 'POST')).toHaveLength(0)
  })

  it('Request files makes an upload link with a largest file and a total, in bytes', async () => {
    const links = serve([])
    const request = requestLink({ itemId: 'd1', name: 'Trip', maxFileSize: 10 * 1024 ** 2, maxTotalBytes: 1024 ** 3 })
    const seen = bodyOf(
      'post',
      '/share-service/links',
      () => {
        links.links = [request]
        return request
      },
      201,
    )
    const { user } = await openFolder()
    const section = await screen.findByRole('region', { name: 'Request files' })
    expect(within(section).queryByRole('checkbox', { name: 'Limit downloads' })).toBeNull()
    await user.click(within(section).getByRole('checkbox', { name: 'Limit file size' }))
    await user.type(within(section).getByRole('spinbutton', { name: 'Maximum file size' }), '10')
    await user.click(within(section).getByRole('checkbox', { name: 'Limit total size' }))
    await user.type(within(section).getByRole('spinbutton', { name: 'Maximum total' }), '1')
    await user.selectOptions(within(section).getByRole('combobox', { name: 'Maximum total unit' }), 'GB')
    await user.click(within(section).getByRole('button', { name: 'Create link' }))
    await waitFor(() =>
      expect(seen).toEqual([
        { itemType: 'folder', itemId: 'd1', access: 'upload', maxFileSize: 10 * 1024 ** 2, maxTotalBytes: 1024 ** 3 },
      ]),
    )
    await waitFor(() =>
      expect(within(section).getByRole<HTMLInputElement>('textbox', { name: 'File request link' }).value).toBe(
        'http://cumulus.test/s/tok3',
      ),
    )
    // The folder's view link is another link: Share folder still offers to create one.
    expect(
      within(screen.getByRole('region', { name: 'Share folder' })).getByRole('button', { name: 'Create link' }),
    ).toBeTruthy()
  })

  it('closes on the close icon and resets its signal', async () => {
    const { user } = await openFolder()
    await screen.findByRole('region', { name: 'Share folder' })
    await user.click(screen.getByRole('button', { name: 'Close' }))
    expect(folderShareModal.value).toBeNull()
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Share' })).toBeNull())
  })

  it('a folder’s context menu offers Share, which opens this dialog', async () => {
    server.use(mock.get('*/folder-service/list', () => ok([trip])))
    setLoggedIn(true)
    const { user } = renderApp('/home')
    const card = await screen.findByRole('option', { name: /^Trip/ })
    fireEvent.contextMenu(card)
    await user.click(await screen.findByRole('menuitem', { name: 'Share' }))
    const dialog = await screen.findByRole('dialog', { name: 'Share' })
    expect(await within(dialog).findByRole('region', { name: 'Request files' })).toBeTruthy()
    expect(folderShareModal.value).toEqual(trip)
  })
})

describe('a file request’s file count and unfinished uploads', () => {
  const upload = {
    _id: 'u1',
    filename: 'holiday.mov',
    length: 2 * 1024 ** 2,
    offset: 1024 ** 2,
    createdAt: '2026-11-30T10:00:00.000Z',
    expiresAt: '2026-12-01T10:00:00.000Z',
  }

  it('given an upload link, then "Limit number of files" sends maxFiles, and its unfinished uploads show with a Cancel that sends DELETE', async () => {
    const links = serve([requestLink({ itemId: 'd1', name: 'Trip', uploadedFiles: 1 })])
    const state = { uploads: [upload] }
    server.use(
      mock.get('*/share-service/links/l3/uploads', () => ok({ uploads: state.uploads })),
      mock.delete('*/share-service/links/l3/uploads/u1', () => {
        state.uploads = []
        return ok({ message: 'Upload cancelled' })
      }),
    )
    const seen = bodyOf('patch', '/share-service/links/l3', (body) => {
      const next = requestLink({ itemId: 'd1', name: 'Trip', maxFiles: body.maxFiles as number })
      links.links = [next]
      return next
    })
    const { user } = await openFolder()
    const section = await screen.findByRole('region', { name: 'Request files' })
    const uploads = await within(section).findByRole('region', { name: 'Uploads on their way' })
    expect(within(uploads).getByText('holiday.mov')).toBeTruthy()
    expect(within(uploads).getByText('1 MB of 2 MB received')).toBeTruthy()

    await user.click(within(section).getByRole('checkbox', { name: 'Limit number of files' }))
    await user.type(within(section).getByRole('spinbutton', { name: 'Files allowed' }), '20')
    await user.click(within(section).getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(seen).toEqual([{ expiresAt: null, maxFileSize: null, maxTotalBytes: null, maxFiles: 20 }]),
    )

    await user.click(within(uploads).getByRole('button', { name: 'Cancel upload of holiday.mov' }))
    await waitFor(() => expect(sent('/share-service/links/l3/uploads/u1', 'DELETE')).toHaveLength(1))
    await waitFor(() => expect(within(section).queryByRole('region', { name: 'Uploads on their way' })).toBeNull())
    expect(await toasts().findByText('Upload Cancelled')).toBeTruthy()
  })

  it('given a file count that is not a whole number of 1 or more, then Save says so and sends nothing', async () => {
    serve([requestLink({ itemId: 'd1', name: 'Trip' })])
    const { user } = await openFolder()
    const section = await screen.findByRole('region', { name: 'Request files' })
    await user.click(within(section).getByRole('checkbox', { name: 'Limit number of files' }))
    await user.type(within(section).getByRole('spinbutton', { name: 'Files allowed' }), '0')
    await user.click(within(section).getByRole('button', { name: 'Save' }))
    expect(await within(section).findByText('Enter a whole number of 1 or more.')).toBeTruthy()
    expect(sent('/share-service/links/l3', 'PATCH')).toHaveLength(0)
  })
})
