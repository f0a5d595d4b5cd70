import { useState } from 'react'
import { expect, fn } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { UploadPanel, type UploadItem } from '../../lib/index.ts'
import { State, StateGrid } from './_support/state-grid.tsx'

const cancel = fn()
const close = fn()

const item = (patch: Partial<UploadItem> & Pick<UploadItem, 'id' | 'name'>): UploadItem => ({
  type: 'file',
  progress: 0,
  state: 'running',
  ...patch,
})

// Upload panel rows, newest first: a folder (indeterminate), running, canceled, completed.
const mixed: UploadItem[] = [
  item({ id: '5', name: 'Holiday photos', type: 'folder' }),
  item({ id: '4', name: 'holiday.mp4', progress: 42 }),
  item({ id: '3', name: 'notes.txt', progress: 0 }),
  item({ id: '2', name: 'backup.zip', progress: 63, state: 'canceled' }),
  item({ id: '1', name: 'photo.jpg', progress: 100, state: 'completed' }),
]

// Finished: the header counts the completed ones and names the failed and canceled ones.
const done: UploadItem[] = [
  item({ id: '4', name: 'huge-video.mov', progress: 37, state: 'failed', error: 'File too large' }),
  item({ id: '3', name: 'Quarterly report.pdf', progress: 100, state: 'completed' }),
  item({ id: '2', name: 'Scans', type: 'folder', state: 'completed' }),
  item({ id: '1', name: 'backup.zip', progress: 12, state: 'canceled' }),
]

const many: UploadItem[] = Array.from({ length: 12 }, (_, i) =>
  item({ id: `m${i}`, name: `IMG_${String(4100 + i)}.jpg`, progress: (i * 9) % 100, state: i > 7 ? 'completed' : 'running' }),
)

const long: UploadItem[] = [
  item({ id: 'l1', name: 'A very long file name that goes on and on for the final version (copy 2).docx', progress: 71 }),
  item({ id: 'l2', name: 'Another_folder_name_without_any_spaces_at_all_to_break_on', type: 'folder' }),
]

const meta = preview.meta({
  title: 'Library/UploadPanel',
  component: UploadPanel,
  args: { items: mixed, onCancel: cancel, onClose: close, position: 'static' } as const,
  beforeEach: () => {
    cancel.mockClear()
    close.mockClear()
  },
})

export const Playground = meta.story({})

// Each panel in the grid is its own landmark, so each gets its own name.
const panel = (name: string, items: UploadItem[], extra: { minimized?: boolean } = {}) => (
  <UploadPanel items={items} onCancel={cancel} onClose={close} position="static" labels={{ region: `Uploads (${name})` }} {...extra} />
)

/** Uploading (every row state), all finished, minimized, many rows (scrolls inside 300 px), long names, empty, narrow. */
export const States = meta.story({
  render: () => (
    <StateGrid columns={3}>
      <State label="uploading: folder, running, canceled, completed">{panel('uploading', mixed)}</State>
      <State label="all finished (completed, failed with reason, canceled)">{panel('finished', done)}</State>
      <State label="minimized">{panel('minimized', mixed, { minimized: true })}</State>
      <State label="many rows (scrolls)">{panel('many', many)}</State>
      <State label="long names">{panel('long names', long)}</State>
      <State label="empty">{panel('empty', [])}</State>
      <State label="narrow viewport (260 px)">
        <div style={{ width: 260 }}>
          <UploadPanel items={mixed.slice(0, 3)} onCancel={cancel} onClose={close} position="static" labels={{ region: 'Uploads (narrow)' }} style={{ width: '100%' }} />
        </div>
      </State>
    </StateGrid>
  ),
})

export const StatesDark = States.extend({ globals: { theme: 'dark' } })

/** Keyboard: Tab to the minimize control, Enter hides the rows, Enter again shows them; cancel a row. */
export const Keyboard = meta.story({
  play: async ({ canvas, userEvent }) => {
    await userEvent.tab()
    const minimize = canvas.getByRole('button', { name: 'Minimize uploads' })
    await expect(minimize).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await expect(canvas.queryByRole('list')).toBeNull()
    await expect(canvas.getByRole('button', { name: 'Expand uploads' })).toHaveAttribute('aria-expanded', 'false')
    await userEvent.keyboard('{Enter}')
    await expect(canvas.getByRole('list')).toBeVisible()
    await userEvent.tab()
    await userEvent.tab()
    await expect(canvas.getByRole('button', { name: 'Cancel upload of Holiday photos' })).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await expect(cancel).toHaveBeenCalledWith('5')
  },
})

/** Pointer: a cancel and the close control; the header switches to "Uploaded" when nothing runs. */
export const Pointer = meta.story({
  render: function Render() {
    const [items, setItems] = useState(mixed.filter((i) => i.id !== '5'))
    return (
      <UploadPanel
        items={items}
        position="static"
        onCancel={(id) => {
          cancel(id)
          setItems((list) => list.map((i) => (i.id === id ? { ...i, state: 'canceled' } : i)))
        }}
        onClose={close}
      />
    )
  },
  play: async ({ canvas, userEvent }) => {
    // Canceled uploads are not counted: the header names them apart.
    await expect(canvas.getByRole('heading', { name: 'Uploading 3 file(s)' })).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel upload of holiday.mp4' }))
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel upload of notes.txt' }))
    await expect(canvas.getByRole('heading', { name: 'Uploaded 1 file(s)' })).toBeVisible()
    await expect(canvas.getByText('3 canceled')).toBeVisible()
    await expect(canvas.getAllByRole('img', { name: 'Canceled' })).toHaveLength(3)
    await userEvent.click(canvas.getByRole('button', { name: 'Close uploads' }))
    await expect(close).toHaveBeenCalledOnce()
  },
})
