import '../../helpers/setup.ts'
import { act, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { formatFileDate } from '@cumulus/ui'
import type { FileJson } from '../../../../server/schemas/files.ts'
import { navigateAway } from '../../../../app/api/navigate.ts'
import { popupModal, setPopupSelect, setShareSelected } from '../../../../app/state/selection.ts'
import { toasts } from '../../helpers/render.tsx'
import { sent } from '../../helpers/server.ts'
import { fileJson, renderModals } from './harness.tsx'

vi.mock('../../../../app/api/navigate.ts', () => ({ navigateAway: vi.fn() }))

const doc = fileJson({ _id: 'f 1', filename: 'Report.pdf' })

async function open(file: FileJson) {
  setPopupSelect({ type: 'file', file })
  const view = renderModals()
  const dialog = await screen.findByRole('dialog', { name: file.filename })
  return { ...view, dialog }
}

describe('file details modal (SPEC §2, non-previewable files)', () => {
  it('shows the name, File details (access, size, MM/DD/YYYY hh:mma upload date) and Download', async () => {
    const { dialog } = await open(doc)
    const view = within(dialog)
    // The name box: the name beside its Copy name button (the dialog's hidden title repeats it).
    expect(view.getByRole('button', { name: 'Copy name' }).parentElement?.textContent).toBe('Report.pdfCopy name')
    const details = view.getByRole('group', { name: 'File details' })
    expect(within(details).getByText('Private')).toBeTruthy()
    expect(within(details).getByText('1.5 KB')).toBeTruthy()
    expect(within(details).getByText(formatFileDate('2024-03-07T21:05:00.000Z'))).toBeTruthy()
    expect(view.getByRole('button', { name: 'Download' })).toBeTruthy()
  })

  it('given a photo that has its date taken but no preview, then it shows Taken as the details panel does', async () => {
    const photo = fileJson({ filename: 'IMG_0001.HEIC', metadata: { takenDate: '2024-05-01T08:11:12.000Z' } })
    const { dialog } = await open(photo)
    const details = within(within(dialog).getByRole('group', { name: 'File details' }))
    expect(details.getByText('Taken')).toBeTruthy()
    expect(details.getByText(formatFileDate('2024-05-01T08:11:12.000Z'))).toBeTruthy()
    // Without a thumbnail there is no picture (and no banner: SPEC §2's layout stays as it is).
    expect(dialog.querySelector('img')).toBeNull()
  })

  it.each([
    ['one', 'Temporary'],
    ['public', 'Public'],
  ] as const)('labels the access of a linkType %s as %s', async (linkType, label) => {
    const { dialog } = await open(fileJson({ metadata: { linkType, link: 'tok' } }))
    expect(within(within(dialog).getByRole('group', { name: 'File details' })).getByText(label)).toBeTruthy()
  })

  it.each([
    ['a thumbnail', { hasThumbnail: true, thumbnailID: 't1' }],
    ['a video flag', { isVideo: true }],
  ])('given a file with %s, then it is left to the viewer', async (_what, metadata) => {
    setPopupSelect({ type: 'file', file: fileJson({ metadata }) })
    renderModals()
    // Give the modal a chance to appear before checking it did not.
    await act(async () => {})
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('Copy name copies the file name and says "Filename Copied"', async () => {
    const { user } = await open(doc)
    await user.click(screen.getByRole('button', { name: 'Copy name' }))
    expect(await toasts().findByText('Filename Copied')).toBeTruthy()
    expect(await navigator.clipboard.readText()).toBe('Report.pdf')
  })

  it('Download refreshes the session, then navigates to the download address', async () => {
    const { user } = await open(doc)
    await user.click(screen.getByRole('button', { name: 'Download' }))
    await waitFor(() => expect(navigateAway).toHaveBeenCalledWith('/file-service/download/f%201'))
    expect(sent('/user-service/get-token', 'POST')).toHaveLength(1)
  })

  it('a quick item opens it too; the close icon closes it and resets popupModal', async () => {
    setPopupSelect({ type: 'quick-item', file: doc })
    const { user } = renderModals()
    await screen.findByRole('dialog', { name: 'Report.pdf' })
    await user.click(screen.getByRole('button', { name: 'Close' }))
    expect(popupModal.value).toBeNull()
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('opening the share modal from it closes it (SPEC §4)', async () => {
    await open(doc)
    act(() => setShareSelected(doc))
    await screen.findByRole('dialog', { name: 'Share' })
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Report.pdf' })).toBeNull())
  })
})
