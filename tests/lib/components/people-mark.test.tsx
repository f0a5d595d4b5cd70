// The people mark on cards and rows (BrowserFile/BrowserFolder `people`): whose an item is, without
// taking the name's room or the start of the card's accessible name.
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { FileCard, FileListRow, FolderCard, OwnerBadge } from '../../../lib/index.ts'
import { expectNoAxeViolations } from '../helpers/axe.ts'
import { setup } from '../helpers/render.tsx'

const at = new Date(2024, 2, 7)

describe('OwnerBadge compact', () => {
  it('given compact, then the icon alone, named and titled with the sentence', async () => {
    setup(<OwnerBadge name="Ben" compact />)
    const badge = screen.getByRole('img', { name: 'Shared by Ben' })
    expect(badge.textContent).toBe('')
    expect(badge.getAttribute('title')).toBe('Shared by Ben')
    expect(badge.getAttribute('data-compact')).toBe('true')
    await expectNoAxeViolations()
  })
})

describe('cards and rows with people', () => {
  it('given a folder shared with me, then the card shows the compact mark after the name', () => {
    setup(<FolderCard role="button" folder={{ id: 'f', name: 'Holidays', createdAt: at, people: { owner: 'Ben' } }} />)
    const card = screen.getByRole('button')
    expect(card.textContent).toBe('Holidays')
    expect(screen.getByRole('img', { name: 'Shared by Ben' }).getAttribute('data-compact')).toBe('true')
  })

  it('given a file of mine that is shared, then the card is named by the file first and says Shared', () => {
    setup(
      <FileCard
        role="button"
        file={{ id: 'a', name: 'report.pdf', size: 1, uploadDate: at, people: { shared: true } }}
      />,
    )
    // Found by a name that starts with the file's: the mark comes after it.
    expect(screen.getByRole('button', { name: /^report\.pdf .*Shared with others$/ })).toBeTruthy()
    expect(screen.getByRole('img', { name: 'Shared with others' }).textContent).toBe('Shared')
  })

  it('given a row shared with me, then the name cell has the compact mark; without people, none', () => {
    const row = { id: 'a', name: 'notes.txt', size: 1, uploadDate: at }
    const { rerender } = setup(
      <div role="grid">
        <FileListRow file={{ ...row, people: { owner: 'Anna' } }} />
      </div>,
    )
    expect(screen.getByRole('img', { name: 'Shared by Anna' })).toBeTruthy()
    rerender(
      <div role="grid">
        <FileListRow file={row} />
      </div>,
    )
    expect(screen.queryByRole('img', { name: /Shared/ })).toBeNull()
  })
})
