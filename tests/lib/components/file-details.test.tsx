import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { FileDetails, FileDetailsDialog, formatFileDate } from '../../../lib/index.ts'
import { expectNoAxeViolations } from '../helpers/axe.ts'
import { describeModal } from '../helpers/modal-suite.tsx'
import { setup } from '../helpers/render.tsx'

// A local time, so the expected text does not depend on the machine's time zone.
const uploaded = new Date(2024, 2, 7, 21, 5)

describeModal('FileDetailsDialog', {
  role: 'dialog',
  name: 'notes.docx',
  render: (close) => (
    <FileDetailsDialog
      open
      name="notes.docx"
      access="private"
      fileSize={1536}
      uploadDate={uploaded}
      onCopyName={() => {}}
      onDownload={() => {}}
      onClose={close}
    />
  ),
})

const details = (dl: HTMLElement) => {
  const terms = within(dl)
    .getAllByRole('term')
    .map((t) => t.textContent)
  const values = within(dl)
    .getAllByRole('definition')
    .map((d) => d.textContent)
  return Object.fromEntries(terms.map((t, i) => [t, values[i]]))
}

describe('FileDetails', () => {
  it('shows the name with Copy name, a "File details" block (access, size, the date in the locale file format) and Download', async () => {
    const onCopyName = vi.fn()
    const onDownload = vi.fn()
    const { user } = setup(
      <FileDetails
        name="Quarterly report.pdf"
        access="one"
        fileSize={1536}
        uploadDate={uploaded}
        onCopyName={onCopyName}
        onDownload={onDownload}
      />,
    )
    expect(screen.getByText('Quarterly report.pdf')).toBeTruthy()
    const block = screen.getByRole('group', { name: 'File details' })
    expect(within(block).getByRole('heading', { name: 'File details' })).toBeTruthy()
    expect(details(block)).toEqual({ Access: 'Temporary', Size: '1.5 KB', Uploaded: '03/07/2024, 09:05 PM' })
    expect(formatFileDate(uploaded)).toBe('03/07/2024 09:05PM')
    await user.click(screen.getByRole('button', { name: 'Copy name' }))
    expect(onCopyName).toHaveBeenCalledWith('Quarterly report.pdf')
    // Keyboard: Tab reaches Download after Copy name.
    await user.tab()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Download' }))
    await user.keyboard('{Enter}')
    expect(onDownload).toHaveBeenCalledOnce()
    await expectNoAxeViolations()
  })

  it.each([
    ['public', 'Public'],
    ['private', 'Private'],
    ['one', 'Temporary'],
  ] as const)('given access %s, then the label reads %s', (access, label) => {
    setup(
      <FileDetails
        name="a.txt"
        access={access}
        fileSize={0}
        uploadDate={uploaded}
        onCopyName={() => {}}
        onDownload={() => {}}
      />,
    )
    expect(details(screen.getByRole('group', { name: 'File details' })).Access).toBe(label)
  })

  it('given a photo, then its thumbnail sits above the name and Taken follows Uploaded; a failed thumbnail leaves no gap', async () => {
    const { container } = setup(
      <FileDetails
        name="IMG_2041.HEIC"
        access="private"
        fileSize={1536}
        uploadDate={uploaded}
        thumbnailUrl="/thumbnail/p"
        takenDate={new Date(2023, 7, 19, 18, 40)}
        onCopyName={() => {}}
        onDownload={() => {}}
      />,
    )
    expect(details(screen.getByRole('group', { name: 'File details' }))).toEqual({
      Access: 'Private',
      Size: '1.5 KB',
      Uploaded: '03/07/2024, 09:05 PM',
      Taken: '08/19/2023, 06:40 PM',
    })
    const img = container.querySelector('img')!
    expect([img.getAttribute('src'), img.getAttribute('alt')]).toEqual(['/thumbnail/p', ''])
    // Before the name box, in reading order.
    expect(
      img.compareDocumentPosition(screen.getByText('IMG_2041.HEIC')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy()
    await expectNoAxeViolations()
    fireEvent.error(img)
    expect(container.querySelector('img')).toBeNull()
  })

  it('given no thumbnail or taken date, then neither shows', () => {
    const { container } = setup(
      <FileDetails
        name="a.zip"
        access="private"
        fileSize={1}
        uploadDate={uploaded}
        onCopyName={() => {}}
        onDownload={() => {}}
      />,
    )
    expect(container.querySelector('img')).toBeNull()
    expect(screen.queryByText('Taken')).toBeNull()
  })

  it('given downloading, then Download is busy', () => {
    setup(
      <FileDetails
        name="a.txt"
        access="public"
        fileSize={10}
        uploadDate={uploaded}
        downloading
        onCopyName={() => {}}
        onDownload={() => {}}
      />,
    )
    expect(screen.getByRole('button', { name: 'Download' }).getAttribute('aria-busy')).toBe('true')
  })

  it('given custom labels, then it uses them', () => {
    setup(
      <FileDetails
        name="a.txt"
        access="public"
        fileSize={10}
        uploadDate={uploaded}
        labels={{ heading: 'Détails', download: 'Télécharger', access: 'Accès' }}
        accessLabels={{ public: 'Public (lien)' }}
        onCopyName={() => {}}
        onDownload={() => {}}
      />,
    )
    expect(details(screen.getByRole('group', { name: 'Détails' })).Accès).toBe('Public (lien)')
    expect(screen.getByRole('button', { name: 'Télécharger' })).toBeTruthy()
  })
})

describe('FileDetailsDialog', () => {
  it('is named by the file name; the heading of the block sits one level below the dialog heading', async () => {
    setup(
      <FileDetailsDialog
        open
        name="notes.docx"
        access="public"
        fileSize={2048}
        uploadDate={uploaded}
        onCopyName={() => {}}
        onDownload={() => {}}
        onClose={() => {}}
      />,
    )
    const dialog = await screen.findByRole('dialog', { name: 'notes.docx' })
    const [title, block] = within(dialog).getAllByRole('heading')
    expect(title?.textContent).toBe('notes.docx')
    expect(Number(block?.tagName.slice(1))).toBe(Number(title?.tagName.slice(1)) + 1)
    expect(within(dialog).getByRole('button', { name: 'Download' })).toBeTruthy()
  })
})
