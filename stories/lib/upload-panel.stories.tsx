import { useState } from 'react'
import { expect, fn } from 'storybook/test'
import preview from '../../.storybook/preview.tsx'
import { UploadPanel, type UploadItem } from '../../lib/index.ts'
import { State, StateGrid } from './_support/state-grid.tsx'

const cancel = fn()
const close = fn()
const pause = fn()
const resume = fn()
const retry = fn()
const choose = fn()

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

// Release 2: resumable uploads pause, retry on their own after a dropped connection, and offer Retry once failed.
const MB = 1024 * 1024
const running = item({ id: 'r1', name: 'holiday.mp4', progress: 42, bytesPerSecond: 1.2 * MB, secondsLeft: 190 })
const paused = item({ id: 'p1', name: 'archive-2024.tar', progress: 58, state: 'paused' })
const retrying = item({ id: 't1', name: 'raw-footage.mov', progress: 71, state: 'retrying' })
const failedRetry = item({ id: 'f1', name: 'scan.pdf', progress: 23, state: 'failed', error: 'Network Error' })
// A paused upload restored after a reload: the browser lost the file, so the user picks it again.
const restored = item({
  id: 'a1',
  name: 'presentation.key',
  progress: 34,
  state: 'paused',
  action: { label: 'Choose the file to resume', onClick: choose },
})

// One row per state, with every control offered.
const resumable: UploadItem[] = [
  running,
  item({
    id: 'r2',
    name: 'Design assets',
    type: 'folder',
    progress: 18,
    bytesPerSecond: 640 * 1024,
    secondsLeft: 3900,
  }),
  paused,
  retrying,
  failedRetry,
  item({ id: 'f2', name: 'too-big.iso', progress: 0, state: 'failed', error: 'File too large', retryable: false }),
  item({ id: 'c1', name: 'photo.jpg', progress: 100, state: 'completed' }),
]

const many: UploadItem[] = Array.from({ length: 12 }, (_, i) =>
  item({
    id: `m${i}`,
    name: `IMG_${String(4100 + i)}.jpg`,
    progress: (i * 9) % 100,
    state: i > 7 ? 'completed' : 'running',
  }),
)

const long: UploadItem[] = [
  item({
    id: 'l1',
    name: 'A very long file name that goes on and on for the final version (copy 2).docx',
    progress: 71,
  }),
  item({ id: 'l2', name: 'Another_folder_name_without_any_spaces_at_all_to_break_on', type: 'folder' }),
]

const meta = preview.meta({
  title: 'Library/UploadPanel',
  tags: ['autodocs'],
  component: UploadPanel,
  args: {
    items: mixed,
    onCancel: cancel,
    onClose: close,
    onPause: pause,
    onResume: resume,
    onRetry: retry,
    position: 'static',
  } as const,
  beforeEach: () => {
    for (const mock of [cancel, close, pause, resume, retry, choose]) mock.mockClear()
  },
})

export const Playground = meta.story({})

// Each panel in the grid is its own landmark, so each gets its own name.
// Release-1 cells leave out the resumable controls (their baselines stay as they were); `resumable` adds them.
const resumableHandlers = { onPause: pause, onResume: resume, onRetry: retry }
const panel = (name: string, items: UploadItem[], extra: { minimized?: boolean; resumable?: boolean } = {}) => {
  const { resumable: withControls = false, ...rest } = extra
  return (
    <UploadPanel
      items={items}
      onCancel={cancel}
      onClose={close}
      position="static"
      labels={{ region: `Uploads (${name})` }}
      {...(withControls ? resumableHandlers : {})}
      {...rest}
    />
  )
}

/**
 * Uploading (every row state), all finished, minimized, many rows (scrolls inside 300 px), long names,
 * empty, narrow; then the resumable states: running with speed and time left, paused, retrying,
 * failed with Retry, restored after a reload (with its action), and all of them together.
 */
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
          <UploadPanel
            items={mixed.slice(0, 3)}
            onCancel={cancel}
            onClose={close}
            position="static"
            labels={{ region: 'Uploads (narrow)' }}
            style={{ width: '100%' }}
          />
        </div>
      </State>
      <State label="running: speed and time left, Pause">{panel('running', [running], { resumable: true })}</State>
      <State label="paused: Resume">{panel('paused', [paused], { resumable: true })}</State>
      <State label="retrying after a dropped connection">{panel('retrying', [retrying], { resumable: true })}</State>
      <State label="failed with Retry">{panel('failed with retry', [failedRetry], { resumable: true })}</State>
      <State label="restored after reload: choose the file">{panel('restored', [restored], { resumable: true })}</State>
      <State label="every resumable state">{panel('resumable', resumable, { resumable: true })}</State>
    </StateGrid>
  ),
})

