import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import {
  countUploads,
  type UploadCounts,
  UploadPanel,
  type UploadItem,
  uploadPanelSpeed,
  uploadPanelSummary,
  uploadPanelTimeLeft,
  uploadPanelTitle,
} from '../../../lib/index.ts'
import { expectNoAxeViolations } from '../helpers/axe.ts'
import { setup } from '../helpers/render.tsx'

const item = (patch: Partial<UploadItem> & Pick<UploadItem, 'id' | 'name'>): UploadItem => ({
  type: 'file',
  progress: 0,
  state: 'running',
  ...patch,
})

// SPEC §3: the list is newest first.
const mixed: UploadItem[] = [
  item({ id: '4', name: 'Holiday photos', type: 'folder' }),
  item({ id: '3', name: 'video.mp4', progress: 42 }),
  item({ id: '2', name: 'backup.zip', progress: 63, state: 'canceled' }),
  item({ id: '1', name: 'photo.jpg', progress: 100, state: 'completed' }),
]

const counts = (patch: Partial<UploadCounts>): UploadCounts => ({
  running: 0,
  paused: 0,
  retrying: 0,
  completed: 0,
  failed: 0,
  canceled: 0,
  skipped: 0,
  ...patch,
})

describe('uploadPanelTitle', () => {
  it('derives the SPEC header texts', () => {
    expect(uploadPanelTitle(counts({ running: 2, completed: 1 }))).toBe('Uploading 3 file(s)')
    expect(uploadPanelTitle(counts({ completed: 1 }))).toBe('Uploaded 1 file(s)')
  })

  it('counts paused and retrying uploads as unfinished, and leaves failed and canceled ones out of N while any is', () => {
    expect(uploadPanelTitle(counts({ paused: 1 }))).toBe('Uploading 1 file(s)')
    expect(uploadPanelTitle(counts({ retrying: 2 }))).toBe('Uploading 2 file(s)')
    expect(uploadPanelTitle(counts({ running: 1, paused: 1, retrying: 1, completed: 2 }))).toBe('Uploading 5 file(s)')
    expect(uploadPanelTitle(counts({ running: 1, completed: 1, failed: 2, canceled: 3 }))).toBe('Uploading 2 file(s)')
    expect(uploadPanelTitle(counts({ paused: 1, failed: 1 }))).toBe('Uploading 1 file(s)')
  })

  it('once none is unfinished: "Uploaded N file(s)" when all succeeded, otherwise "Uploaded C of T files"', () => {
    expect(uploadPanelTitle(counts({ completed: 4 }))).toBe('Uploaded 4 file(s)')
    expect(uploadPanelTitle(counts({}))).toBe('Uploaded 0 file(s)')
    expect(uploadPanelTitle(counts({ completed: 3, failed: 1 }))).toBe('Uploaded 3 of 4 files')
    expect(uploadPanelTitle(counts({ completed: 1, canceled: 2 }))).toBe('Uploaded 1 of 3 files')
    expect(uploadPanelTitle(counts({ completed: 2, failed: 1, canceled: 1 }))).toBe('Uploaded 2 of 4 files')
    expect(uploadPanelTitle(counts({ failed: 2 }))).toBe('Uploaded 0 of 2 files')
  })

  it('names what did not make it, leaving out zero counts', () => {
    expect(uploadPanelSummary(2, 1)).toBe('2 failed, 1 canceled')
    expect(uploadPanelSummary(0, 3)).toBe('3 canceled')
    expect(uploadPanelSummary(1, 0)).toBe('1 failed')
    expect(countUploads(mixed)).toEqual({
      running: 2,
      paused: 0,
      retrying: 0,
      completed: 1,
      failed: 0,
      canceled: 1,
      skipped: 0,
    })
    expect(
      countUploads([
        item({ id: 'a', name: 'a', state: 'paused' }),
        item({ id: 'b', name: 'b', state: 'retrying' }),
        item({ id: 'c', name: 'c', state: 'paused' }),
      ]),
    ).toEqual(counts({ paused: 2, retrying: 1 }))
  })
})

