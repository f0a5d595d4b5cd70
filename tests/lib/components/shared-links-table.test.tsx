import { act, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { type ShareLink, SharedLinksTable } from '../../../lib/index.ts'
import { expectNoAxeViolations } from '../helpers/axe.ts'
import { setup } from '../helpers/render.tsx'

const link = (patch: Partial<ShareLink> & Pick<ShareLink, '_id' | 'name'>): ShareLink => ({
  token: `t-${patch._id}`,
  url: `https://cumulus.example/s/t-${patch._id}`,
  itemType: 'file',
  itemId: `i-${patch._id}`,
  access: 'view',
  expiresAt: null,
  hasPassword: false,
  maxDownloads: null,
  downloads: 0,
  createdAt: '2030-01-01T10:00:00.000Z',
  ...patch,
})

const links: ShareLink[] = [
  link({
    _id: 'a',
    name: 'holiday.jpg',
    downloads: 3,
    maxDownloads: 10,
    hasPassword: true,
    expiresAt: '2030-06-30T18:00:00.000Z',
  }),
  link({ _id: 'b', name: 'Photos', itemType: 'folder', downloads: 3 }),
  link({ _id: 'c', name: 'Inbox', itemType: 'folder', access: 'upload' }),
]

const formatDate = (iso: string) => `on ${iso.slice(0, 10)}`
const rowOf = (name: string) => screen.getByRole('rowheader', { name }).closest('tr')!
const cells = (name: string) =>
  within(rowOf(name))
    .getAllByRole('cell')
    .map((cell) => cell.textContent)

describe('SharedLinksTable', () => {
  it('lists each link with its item, kind, expiry, downloads used / limit and password', async () => {
    setup(<SharedLinksTable links={links} onEdit={() => {}} onRevoke={() => {}} formatDate={formatDate} />)
    const table = screen.getByRole('table', { name: 'Shared links' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Item', 'Kind', 'Expires', 'Downloads', 'Password', 'Actions'])
    expect(cells('holiday.jpg').slice(0, 4)).toEqual(['View link', 'on 2030-06-30', '3 / 10', 'Yes'])
    expect(cells('Photos').slice(0, 4)).toEqual(['View link', 'Never', '3', 'No'])
    expect(cells('Inbox').slice(0, 4)).toEqual(['File request', 'Never', '—', 'No'])
    // Files carry their type badge, folders the folder icon.
    expect(rowOf('holiday.jpg').textContent).toContain('JPG')
    expect(rowOf('Photos').querySelector('svg')).not.toBeNull()
    // Each cell names its column, for the stacked (narrow) layout.
    expect(
      within(rowOf('Photos'))
        .getAllByRole('cell')
        .slice(0, 4)
        .map((c) => c.dataset.label),
    ).toEqual(['Kind', 'Expires', 'Downloads', 'Password'])
    await expectNoAxeViolations()
  })

  it('formats the expiry with Intl by default', () => {
    const at = '2030-06-30T18:00:00.000Z'
    setup(
      <SharedLinksTable
        links={[link({ _id: 'x', name: 'a.pdf', expiresAt: at })]}
        onEdit={() => {}}
        onRevoke={() => {}}
      />,
    )
    expect(cells('a.pdf')[1]).toBe(
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at)),
    )
  })

  it('Copy writes the url, announces "Link copied" and calls onCopy; Edit and Revoke hand over the link', async () => {
    const copyText = vi.fn(async () => {})
    const onCopy = vi.fn()
    const onEdit = vi.fn()
    const onRevoke = vi.fn()
    const { user } = setup(
      <SharedLinksTable links={links} onCopy={onCopy} onEdit={onEdit} onRevoke={onRevoke} copyText={copyText} />,
    )
    await user.click(screen.getByRole('button', { name: 'Copy link to Photos' }))
    expect(copyText).toHaveBeenCalledWith('https://cumulus.example/s/t-b')
    expect(onCopy).toHaveBeenCalledWith(links[1])
    expect(screen.getByRole('status').textContent).toBe('Link copied')
    await user.click(screen.getByRole('button', { name: 'Edit link to holiday.jpg' }))
    expect(onEdit).toHaveBeenCalledWith(links[0])
    await user.click(screen.getByRole('button', { name: 'Revoke link to Inbox' }))
    expect(onRevoke).toHaveBeenCalledWith(links[2])
  })

  it('uses the clipboard by default and says so when it refuses', async () => {
    const writeText = vi.fn(async () => {
      throw new Error('denied')
    })
    const onCopy = vi.fn()
    const { user } = setup(<SharedLinksTable links={links} onCopy={onCopy} onEdit={() => {}} onRevoke={() => {}} />)
    // After setup: user-event puts its own clipboard stub on navigator.
    vi.spyOn(navigator.clipboard, 'writeText').mockImplementation(writeText)
    await user.click(screen.getByRole('button', { name: 'Copy link to holiday.jpg' }))
    expect(writeText).toHaveBeenCalledWith(links[0]!.url)
    expect(screen.getByRole('status').textContent).toBe('Could not copy the link')
    expect(onCopy).not.toHaveBeenCalled()
  })

  it('keyboard: Tab reaches the buttons, Up/Down keep the column, Left/Right move along the row, Home/End reach the ends', async () => {
    const onRevoke = vi.fn()
    const { user } = setup(
      <SharedLinksTable links={links} onEdit={() => {}} onRevoke={onRevoke} copyText={async () => {}} />,
    )
    await user.tab()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Copy link to holiday.jpg' }))
    await user.keyboard('{ArrowDown}')
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Copy link to Photos' }))
    await user.keyboard('{ArrowRight}{ArrowRight}')
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Revoke link to Photos' }))
    // The ends stop: no wrap past the last action or row.
    await user.keyboard('{ArrowRight}{End}{ArrowDown}')
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Revoke link to Inbox' }))
    await user.keyboard('{Home}{ArrowLeft}')
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit link to holiday.jpg' }))
    await user.keyboard('{ArrowRight}{Enter}')
    expect(onRevoke).toHaveBeenCalledWith(links[0])
  })

  it('given no links, then it explains how to share; while loading, a spinner instead', async () => {
    const { rerender } = setup(<SharedLinksTable links={[]} onEdit={() => {}} onRevoke={() => {}} />)
    expect(screen.queryByRole('table')).toBeNull()
    expect(screen.getByRole('heading', { name: 'No shared links yet' })).toBeTruthy()
    expect(
      screen.getByText('Share a file or folder from its menu, and its link shows up here to copy, change or revoke.'),
    ).toBeTruthy()
    await expectNoAxeViolations()
    rerender(<SharedLinksTable links={[]} loading onEdit={() => {}} onRevoke={() => {}} />)
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy()
    expect(screen.queryByRole('heading')).toBeNull()
  })

  it('shows the copied row with a check for a moment', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    try {
      const { user } = setup(
        <SharedLinksTable links={links} onEdit={() => {}} onRevoke={() => {}} copyText={async () => {}} />,
      )
      const button = screen.getByRole('button', { name: 'Copy link to Photos' })
      const glyph = () => button.querySelector('path')?.getAttribute('d')
      const before = glyph()
      await user.click(button)
      expect(glyph()).not.toBe(before)
      act(() => vi.advanceTimersByTime(2000))
      expect(glyph()).toBe(before)
    } finally {
      vi.useRealTimers()
    }
  })

  it('forwards props, merges className and takes other texts', () => {
    setup(
      <SharedLinksTable
        links={links.slice(0, 1)}
        onEdit={() => {}}
        onRevoke={() => {}}
        className="mine"
        data-testid="table"
        labels={{ caption: 'Liens partagés', viewLink: 'Lien' }}
      />,
    )
    expect(screen.getByTestId('table').className).toContain('mine')
    expect(screen.getByRole('table', { name: 'Liens partagés' })).toBeTruthy()
    expect(cells('holiday.jpg')[0]).toBe('Lien')
  })
})
