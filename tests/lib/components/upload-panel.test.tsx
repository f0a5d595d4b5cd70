import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { countUploads, UploadPanel, type UploadItem, uploadPanelSummary, uploadPanelTitle } from '../../../lib/index.ts'
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

describe('uploadPanelTitle', () => {
  it('derives the SPEC header texts', () => {
    expect(uploadPanelTitle(true, 3)).toBe('Uploading 3 file(s)')
    expect(uploadPanelTitle(false, 1)).toBe('Uploaded 1 file(s)')
  })

  it('names what did not make it, leaving out zero counts', () => {
    expect(uploadPanelSummary(2, 1)).toBe('2 failed, 1 canceled')
    expect(uploadPanelSummary(0, 3)).toBe('3 canceled')
    expect(uploadPanelSummary(1, 0)).toBe('1 failed')
    expect(countUploads(mixed)).toEqual({ running: 2, completed: 1, failed: 0, canceled: 1 })
  })
})

describe('UploadPanel', () => {
  it('given an unfinished upload, then the header reads "Uploading N file(s)" (N leaves out canceled ones) and rows keep the given (newest first) order', async () => {
    setup(<UploadPanel items={mixed} onCancel={() => {}} onClose={() => {}} position="static" />)
    const region = screen.getByRole('region', { name: 'Uploads' })
    expect(within(region).getByRole('heading', { name: 'Uploading 3 file(s)' })).toBeTruthy()
    expect(within(region).getByText('1 canceled')).toBeTruthy()
    const rows = within(screen.getByRole('list', { name: 'Uploading 3 file(s)' })).getAllByRole('listitem')
    expect(rows.map((row) => row.querySelector('[title]')?.textContent)).toEqual(['Holiday photos', 'video.mp4', 'backup.zip', 'photo.jpg'])
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

  it('given every upload ended, then the header reads "Uploaded N file(s)" counting only successes, and names the rest', () => {
    setup(<UploadPanel items={mixed.slice(2)} onCancel={() => {}} onClose={() => {}} />)
    expect(screen.getByRole('heading', { name: 'Uploaded 1 file(s)' })).toBeTruthy()
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
    expect(screen.getByRole('heading', { name: 'Uploaded 0 file(s)' })).toBeTruthy()
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
    setup(<UploadPanel items={[item({ id: 'p', name: 'late.jpg', progress: 45, state: 'completed' })]} onCancel={() => {}} onClose={() => {}} />)
    expect(screen.getByRole('progressbar', { name: 'late.jpg' }).getAttribute('aria-valuenow')).toBe('100')
  })

  it('given a finished folder, then its bar is full', () => {
    setup(<UploadPanel items={[item({ id: 'f', name: 'Docs', type: 'folder', state: 'completed' })]} onCancel={() => {}} onClose={() => {}} />)
    expect(screen.getByRole('progressbar', { name: 'Docs' }).getAttribute('aria-valuenow')).toBe('100')
  })

  it('given the minimize control, then the list hides and the control says how to expand it; pressed again it returns', async () => {
    const onMinimizedChange = vi.fn()
    const { user } = setup(<UploadPanel items={mixed} onCancel={() => {}} onClose={() => {}} onMinimizedChange={onMinimizedChange} />)
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
    const ended = Array.from({ length: 12 }, (_, i) => item({ id: `e${i}`, name: `file-${i}.txt`, progress: 100, state: i % 2 ? 'failed' : 'completed' }))
    const { user } = setup(<UploadPanel items={ended} position="static" onCancel={() => {}} onClose={() => {}} />)
    expect(screen.queryByRole('button', { name: /^Cancel/ })).toBeNull()
    await user.tab()
    await user.tab()
    await user.tab()
    expect(document.activeElement).toBe(screen.getByRole('list', { name: 'Uploaded 6 file(s)' }))
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
        title={(uploading, n) => (uploading ? `Envoi de ${n} fichier(s)` : `${n} envoyé(s)`)}
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
