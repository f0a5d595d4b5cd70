import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { UploadPanel, type UploadItem, uploadPanelTitle } from '../../../lib/index.ts'
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
})

describe('UploadPanel', () => {
  it('given an unfinished upload, then the header reads "Uploading N file(s)" and rows keep the given (newest first) order', async () => {
    setup(<UploadPanel items={mixed} onCancel={() => {}} onClose={() => {}} position="static" />)
    const region = screen.getByRole('region', { name: 'Uploads' })
    expect(within(region).getByRole('heading', { name: 'Uploading 4 file(s)' })).toBeTruthy()
    const rows = within(screen.getByRole('list', { name: 'Uploading 4 file(s)' })).getAllByRole('listitem')
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

  it('given every upload finished (completed or canceled), then the header reads "Uploaded N file(s)"', () => {
    setup(<UploadPanel items={mixed.slice(2)} onCancel={() => {}} onClose={() => {}} />)
    expect(screen.getByRole('heading', { name: 'Uploaded 2 file(s)' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: /^Cancel upload/ })).toBeNull()
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
    expect(screen.getByRole('heading', { name: 'Uploading 4 file(s)' })).toBeTruthy()
    const expand = screen.getByRole('button', { name: 'Expand uploads' })
    expect(expand.getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(expand)
    await user.keyboard('{Enter}')
    expect(screen.getByRole('list')).toBeTruthy()
    expect(onMinimizedChange).toHaveBeenLastCalledWith(false)
    await expectNoAxeViolations()
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
    expect(screen.getByRole('heading', { name: 'Envoi de 4 fichier(s)' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Déplier' })).toBeTruthy()
  })
})
