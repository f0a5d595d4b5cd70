import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  deMessages,
  FileCard,
  FileListRow,
  FolderCard,
  LocaleProvider,
  TrashNote,
  trashNoteSoonDays,
} from '../../../lib/index.ts'
import { expectNoAxeViolations } from '../helpers/axe.ts'
import { setup } from '../helpers/render.tsx'

const at = '2026-11-20T10:15:00Z'
const text = (el: Element | null) => el?.textContent ?? ''

describe('TrashNote', () => {
  it('given a date and days left, then it says when it was deleted and how long it has left', async () => {
    const { container } = setup(<TrashNote at={at} daysLeft={12} />)
    const note = container.querySelector('[data-part="trash-note"]')
    expect(text(note)).toMatch(/^12 days left · Deleted 11\/20\/2026$/)
    expect(note?.getAttribute('title')).toBe(text(note))
    expect(note?.querySelector('[data-part="trash-note-days-left"]')?.hasAttribute('data-soon')).toBe(false)
    await expectNoAxeViolations()
  })

  it('given its last days, then the days-left part is marked soon; 1 is "1 day left", 0 "Deleted soon"', () => {
    const { rerender } = setup(<TrashNote at={at} daysLeft={trashNoteSoonDays} />)
    expect(screen.getByText(`${trashNoteSoonDays} days left`).getAttribute('data-soon')).toBe('true')
    rerender(<TrashNote at={at} daysLeft={1} />)
    expect(screen.getByText('1 day left')).toBeTruthy()
    rerender(<TrashNote at={at} daysLeft={0} />)
    expect(screen.getByText('Deleted soon').getAttribute('data-soon')).toBe('true')
  })

  it('given no days left (nothing deletes it), then only the date shows', () => {
    const { container } = setup(<TrashNote at={at} />)
    expect(text(container)).toMatch(/^Deleted [^·]+$/)
  })

  it('given labels or a German locale, then their texts are used', () => {
    const { rerender, container } = setup(
      <TrashNote at={at} daysLeft={2} labels={{ deleted: (d) => `Binned ${d}`, daysLeft: (n) => `${n}d` }} />,
    )
    expect(text(container)).toMatch(/^2d · Binned .*$/)
    rerender(
      <LocaleProvider locale="de-DE" messages={deMessages}>
        <TrashNote at={at} daysLeft={2} />
      </LocaleProvider>,
    )
    expect(text(container)).toMatch(/^Noch 2 Tage · Gelöscht am .*$/)
  })
})

describe('trashed cards and rows', () => {
  it('given a trashed file, then its card shows the note in place of the upload date, in its accessible name', () => {
    setup(
      <FileCard
        role="option"
        aria-selected={false}
        file={{
          id: 'f',
          name: 'report.pdf',
          size: 1,
          uploadDate: '2020-01-01T00:00:00Z',
          trashed: { at, daysLeft: 5 },
        }}
      />,
    )
    const card = screen.getByRole('option')
    expect(card.querySelector('[data-part="file-date"]')).toBeNull()
    expect(card.textContent).toContain('5 days left')
    expect(card.textContent).toMatch(/report\.pdf 5 days left · Deleted 11\/20\/2026$/)
  })

  it('given a trashed folder, then its card shows the note under the name; a row after the name', () => {
    setup(
      <>
        <FolderCard folder={{ id: 'd', name: 'Photos', createdAt: at, trashed: { at, daysLeft: 3 } }} />
        <div role="grid" aria-label="Trash">
          <div role="rowgroup">
            <FileListRow folder={{ id: 'e', name: 'Old', createdAt: at, trashed: { at, daysLeft: 9 } }} />
          </div>
        </div>
      </>,
    )
    expect(screen.getByText('3 days left')).toBeTruthy()
    const name = screen.getByRole('gridcell', { name: /^Old/ })
    expect(name.textContent).toMatch(/^Old.*9 days left · Deleted 11\/20\/2026$/)
  })

  it('given no trashed, then cards keep their date and note as before', () => {
    setup(<FileCard file={{ id: 'f', name: 'a.txt', size: 1, uploadDate: at, note: 'kept' }} />)
    expect(screen.getByText('· kept', { exact: false })).toBeTruthy()
    expect(document.querySelector('[data-part="trash-note"]')).toBeNull()
  })
})