describe('UploadPanel', () => {
  it('given an unfinished upload, then the header reads "Uploading N file(s)" (N leaves out canceled ones) and rows keep the given (newest first) order', async () => {
    setup(<UploadPanel items={mixed} onCancel={() => {}} onClose={() => {}} position="static" />)
    const region = screen.getByRole('region', { name: 'Uploads' })
    expect(within(region).getByRole('heading', { name: 'Uploading 3 file(s)' })).toBeTruthy()
    expect(within(region).getByText('1 canceled')).toBeTruthy()
    const rows = within(screen.getByRole('list', { name: 'Uploading 3 file(s)' })).getAllByRole('listitem')
    expect(rows.map((row) => row.querySelector('[title]')?.textContent)).toEqual([
      'Holiday photos',
      'video.mp4',
      'backup.zip',
      'photo.jpg',
    ])
    await expectNoAxeViolations()
  })

  it('shows a cancel button while running, a check when completed and an error icon when canceled', async () => {
    const onCancel = vi.fn()
    const { user } = setup(<UploadPanel items={mixed} onCancel={onCancel} onClose={() => {}} position="static" />)
    expect(screen.getByRole('img', { name: 'Completed' })).toBeTruthy()
    expect(screen.getByRole('img', { name: 'Canceled' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Cancel upload of photo.jpg' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Cancel upload of backup.zip' })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Cancel upload of video.mp4' }))
    expect(onCancel).toHaveBeenCalledWith('3')
    // Keyboard: Tab reaches the folder's cancel button, Enter cancels it.
    screen.getByRole('button', { name: 'Cancel upload of Holiday photos' }).focus()
    await user.keyboard('{Enter}')
    expect(onCancel).toHaveBeenLastCalledWith('4')
  })

  it('gives files a 0–100 bar and folders an indeterminate one, with the tone of the state', () => {
    setup(<UploadPanel items={mixed} onCancel={() => {}} onClose={() => {}} position="static" />)
    expect(screen.getByRole('progressbar', { name: 'video.mp4' }).getAttribute('aria-valuenow')).toBe('42')
    expect(screen.getByRole('progressbar', { name: 'Holiday photos' }).hasAttribute('aria-valuenow')).toBe(false)
    expect(screen.getByRole('progressbar', { name: 'photo.jpg' }).getAttribute('aria-valuenow')).toBe('100')
    expect(screen.getByRole('progressbar', { name: 'backup.zip' }).getAttribute('aria-valuenow')).toBe('63')
  })

  it('given every upload ended, some not well, then the header reads "Uploaded C of T files", and names the rest', () => {
    setup(<UploadPanel items={mixed.slice(2)} onCancel={() => {}} onClose={() => {}} />)
    expect(screen.getByRole('region').dataset.state).toBe('done')
    expect(screen.getByRole('heading', { name: 'Uploaded 1 of 2 files' })).toBeTruthy()
    expect(screen.getByText('1 canceled')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /^Cancel upload/ })).toBeNull()
  })

  it('given a failed upload, then a red icon named Failed, a danger bar, and its reason under the name', async () => {
    const items = [
      item({ id: 'a', name: 'big.iso', progress: 37, state: 'failed', error: 'File too large' }),
      item({ id: 'b', name: 'lost.txt', progress: 12, state: 'failed' }),
      item({ id: 'c', name: 'stopped.txt', progress: 50, state: 'canceled' }),
    ]
    setup(<UploadPanel items={items} onCancel={() => {}} onClose={() => {}} position="static" />)
    expect(screen.getByRole('heading', { name: 'Uploaded 0 of 3 files' })).toBeTruthy()
    expect(screen.getByText('2 failed, 1 canceled')).toBeTruthy()
    const row = (name: string) => screen.getByRole('progressbar', { name }).closest('li')!
    expect(row('big.iso').dataset.state).toBe('failed')
    expect(within(row('big.iso')).getByRole('img', { name: 'Failed' })).toBeTruthy()
    expect(within(row('big.iso')).getByText('File too large')).toBeTruthy()
    // Without a reason the row still says it failed.
    expect(within(row('lost.txt')).getByText('Failed', { selector: 'p' })).toBeTruthy()
    expect(within(row('stopped.txt')).getByText('Canceled', { selector: 'p' })).toBeTruthy()
    await expectNoAxeViolations()
  })

  it('given a completed upload whose last progress tick was partial, then its bar is full', () => {
    setup(
      <UploadPanel
        items={[item({ id: 'p', name: 'late.jpg', progress: 45, state: 'completed' })]}
        onCancel={() => {}}
        onClose={() => {}}
      />,
    )
    expect(screen.getByRole('progressbar', { name: 'late.jpg' }).getAttribute('aria-valuenow')).toBe('100')
  })

  it('given a finished folder, then its bar is full', () => {
    setup(
      <UploadPanel
        items={[item({ id: 'f', name: 'Docs', type: 'folder', state: 'completed' })]}
        onCancel={() => {}}
        onClose={() => {}}
      />,
    )
    expect(screen.getByRole('progressbar', { name: 'Docs' }).getAttribute('aria-valuenow')).toBe('100')
  })

  it('given the minimize control, then the list hides and the control says how to expand it; pressed again it returns', async () => {
    const onMinimizedChange = vi.fn()
    const { user } = setup(
      <UploadPanel items={mixed} onCancel={() => {}} onClose={() => {}} onMinimizedChange={onMinimizedChange} />,
    )
    const minimize = screen.getByRole('button', { name: 'Minimize uploads' })
    expect(minimize.getAttribute('aria-expanded')).toBe('true')
    await user.click(minimize)
    expect(onMinimizedChange).toHaveBeenCalledWith(true)
    expect(screen.queryByRole('list')).toBeNull()
    // The header still says where things stand.
    expect(screen.getByRole('heading', { name: 'Uploading 3 file(s)' })).toBeTruthy()
    const expand = screen.getByRole('button', { name: 'Expand uploads' })
    expect(expand.getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(expand)
    await user.keyboard('{Enter}')
    expect(screen.getByRole('list')).toBeTruthy()
    expect(onMinimizedChange).toHaveBeenLastCalledWith(false)
    await expectNoAxeViolations()
  })

  it('given only ended rows (no cancel button to focus), then Tab still reaches the list, named by the header, so the keyboard can scroll it', async () => {
    const ended = Array.from({ length: 12 }, (_, i) =>
      item({ id: `e${i}`, name: `file-${i}.txt`, progress: 100, state: i % 2 ? 'failed' : 'completed' }),
    )
    const { user } = setup(<UploadPanel items={ended} position="static" onCancel={() => {}} onClose={() => {}} />)
    expect(screen.queryByRole('button', { name: /^Cancel/ })).toBeNull()
    await user.tab()
    await user.tab()
    await user.tab()
    expect(document.activeElement).toBe(screen.getByRole('list', { name: 'Uploaded 6 of 12 files' }))
    await expectNoAxeViolations()
  })

  it('given a running upload, then its cancel button follows the header controls in the tab order and the list is no extra stop', async () => {
    const { user } = setup(<UploadPanel items={mixed} position="static" onCancel={() => {}} onClose={() => {}} />)
    await user.tab()
    await user.tab()
    await user.tab()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel upload of Holiday photos' }))
  })

  it('given the close control, then onClose runs (the app cancels and clears)', async () => {
    const onClose = vi.fn()
    const { user } = setup(<UploadPanel items={mixed} onCancel={() => {}} onClose={onClose} />)
    await user.click(screen.getByRole('button', { name: 'Close uploads' }))
    expect(onClose).toHaveBeenCalledOnce()
  })

  it('given controlled minimized and custom texts, then it follows them', () => {
    setup(
      <UploadPanel
        items={mixed}
        minimized
        title={(c) => (c.running ? `Envoi de ${c.running + c.completed} fichier(s)` : `${c.completed} envoyé(s)`)}
        labels={{ region: 'Envois', expand: 'Déplier' }}
        onCancel={() => {}}
        onClose={() => {}}
      />,
    )
    expect(screen.getByRole('region', { name: 'Envois' })).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Envoi de 3 fichier(s)' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Déplier' })).toBeTruthy()
  })
})