export const StatesDark = States.extend({ globals: { theme: 'dark' } })

/** Right to left (`dir="rtl"` on <html>): sides, arrows and progress mirror; names and dates stay isolated. */
export const StatesRtl = States.extend({ globals: { dir: 'rtl' } })

/** In German (`LocaleProvider` with `deMessages`): texts, dates and sizes. */
export const StatesGerman = States.extend({ globals: { locale: 'de-DE' } })

/** Keyboard: Tab to the minimize control, Enter hides the rows, Enter again shows them; past a row's Pause, cancel it. */
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
    await expect(canvas.getByRole('button', { name: 'Pause upload of Holiday photos' })).toHaveFocus()
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
    await expect(canvas.getByRole('heading', { name: 'Uploaded 1 of 4 files' })).toBeVisible()
    await expect(canvas.getByText('3 canceled')).toBeVisible()
    await expect(canvas.getAllByRole('img', { name: 'Canceled' })).toHaveLength(3)
    await userEvent.click(canvas.getByRole('button', { name: 'Close uploads' }))
    await expect(close).toHaveBeenCalledOnce()
  },
})

/** Running with speed and time left: Pause, then Cancel. */
export const Running = meta.story({
  args: { items: [running] },
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByText('1.2 MB/s · 3 min left')).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Pause upload of holiday.mp4' }))
    await expect(pause).toHaveBeenCalledWith('r1')
  },
})

/** Paused: "Paused", Resume and Cancel; the bar keeps its value. */
export const Paused = meta.story({
  args: { items: [paused] },
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByText('Paused')).toBeVisible()
    await expect(canvas.getByRole('progressbar', { name: 'archive-2024.tar' })).toHaveAttribute('aria-valuenow', '58')
    await userEvent.click(canvas.getByRole('button', { name: 'Resume upload of archive-2024.tar' }))
    await expect(resume).toHaveBeenCalledWith('p1')
  },
})

/** Retrying on its own after a dropped connection: only Cancel. */
export const Retrying = meta.story({
  args: { items: [retrying] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Connection lost — retrying…')).toBeVisible()
    await expect(canvas.getAllByRole('button')).toHaveLength(3)
    await expect(canvas.getByRole('button', { name: 'Cancel upload of raw-footage.mov' })).toBeVisible()
  },
})

/** Failed with the reason under the name and Retry (keyboard). */
export const FailedWithRetry = meta.story({
  args: { items: [failedRetry] },
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByText('Network Error')).toBeVisible()
    await expect(canvas.getByRole('heading', { name: 'Uploaded 0 of 1 files' })).toBeVisible()
    await userEvent.tab()
    await userEvent.tab()
    await userEvent.tab()
    await expect(canvas.getByRole('button', { name: 'Retry upload of scan.pdf' })).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await expect(retry).toHaveBeenCalledWith('f1')
  },
})

/** A paused upload restored after a reload: its action ("Choose the file to resume") replaces Resume. */
export const RestoredAfterReload = meta.story({
  args: { items: [restored] },
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.queryByRole('button', { name: /^Resume/ })).toBeNull()
    await userEvent.click(canvas.getByRole('button', { name: 'Choose the file to resume' }))
    await expect(choose).toHaveBeenCalledOnce()
  },
})

// Uploads whose names the folder already held: skipped, replaced (a version kept), kept both.
const clashes: UploadItem[] = [
  item({ id: 'k4', name: 'holiday.mp4', progress: 42 }),
  item({ id: 'k3', name: 'notes.txt', state: 'skipped' }),
  item({
    id: 'k2',
    name: 'photo.jpg',
    progress: 100,
    state: 'completed',
    outcome: 'kept-both',
    savedAs: 'photo (1).jpg',
  }),
  item({ id: 'k1', name: 'Quarterly report.pdf', progress: 100, state: 'completed', outcome: 'replaced' }),
]

/** After a name clash: a skipped row, a replaced one, one kept beside the old one; then all ended. */
export const StatesNameClashes = meta.story({
  render: () => (
    <StateGrid columns={2}>
      <State label="uploading, with skipped, replaced and kept both">{panel('clashes', clashes)}</State>
      <State label="all ended: the summary names the skipped">{panel('clashes ended', clashes.slice(1))}</State>
    </StateGrid>
  ),
})

export const StatesNameClashesDark = StatesNameClashes.extend({ globals: { theme: 'dark' } })

export const StatesNameClashesRtl = StatesNameClashes.extend({ globals: { dir: 'rtl' } })
