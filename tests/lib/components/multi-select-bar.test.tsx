import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { MultiSelectBar } from '../../../lib/index.ts'
import { expectNoAxeViolations } from '../helpers/axe.ts'
import { setup } from '../helpers/render.tsx'

const callbacks = () => ({
  onTrash: vi.fn(),
  onMove: vi.fn(),
  onDownload: vi.fn(),
  onRestore: vi.fn(),
  onDelete: vi.fn(),
})
const buttonNames = () => screen.getAllByRole('button').map((b) => b.getAttribute('aria-label'))

describe('MultiSelectBar', () => {
  it('is a toolbar with a close icon and the count followed by "selected", announced as a status', async () => {
    const { rerender } = setup(<MultiSelectBar count={3} onClose={() => {}} />)
    expect(screen.getByRole('toolbar', { name: 'Selection' })).toBeTruthy()
    expect(screen.getByRole('status').textContent).toBe('3 selected')
    rerender(<MultiSelectBar count={4} onClose={() => {}} />)
    expect(screen.getByRole('status').textContent).toBe('4 selected')
    expect(buttonNames()).toEqual(['Clear selection'])
    await expectNoAxeViolations()
  })

  it('outside trash offers Trash, Move and Download; in media Move is hidden; in trash Restore and Delete', () => {
    const { rerender } = setup(<MultiSelectBar count={1} onClose={() => {}} {...callbacks()} />)
    expect(buttonNames()).toEqual(['Clear selection', 'Trash', 'Move', 'Download'])
    rerender(<MultiSelectBar count={1} onClose={() => {}} inMedia {...callbacks()} />)
    expect(buttonNames()).toEqual(['Clear selection', 'Trash', 'Download'])
    rerender(<MultiSelectBar count={1} onClose={() => {}} inTrash {...callbacks()} />)
    expect(buttonNames()).toEqual(['Clear selection', 'Restore', 'Delete'])
  })

  it('given onShare, then Share follows Download outside trash, and not in trash', async () => {
    const onShare = vi.fn()
    const { user, rerender } = setup(<MultiSelectBar count={2} onClose={() => {}} {...callbacks()} onShare={onShare} />)
    expect(buttonNames()).toEqual(['Clear selection', 'Trash', 'Move', 'Download', 'Share'])
    await user.click(screen.getByRole('button', { name: 'Share' }))
    expect(onShare).toHaveBeenCalledOnce()
    rerender(<MultiSelectBar count={2} onClose={() => {}} inTrash {...callbacks()} onShare={onShare} />)
    expect(buttonNames()).toEqual(['Clear selection', 'Restore', 'Delete'])
  })

  it('given the keyboard, then it is one tab stop, arrows walk it and Enter runs the action', async () => {
    const actions = callbacks()
    const onClose = vi.fn()
    const { user } = setup(<MultiSelectBar count={2} onClose={onClose} {...actions} />)
    await user.tab()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Clear selection' }))
    await user.keyboard('{ArrowRight}{ArrowRight}{Enter}')
    expect(actions.onMove).toHaveBeenCalledOnce()
    await user.keyboard('{ArrowRight}{Enter}')
    expect(actions.onDownload).toHaveBeenCalledOnce()
    await user.keyboard('{Home}{Enter}')
    expect(onClose).toHaveBeenCalledOnce()
    await user.tab()
    expect(screen.getByRole('toolbar').contains(document.activeElement)).toBe(false)
  })

  it('given own actions or texts, then they replace the defaults', () => {
    setup(
      <MultiSelectBar
        count={2}
        onClose={() => {}}
        {...callbacks()}
        actions={<button type="button">Share</button>}
        labels={{ selected: (n) => `${n} items chosen`, close: 'Done' }}
      />,
    )
    expect(screen.getByRole('status').textContent).toBe('2 items chosen')
    expect(screen.getAllByRole('button').map((b) => b.getAttribute('aria-label') ?? b.textContent)).toEqual([
      'Done',
      'Share',
    ])
  })
})