describe('uploadPanelSpeed and uploadPanelTimeLeft', () => {
  it('formats a speed with formatBytes per second', () => {
    expect(uploadPanelSpeed(1.2 * 1024 * 1024)).toBe('1.2 MB/s')
    expect(uploadPanelSpeed(512)).toBe('512 B/s')
    expect(uploadPanelSpeed(0)).toBe('0 B/s')
  })

  it('formats time left in seconds, then minutes, then hours and minutes', () => {
    expect(uploadPanelTimeLeft(12)).toBe('12 s left')
    expect(uploadPanelTimeLeft(11.2)).toBe('12 s left')
    // Never "0 s left" while running.
    expect(uploadPanelTimeLeft(0)).toBe('1 s left')
    expect(uploadPanelTimeLeft(59.5)).toBe('1 min left')
    expect(uploadPanelTimeLeft(180)).toBe('3 min left')
    expect(uploadPanelTimeLeft(150)).toBe('3 min left')
    expect(uploadPanelTimeLeft(3599)).toBe('1 h left')
    expect(uploadPanelTimeLeft(3900)).toBe('1 h 5 min left')
    expect(uploadPanelTimeLeft(7200)).toBe('2 h left')
  })
})

describe('UploadPanel: pause, resume, retry', () => {
  const row = (name: string) => screen.getByRole('progressbar', { name }).closest('li')!
  const buttonNames = (name: string) =>
    within(row(name))
      .queryAllByRole('button')
      .map((b) => b.getAttribute('aria-label'))
  const handlers = () => ({
    onCancel: vi.fn(),
    onClose: vi.fn(),
    onPause: vi.fn(),
    onResume: vi.fn(),
    onRetry: vi.fn(),
  })

  const states: UploadItem[] = [
    item({ id: 'r', name: 'running.bin', progress: 30, bytesPerSecond: 1.2 * 1024 * 1024, secondsLeft: 180 }),
    item({ id: 'p', name: 'paused.bin', progress: 55, state: 'paused' }),
    item({ id: 't', name: 'retrying.bin', progress: 64, state: 'retrying' }),
    item({ id: 'f', name: 'failed.bin', progress: 20, state: 'failed', error: 'Network Error' }),
    item({ id: 'c', name: 'done.bin', progress: 100, state: 'completed' }),
    item({ id: 'x', name: 'stopped.bin', progress: 10, state: 'canceled' }),
  ]

  it('given each state, then each row offers its own buttons, keeps its data-state, and says where it stands', async () => {
    setup(<UploadPanel items={states} position="static" {...handlers()} />)
    expect(buttonNames('running.bin')).toEqual(['Pause upload of running.bin', 'Cancel upload of running.bin'])
    expect(buttonNames('paused.bin')).toEqual(['Resume upload of paused.bin', 'Cancel upload of paused.bin'])
    expect(buttonNames('retrying.bin')).toEqual(['Cancel upload of retrying.bin'])
    expect(buttonNames('failed.bin')).toEqual(['Retry upload of failed.bin'])
    expect(buttonNames('done.bin')).toEqual([])
    expect(buttonNames('stopped.bin')).toEqual([])
    expect(states.map((i) => row(i.name).dataset.state)).toEqual([
      'running',
      'paused',
      'retrying',
      'failed',
      'completed',
      'canceled',
    ])

    expect(within(row('running.bin')).getByText('1.2 MB/s · 3 min left')).toBeTruthy()
    expect(within(row('paused.bin')).getByText('Paused')).toBeTruthy()
    expect(within(row('retrying.bin')).getByText('Connection lost — retrying…')).toBeTruthy()
    expect(within(row('failed.bin')).getByText('Network Error')).toBeTruthy()
    expect(within(row('failed.bin')).getByRole('img', { name: 'Failed' })).toBeTruthy()
    // Paused and retrying bars keep their value.
    expect(screen.getByRole('progressbar', { name: 'paused.bin' }).getAttribute('aria-valuenow')).toBe('55')
    expect(screen.getByRole('progressbar', { name: 'retrying.bin' }).getAttribute('aria-valuenow')).toBe('64')
    expect(screen.getByRole('heading', { name: 'Uploading 4 file(s)' })).toBeTruthy()
    expect(screen.getByText('1 failed, 1 canceled')).toBeTruthy()
    await expectNoAxeViolations()
  })

  it('given the row buttons, then each calls its callback with the row id, by pointer and by keyboard', async () => {
    const h = handlers()
    const { user } = setup(<UploadPanel items={states} position="static" {...h} />)
    await user.click(screen.getByRole('button', { name: 'Pause upload of running.bin' }))
    expect(h.onPause).toHaveBeenCalledWith('r')
    await user.click(screen.getByRole('button', { name: 'Resume upload of paused.bin' }))
    expect(h.onResume).toHaveBeenCalledWith('p')
    await user.click(screen.getByRole('button', { name: 'Cancel upload of paused.bin' }))
    expect(h.onCancel).toHaveBeenLastCalledWith('p')
    await user.click(screen.getByRole('button', { name: 'Cancel upload of retrying.bin' }))
    expect(h.onCancel).toHaveBeenLastCalledWith('t')
    screen.getByRole('button', { name: 'Retry upload of failed.bin' }).focus()
    await user.keyboard('{Enter}')
    expect(h.onRetry).toHaveBeenCalledWith('f')
    for (const fn of [h.onPause, h.onResume, h.onRetry]) expect(fn).toHaveBeenCalledOnce()
  })

  it('given the tab order, then it runs through each row’s buttons in reading order after the header', async () => {
    const { user } = setup(<UploadPanel items={states} position="static" {...handlers()} />)
    const order: (string | null)[] = []
    for (let i = 0; i < 8; i++) {
      await user.tab()
      order.push(document.activeElement?.getAttribute('aria-label') ?? null)
    }
    expect(order).toEqual([
      'Minimize uploads',
      'Close uploads',
      'Pause upload of running.bin',
      'Cancel upload of running.bin',
      'Resume upload of paused.bin',
      'Cancel upload of paused.bin',
      'Cancel upload of retrying.bin',
      'Retry upload of failed.bin',
    ])
  })

  it('given no onPause/onResume/onRetry, then rows offer only Cancel, as before', () => {
    setup(<UploadPanel items={states} position="static" onCancel={() => {}} onClose={() => {}} />)
    expect(buttonNames('running.bin')).toEqual(['Cancel upload of running.bin'])
    expect(buttonNames('paused.bin')).toEqual(['Cancel upload of paused.bin'])
    expect(buttonNames('failed.bin')).toEqual([])
  })

  it('given pausable or retryable false, then that row does not offer Pause or Retry', () => {
    const items = [
      item({ id: 'r', name: 'stream.bin', progress: 5, pausable: false }),
      item({ id: 'f', name: 'too-big.iso', state: 'failed', error: 'File too large', retryable: false }),
    ]
    setup(<UploadPanel items={items} position="static" {...handlers()} />)
    expect(buttonNames('stream.bin')).toEqual(['Cancel upload of stream.bin'])
    expect(buttonNames('too-big.iso')).toEqual([])
    expect(within(row('too-big.iso')).getByText('File too large')).toBeTruthy()
  })

  it('given a paused upload restored after a reload with an action, then the action replaces Resume and calls its onClick', async () => {
    const onClick = vi.fn()
    const h = handlers()
    const items = [
      item({
        id: 'p',
        name: 'restored.mov',
        progress: 40,
        state: 'paused',
        action: { label: 'Choose the file to resume', onClick },
      }),
    ]
    const { user } = setup(<UploadPanel items={items} position="static" {...h} />)
    expect(buttonNames('restored.mov')).toEqual(['Cancel upload of restored.mov', null])
    expect(within(row('restored.mov')).getByText('Paused')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Choose the file to resume' }))
    expect(onClick).toHaveBeenCalledOnce()
    expect(h.onResume).not.toHaveBeenCalled()
    await expectNoAxeViolations()
  })

  it('given an action on an ended row, then it is the list’s tab stop instead of the list itself', async () => {
    const items = [
      item({ id: 'c', name: 'a.txt', progress: 100, state: 'completed', action: { label: 'Open', onClick: () => {} } }),
    ]
    const { user } = setup(<UploadPanel items={items} position="static" onCancel={() => {}} onClose={() => {}} />)
    expect(screen.getByRole('list').hasAttribute('tabindex')).toBe(false)
    await user.tab()
    await user.tab()
    await user.tab()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open' }))
  })

  it('given only failed rows with Retry, then the list is no extra tab stop; without onRetry it is one', () => {
    const items = [item({ id: 'f', name: 'x.bin', state: 'failed' })]
    const { rerender } = setup(
      <UploadPanel items={items} position="static" onCancel={() => {}} onClose={() => {}} onRetry={() => {}} />,
    )
    expect(screen.getByRole('list').hasAttribute('tabindex')).toBe(false)
    rerender(<UploadPanel items={items} position="static" onCancel={() => {}} onClose={() => {}} />)
    expect(screen.getByRole('list').getAttribute('tabindex')).toBe('0')
  })

  it('shows only the known parts of the speed line, and none when neither is known', () => {
    const items = [
      item({ id: 'a', name: 'speed-only.bin', progress: 10, bytesPerSecond: 2048 }),
      item({ id: 'b', name: 'time-only.bin', progress: 10, secondsLeft: 12 }),
      item({ id: 'c', name: 'nothing.bin', progress: 10 }),
    ]
    setup(<UploadPanel items={items} position="static" onCancel={() => {}} onClose={() => {}} />)
    expect(within(row('speed-only.bin')).getByText('2 KB/s')).toBeTruthy()
    expect(within(row('time-only.bin')).getByText('12 s left')).toBeTruthy()
    expect(row('nothing.bin').querySelector('p')).toBeNull()
  })

  it('keeps the speed line out of live regions: only the header announces', () => {
    setup(<UploadPanel items={states} position="static" {...handlers()} />)
    const live = [...document.querySelectorAll('[aria-live], [role="status"], [role="alert"], [role="log"]')]
    expect(live).toHaveLength(1)
    expect(live[0]!.contains(screen.getByRole('heading'))).toBe(true)
    expect(live[0]!.textContent).not.toContain('MB/s')
  })

  it('given custom labels, then rows use them for buttons and texts', () => {
    const items = [
      item({ id: 'r', name: 'a.bin', progress: 10, bytesPerSecond: 1000, secondsLeft: 30 }),
      item({ id: 'p', name: 'b.bin', state: 'paused' }),
      item({ id: 't', name: 'c.bin', state: 'retrying' }),
    ]
    setup(
      <UploadPanel
        items={items}
        position="static"
        {...handlers()}
        labels={{
          pause: (n) => `Pause ${n}`,
          resume: (n) => `Reprendre ${n}`,
          paused: 'En pause',
          retrying: 'Nouvel essai…',
          speed: (b) => `${b} o/s`,
          timeLeft: (s) => `${s} s restantes`,
        }}
      />,
    )
    expect(screen.getByRole('button', { name: 'Pause a.bin' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Reprendre b.bin' })).toBeTruthy()
    expect(screen.getByText('1000 o/s · 30 s restantes')).toBeTruthy()
    expect(screen.getByText('En pause')).toBeTruthy()
    expect(screen.getByText('Nouvel essai…')).toBeTruthy()
  })

  it('given paused or retrying uploads only, then the panel is still uploading', () => {
    const { rerender } = setup(
      <UploadPanel
        items={[item({ id: 'p', name: 'p.bin', state: 'paused' })]}
        onCancel={() => {}}
        onClose={() => {}}
      />,
    )
    expect(screen.getByRole('region').dataset.state).toBe('uploading')
    expect(screen.getByRole('heading', { name: 'Uploading 1 file(s)' })).toBeTruthy()
    rerender(
      <UploadPanel
        items={[
          item({ id: 't', name: 't.bin', state: 'retrying' }),
          item({ id: 'c', name: 'c.bin', state: 'completed' }),
        ]}
        onCancel={() => {}}
        onClose={() => {}}
      />,
    )
    expect(screen.getByRole('region').dataset.state).toBe('uploading')
    expect(screen.getByRole('heading', { name: 'Uploading 2 file(s)' })).toBeTruthy()
  })

  it('gives a running folder an indeterminate bar unless it reports a speed; paused folders keep their value', () => {
    const items = [
      item({ id: 'a', name: 'Plain', type: 'folder', progress: 0 }),
      item({ id: 'b', name: 'Measured', type: 'folder', progress: 35, bytesPerSecond: 4096 }),
      item({ id: 'c', name: 'Held', type: 'folder', progress: 70, state: 'paused' }),
    ]
    setup(<UploadPanel items={items} onCancel={() => {}} onClose={() => {}} />)
    expect(screen.getByRole('progressbar', { name: 'Plain' }).hasAttribute('aria-valuenow')).toBe(false)
    expect(screen.getByRole('progressbar', { name: 'Measured' }).getAttribute('aria-valuenow')).toBe('35')
    expect(screen.getByRole('progressbar', { name: 'Held' }).getAttribute('aria-valuenow')).toBe('70')
  })
})

describe('UploadPanel: name clashes', () => {
  const clashes: UploadItem[] = [
    item({ id: '3', name: 'notes.txt', state: 'skipped' }),
    item({
      id: '2',
      name: 'photo.jpg',
      progress: 100,
      state: 'completed',
      outcome: 'kept-both',
      savedAs: 'photo (1).jpg',
    }),
    item({ id: '1', name: 'report.pdf', progress: 100, state: 'completed', outcome: 'replaced' }),
  ]

  it('given skipped, replaced and kept-both rows, then each says what happened, the skipped one with an empty bar', async () => {
    setup(<UploadPanel items={clashes} onCancel={() => {}} onClose={() => {}} onRetry={() => {}} position="static" />)
    const row = (name: string) => screen.getByRole('progressbar', { name }).closest('li')!
    expect(row('notes.txt').dataset.state).toBe('skipped')
    expect(within(row('notes.txt')).getByRole('img', { name: 'Skipped' })).toBeTruthy()
    expect(row('notes.txt').textContent).toContain('Skipped')
    expect(screen.getByRole('progressbar', { name: 'notes.txt' }).getAttribute('aria-valuenow')).toBe('0')
    expect(within(row('notes.txt')).queryByRole('button')).toBeNull()
    expect(row('photo.jpg').textContent).toContain('Kept both, saved as photo (1).jpg')
    expect(row('report.pdf').textContent).toContain('Replaced — the earlier version is kept')
    expect(within(row('report.pdf')).getByRole('img', { name: 'Completed' })).toBeTruthy()
    await expectNoAxeViolations()
  })

  it('given a skipped upload, then the header counts what arrived and the summary names the skipped ones', () => {
    setup(<UploadPanel items={clashes} onCancel={() => {}} onClose={() => {}} position="static" />)
    expect(screen.getByRole('heading', { name: 'Uploaded 2 file(s)' })).toBeTruthy()
    expect(screen.getByText('1 skipped')).toBeTruthy()
    expect(uploadPanelSummary(1, 0, 2)).toBe('1 failed, 2 skipped')
    expect(countUploads(clashes)).toEqual(counts({ completed: 2, skipped: 1 }))
  })

  it('given custom labels, then the clash texts use them', () => {
    setup(
      <UploadPanel
        items={clashes}
        onCancel={() => {}}
        onClose={() => {}}
        position="static"
        labels={{ skipped: 'Left out', replaced: 'Overwritten', keptBoth: (name) => `Saved as ${name}` }}
        summary={(failed, canceled, skipped) => `${skipped} left out`}
      />,
    )
    expect(screen.getByRole('img', { name: 'Left out' })).toBeTruthy()
    expect(screen.getByText('Overwritten')).toBeTruthy()
    expect(screen.getByText('Saved as photo (1).jpg')).toBeTruthy()
    expect(screen.getByText('1 left out')).toBeTruthy()
  })
})
