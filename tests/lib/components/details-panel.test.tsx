import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { DetailsPanel, detailsPanelWidth, type DetailsSelection } from '../../../lib/index.ts'
import { expectNoAxeViolations } from '../helpers/axe.ts'
import { setup } from '../helpers/render.tsx'

const created = new Date(2024, 2, 7, 21, 5)
const facts = () =>
  Object.fromEntries(screen.getAllByRole('term').map((t) => [t.textContent, t.nextElementSibling?.textContent]))

describe('DetailsPanel', () => {
  it('given nothing selected, then it shows the SPEC empty text with its typographic apostrophe, 260 px wide', async () => {
    setup(<DetailsPanel />)
    const panel = screen.getByRole('complementary', { name: 'Details' })
    expect(panel.textContent).toBe('Select a file or folder to view it’s details.')
    expect(detailsPanelWidth).toBe(260)
    expect(panel.style.inlineSize).toBe('260px')
    await expectNoAxeViolations()
  })

  it('given a file, then it shows a banner coloured by extension, the name, Type, Size, Created (MM/DD/YYYY) and Access', async () => {
    const selection: DetailsSelection = {
      type: 'file',
      file: { id: '1', name: 'report.pdf', size: 1536, uploadDate: created, linkType: 'public' },
    }
    const { container } = setup(<DetailsPanel selection={selection} />)
    expect(screen.getByRole('heading', { name: 'report.pdf' })).toBeTruthy()
    expect(facts()).toEqual({ Type: 'PDF', Size: '1.5 KB', Created: '03/07/2024', Access: 'Public' })
    const banner = container.querySelector('[aria-hidden="true"]') as HTMLElement
    expect(banner.textContent).toBe('PDF')
    expect(banner.style.backgroundColor).toBe('var(--cumulus-color-badge-p)')
    await expectNoAxeViolations()
  })

  it('given a private file, a temporary link or no extension, then Access and Type say so', () => {
    const file = (name: string, linkType?: 'one' | 'public'): DetailsSelection => ({
      type: 'file',
      file: { id: name, name, size: 0, uploadDate: created, linkType },
    })
    const { rerender } = setup(<DetailsPanel selection={file('a.jpeg')} />)
    expect(facts()).toMatchObject({ Type: 'JPEG', Access: 'Private' })
    rerender(<DetailsPanel selection={file('b.jpg', 'one')} />)
    expect(facts()).toMatchObject({ Access: 'Public' })
    rerender(<DetailsPanel selection={file('Makefile')} />)
    expect(facts()).toMatchObject({ Type: 'UNK', Size: '0 B' })
    // The Type row spells the whole extension; the banner shortens it like a badge.
    rerender(<DetailsPanel selection={file('movie.torrent')} />)
    expect(facts()).toMatchObject({ Type: 'TORRENT' })
  })

  it('given a folder, then Type is Folder and there is no Size or Access', () => {
    setup(
      <DetailsPanel
        selection={{ type: 'folder', folder: { id: 'd', name: 'Invoices', createdAt: new Date(2023, 10, 30) } }}
      />,
    )
    expect(facts()).toEqual({ Type: 'Folder', Created: '11/30/2023' })
  })

  it('given a name past 66 characters, then it is truncated in the middle, the full name kept as its accessible name', () => {
    const name = `${'x'.repeat(40)}-middle-${'y'.repeat(40)}.txt`
    setup(<DetailsPanel selection={{ type: 'file', file: { id: '1', name, size: 1, uploadDate: created } }} />)
    const heading = screen.getByRole('heading', { name })
    expect(heading.textContent).toHaveLength(66)
    expect(heading.textContent).toMatch(/^x+…y+\.txt$/)
    expect(heading.getAttribute('title')).toBe(name)
  })

  it('given texts and a width, then they replace the defaults', () => {
    setup(<DetailsPanel width={300} labels={{ panel: 'Info', empty: 'Nothing selected' }} />)
    const panel = screen.getByRole('complementary', { name: 'Info' })
    expect(panel.textContent).toBe('Nothing selected')
    expect(panel.style.inlineSize).toBe('300px')
  })

  it('given a photo, then it shows its thumbnail, Taken and Dimensions; a failed thumbnail gives way to the banner', async () => {
    const selection: DetailsSelection = {
      type: 'file',
      file: {
        id: 'p',
        name: 'IMG_2041.jpg',
        size: 1536,
        uploadDate: created,
        thumbnailUrl: '/thumbnail/p',
        takenDate: new Date(2023, 7, 19, 18, 40),
        width: 4032,
        height: 3024,
      },
    }
    const { container } = setup(<DetailsPanel selection={selection} />)
    expect(facts()).toEqual({
      Type: 'JPG',
      Size: '1.5 KB',
      Created: '03/07/2024',
      Taken: '08/19/2023',
      Dimensions: '4032 × 3024',
      Access: 'Private',
    })
    const img = container.querySelector('img')!
    expect(img.getAttribute('src')).toBe('/thumbnail/p')
    expect(img.getAttribute('alt')).toBe('')
    await expectNoAxeViolations()
    fireEvent.error(img)
    expect(container.querySelector('img')).toBeNull()
    expect(container.querySelector('[aria-hidden="true"]')?.textContent).toBe('JPG')
  })
})
