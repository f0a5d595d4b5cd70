import { expect, fn } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { type ShareLink, SharedLinksTable } from '../../lib/index.ts'
import { State, StateGrid } from './_support/state-grid.tsx'

// Expiries as local times, so the default (Intl) format reads the same in every time zone.
const at = (month: number, day: number, hour: number) => new Date(2030, month, day, hour).toISOString()

const link = (patch: Partial<ShareLink> & Pick<ShareLink, '_id' | 'name'>): ShareLink => ({
  token: `t${patch._id}`,
  url: `https://cumulus.example/s/t${patch._id}`,
  itemType: 'file',
  itemId: `item-${patch._id}`,
  access: 'view',
  expiresAt: null,
  hasPassword: false,
  maxDownloads: null,
  downloads: 0,
  createdAt: at(0, 1, 9),
  ...patch,
})

const links: ShareLink[] = [
  link({
    _id: '1',
    name: 'Quarterly report.pdf',
    downloads: 3,
    maxDownloads: 10,
    hasPassword: true,
    expiresAt: at(5, 30, 18),
  }),
  link({ _id: '2', name: 'Holiday 2030', itemType: 'folder', downloads: 12 }),
  link({
    _id: '3',
    name: 'Wedding photos',
    itemType: 'folder',
    access: 'upload',
    expiresAt: at(3, 1, 12),
    hasPassword: true,
  }),
  link({ _id: '4', name: 'holiday.jpg', downloads: 0, maxDownloads: 1 }),
]

const long: ShareLink[] = [
  link({
    _id: 'l1',
    name: 'A very long file name that goes on and on for the final version of the report (copy 2).docx',
    downloads: 1,
    maxDownloads: 5,
  }),
  link({
    _id: 'l2',
    name: 'Another_folder_name_without_any_spaces_at_all_to_break_on',
    itemType: 'folder',
    expiresAt: at(11, 31, 23),
  }),
]

const onCopy = fn()
const onEdit = fn()
const onRevoke = fn()
// The story never touches the real clipboard.
const copyText = fn(async () => {})

const meta = preview.meta({
  title: 'Library/SharedLinksTable',
  tags: ['autodocs'],
  component: SharedLinksTable,
  args: { links, onCopy, onEdit, onRevoke, copyText, style: { padding: 16 } },
  beforeEach: () => {
    for (const spy of [onCopy, onEdit, onRevoke, copyText]) spy.mockClear()
  },
})

export const Playground = meta.story({})

const table = (props: Partial<Parameters<typeof SharedLinksTable>[0]>) => (
  <SharedLinksTable links={links} onCopy={onCopy} onEdit={onEdit} onRevoke={onRevoke} copyText={copyText} {...props} />
)

/** Every kind of row (view links with and without limit, expiry, password; a file request), long names, narrow (stacked), empty, loading. */
export const States = meta.story({
  render: () => (
    <StateGrid columns={2} fill>
      <State label="links: limit, no limit, file request, password, expiry" wide>
        <div style={{ width: '100%' }}>{table({})}</div>
      </State>
      <State label="long names">
        <div style={{ width: '100%' }}>{table({ links: long, captionHidden: true })}</div>
      </State>
      <State label="narrow (360 px): rows stack">
        <div style={{ width: 360 }}>{table({ links: links.slice(0, 3), captionHidden: true })}</div>
      </State>
      <State label="empty: how to share">{table({ links: [] })}</State>
      <State label="loading">{table({ links: [], loading: true })}</State>
    </StateGrid>
  ),
})

export const StatesDark = States.extend({ globals: { theme: 'dark' } })

/** Keyboard: Tab to the first Copy, Down to the next row, Right to Edit, Enter edits; Copy announces. */
export const Keyboard = meta.story({
  play: async ({ canvas, userEvent }) => {
    await userEvent.tab()
    await expect(canvas.getByRole('button', { name: 'Copy link to Quarterly report.pdf' })).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await expect(copyText).toHaveBeenCalledWith('https://cumulus.example/s/t1')
    await expect(canvas.getByRole('status')).toHaveTextContent('Link copied')
    await userEvent.keyboard('{ArrowDown}{ArrowRight}')
    await expect(canvas.getByRole('button', { name: 'Edit link to Holiday 2030' })).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await expect(onEdit).toHaveBeenCalledWith(links[1])
    await userEvent.keyboard('{End}{ArrowRight}{Enter}')
    await expect(onRevoke).toHaveBeenCalledWith(links[3])
  },
})

/** Pointer: Copy, Edit and Revoke on a row. */
export const Pointer = meta.story({
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Copy link to Wedding photos' }))
    await expect(onCopy).toHaveBeenCalledWith(links[2])
    await userEvent.click(canvas.getByRole('button', { name: 'Revoke link to holiday.jpg' }))
    await expect(onRevoke).toHaveBeenCalledWith(links[3])
  },
})
