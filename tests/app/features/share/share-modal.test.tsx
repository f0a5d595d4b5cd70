import '../../helpers/setup.ts'
import { act, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { FileJson } from '../../../../server/schemas/files.ts'
import {
  mainSection,
  popupModal,
  setMainSelect,
  setPopupSelect,
  setShareSelected,
  shareModal,
} from '../../../../app/state/selection.ts'
import { isDisabled, toasts } from '../../helpers/render.tsx'
import { apiError, http as mock, ok, sent, server } from '../../helpers/server.ts'
import { fileJson, renderModals } from '../dialogs/harness.tsx'

const privateFile = fileJson()
const publicFile = fileJson({ metadata: { linkType: 'public', link: 'tok1' } })
const oneFile = fileJson({ metadata: { linkType: 'one', link: 'tok2' } })

/** A PATCH answer the test releases by hand, to look at the busy state in between. */
function held(path: string, reply: () => Response) {
  let release!: () => void
  server.use(mock.patch(`*${path}`, () => new Promise<Response>((resolve) => (release = () => resolve(reply())))))
  return { release: () => release() }
}

async function open(file: FileJson) {
  server.use(
    mock.get('*/file-service/quick-list', () => ok([])),
    mock.get('*/folder-service/list', () => ok([])),
  )
  setShareSelected(file)
  const view = renderModals({ readers: true })
  const dialog = await screen.findByRole('dialog', { name: 'Share' })
  await waitFor(() => expect(sent('/file-service/quick-list')).toHaveLength(1))
  return { ...view, dialog }
}

async function choose(user: Awaited<ReturnType<typeof open>>['user'], label: string) {
  await user.click(screen.getByRole('combobox', { name: 'Permission' }))
  await user.click(await screen.findByRole('option', { name: label }))
}

const linkField = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Share link' })
const permission = () => screen.getByRole('combobox', { name: 'Permission' })

describe('share modal (SPEC §2 "Share modal")', () => {
  it('given a private file: its name, Private, no link and Copy link disabled', async () => {
    const { dialog } = await open(privateFile)
    expect(dialog.textContent).toContain('Report.pdf')
    expect(permission().textContent).toContain('Private')
    expect(linkField().value).toBe('')
    expect(isDisabled(screen.getByRole('button', { name: 'Copy link' }))).toBe(true)
  })

  it('given a public file: Public and the link to its public page; Copy link copies it and says "Link Copied"', async () => {
    const { user } = await open(publicFile)
    expect(permission().textContent).toContain('Public')
    expect(linkField().value).toBe(`${window.location.origin}/public-download/f1/tok1`)
    await user.click(screen.getByRole('button', { name: 'Copy link' }))
    expect(await toasts().findByText('Link Copied')).toBeTruthy()
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/public-download/f1/tok1`)
  })

  it('given a temporary (one) file: Temporary and its link', async () => {
    await open(oneFile)
    expect(permission().textContent).toContain('Temporary')
    expect(linkField().value).toBe(`${window.location.origin}/public-download/f1/tok2`)
  })

  it.each([
    ['public', publicFile],
    ['temporary', oneFile],
  ])(
    'given a %s link, then the helper text says before any change that changing the permission ends the link',
    async (_kind, file) => {
      await open(file)
      const hintId = permission().getAttribute('aria-describedby')!
      expect(document.getElementById(hintId)?.textContent).toContain('Changing the permission ends this link')
    },
  )

  it('opening it closes the generic popup (SPEC §4)', async () => {
    setPopupSelect({ type: 'file', file: privateFile })
    await open(privateFile)
    expect(popupModal.value).toBeNull()
  })

  it('given the close icon, the backdrop or Escape, then the modal closes and shareModal resets', async () => {
    const { user } = await open(publicFile)
    await user.click(screen.getByRole('button', { name: 'Close' }))
    expect(shareModal.value).toBeNull()
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Share' })).toBeNull())
    act(() => setShareSelected(publicFile))
    await screen.findByRole('dialog', { name: 'Share' })
    await user.click(document.querySelector<HTMLElement>('[data-backdrop]')!)
    expect(shareModal.value).toBeNull()
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Share' })).toBeNull())
    act(() => setShareSelected(publicFile))
    await screen.findByRole('dialog', { name: 'Share' })
    await user.keyboard('{Escape}')
    expect(shareModal.value).toBeNull()
  })
})

describe('share modal: permission changes (SPEC §4 "Share state", §8 toasts)', () => {
  it('Public: make-public with "Making Public..." while the select is disabled with a spinner, then "Public Link Generated", the new link, the selection updated and the lists refetched', async () => {
    setMainSelect({ type: 'file', id: 'f1', file: privateFile })
    const call = held('/file-service/make-public/f1', () => ok({ file: publicFile }))
    const { user } = await open(privateFile)
    await choose(user, 'Public')
    expect(await toasts().findByText('Making Public...')).toBeTruthy()
    expect(isDisabled(permission())).toBe(true)
    expect(permission().getAttribute('aria-busy')).toBe('true')
    call.release()
    expect(await toasts().findByText('Public Link Generated')).toBeTruthy()
    await waitFor(() => expect(isDisabled(permission())).toBe(false))
    expect(sent('/file-service/make-public/f1', 'PATCH')).toHaveLength(1)
    expect(linkField().value).toBe(`${window.location.origin}/public-download/f1/tok1`)
    expect(permission().textContent).toContain('Public')
    expect(shareModal.value).toEqual(publicFile)
    expect(mainSection.value).toEqual({ type: 'file', id: 'f1', file: publicFile })
    // The file lists refetch (the quick list is read again); folders are untouched by sharing.
    await waitFor(() => expect(sent('/file-service/quick-list')).toHaveLength(2))
    expect(sent('/folder-service/list')).toHaveLength(1)
  })

  it('Temporary: make-one, with the same toasts', async () => {
    server.use(mock.patch('*/file-service/make-one/f1', () => ok({ file: oneFile })))
    const { user } = await open(privateFile)
    await choose(user, 'Temporary')
    expect(await toasts().findByText('Public Link Generated')).toBeTruthy()
    expect(sent('/file-service/make-one/f1', 'PATCH')).toHaveLength(1)
    expect(sent('/file-service/make-public/f1')).toHaveLength(0)
    await waitFor(() => expect(linkField().value).toBe(`${window.location.origin}/public-download/f1/tok2`))
    expect(shareModal.value).toEqual(oneFile)
    await waitFor(() => expect(sent('/file-service/quick-list')).toHaveLength(2))
  })

  it('Private: remove-link with "Removing Link..." then "Link Removed", and the link is gone', async () => {
    const call = held('/file-service/remove-link/f1', () => ok(privateFile))
    const { user } = await open(publicFile)
    await choose(user, 'Private')
    expect(await toasts().findByText('Removing Link...')).toBeTruthy()
    expect(isDisabled(permission())).toBe(true)
    call.release()
    expect(await toasts().findByText('Link Removed')).toBeTruthy()
    await waitFor(() => expect(linkField().value).toBe(''))
    expect(shareModal.value).toEqual(privateFile)
    await waitFor(() => expect(sent('/file-service/quick-list')).toHaveLength(2))
  })

  it('given the main selection is another file, then it is left alone', async () => {
    const other = fileJson({ _id: 'f2', filename: 'Other.txt' })
    setMainSelect({ type: 'file', id: 'f2', file: other })
    server.use(mock.patch('*/file-service/make-public/f1', () => ok({ file: publicFile })))
    const { user } = await open(privateFile)
    await choose(user, 'Public')
    await waitFor(() => expect(shareModal.value).toEqual(publicFile))
    expect(mainSection.value).toEqual({ type: 'file', id: 'f2', file: other })
  })

  it.each([
    ['Public', '/file-service/make-public/f1', 'Error Making Public', privateFile],
    ['Temporary', '/file-service/make-one/f1', 'Error Making Public', privateFile],
    ['Private', '/file-service/remove-link/f1', 'Error Removing Link', publicFile],
  ] as const)(
    'given %s fails with a 500 (%s), then "%s" and the file stays as it was',
    async (label, path, message, file) => {
      server.use(mock.patch(`*${path}`, () => apiError(500)))
      const { user } = await open(file)
      await choose(user, label)
      expect(await toasts().findByText(message)).toBeTruthy()
      await waitFor(() => expect(isDisabled(permission())).toBe(false))
      expect(shareModal.value).toBe(file)
      expect(permission().textContent).toContain(file === publicFile ? 'Public' : 'Private')
      expect(sent('/file-service/quick-list')).toHaveLength(1)
      expect(
        within(screen.getByRole('dialog', { name: 'Share' })).getByRole<HTMLInputElement>('textbox', {
          name: 'Share link',
        }).value,
      ).toBe(file === publicFile ? `${window.location.origin}/public-download/f1/tok1` : '')
    },
  )
})
