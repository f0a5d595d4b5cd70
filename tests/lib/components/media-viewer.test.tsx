import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { Menu, MediaViewer, type MediaViewerProps, PhotoInfo } from '../../../lib/index.ts'
import { expectNoAxeViolations } from '../helpers/axe.ts'
import { describeModal } from '../helpers/modal-suite.tsx'
import { setup } from '../helpers/render.tsx'

const image = 'data:image/gif;base64,R0lGODlhAQABAAAAACw='

const props = (patch: Partial<MediaViewerProps> = {}): MediaViewerProps => ({
  open: true,
  name: 'holiday.jpg',
  kind: 'image',
  src: image,
  onPrev: () => {},
  onNext: () => {},
  onClose: () => {},
  ...patch,
})

describeModal('MediaViewer', {
  role: 'dialog',
  name: 'holiday.jpg',
  render: (close) => <MediaViewer {...props({ onClose: close })} />,
})

describe('MediaViewer', () => {
  it('shows the name as its heading, the file menu, a close control, the arrows and the image', async () => {
    const { user } = setup(
      <MediaViewer
        {...props({ menu: <Menu label="File actions" items={[{ id: 'download', label: 'Download' }]} /> })}
      />,
    )
    const dialog = await screen.findByRole('dialog', { name: 'holiday.jpg' })
    expect(screen.getByRole('heading', { name: 'holiday.jpg' })).toBeTruthy()
    expect(screen.getByRole('img', { name: 'holiday.jpg' }).getAttribute('src')).toBe(image)
    expect(screen.getByRole('button', { name: 'Previous' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Next' })).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'File actions' }))
    expect(await screen.findByRole('menuitem', { name: 'Download' })).toBeTruthy()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull())
    // Escape closed the menu only.
    expect(dialog.isConnected).toBe(true)
    await expectNoAxeViolations()
  })

  it('given ArrowLeft and ArrowRight, then onPrev and onNext run; the arrow buttons do the same', async () => {
    const onPrev = vi.fn()
    const onNext = vi.fn()
    const { user } = setup(<MediaViewer {...props({ onPrev, onNext })} />)
    await screen.findByRole('dialog')
    await waitFor(() => expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true))
    await user.keyboard('{ArrowRight}')
    expect(onNext).toHaveBeenCalledTimes(1)
    await user.keyboard('{ArrowLeft}')
    expect(onPrev).toHaveBeenCalledTimes(1)
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await user.click(screen.getByRole('button', { name: 'Previous' }))
    expect(onNext).toHaveBeenCalledTimes(2)
    expect(onPrev).toHaveBeenCalledTimes(2)
  })

  it('given disabled arrows, then neither the buttons nor the keys move, and the buttons stay focusable', async () => {
    const onPrev = vi.fn()
    const onNext = vi.fn()
    const { user } = setup(<MediaViewer {...props({ onPrev, onNext, prevDisabled: true, nextDisabled: true })} />, {
      pointerEventsCheck: 0,
    })
    const next = await screen.findByRole('button', { name: 'Next' })
    expect(next.getAttribute('aria-disabled')).toBe('true')
    next.focus()
    expect(document.activeElement).toBe(next)
    await user.keyboard('{ArrowRight}{ArrowLeft}{Enter}')
    await user.click(screen.getByRole('button', { name: 'Previous' }))
    expect(onNext).not.toHaveBeenCalled()
    expect(onPrev).not.toHaveBeenCalled()
  })

  it('given a menu is open, then its arrow keys do not change the file', async () => {
    const onNext = vi.fn()
    const { user } = setup(
      <MediaViewer
        {...props({
          onNext,
          menu: (
            <Menu
              label="File actions"
              items={[
                { id: 'a', label: 'Share' },
                { id: 'b', label: 'Move' },
              ]}
            />
          ),
        })}
      />,
    )
    await user.click(await screen.findByRole('button', { name: 'File actions' }))
    await screen.findByRole('menu')
    await user.keyboard('{ArrowRight}{ArrowDown}')
    expect(onNext).not.toHaveBeenCalled()
  })

  it('given the image fails to load, then it says exactly "Error loading image"; a new address tries again', async () => {
    const { rerender } = setup(<MediaViewer {...props()} />)
    fireEvent.error(await screen.findByRole('img', { name: 'holiday.jpg' }))
    expect(screen.getByText('Error loading image').textContent).toBe('Error loading image')
    expect(screen.queryByRole('img', { name: 'holiday.jpg' })).toBeNull()
    rerender(<MediaViewer {...props({ name: 'beach.png', src: `${image}#2` })} />)
    expect(screen.getByRole('img', { name: 'beach.png' })).toBeTruthy()
    expect(screen.queryByText('Error loading image')).toBeNull()
  })

  it('given a video, then it plays with controls; without an address yet, a spinner shows', async () => {
    const { rerender } = setup(<MediaViewer {...props({ name: 'clip.mp4', kind: 'video', src: undefined })} />)
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeTruthy()
    rerender(<MediaViewer {...props({ name: 'clip.mp4', kind: 'video', src: '/stream/clip.mp4' })} />)
    const video = document.querySelector('video')
    expect(video?.getAttribute('src')).toBe('/stream/clip.mp4')
    expect(video?.hasAttribute('controls')).toBe(true)
    expect(video?.getAttribute('aria-label')).toBe('clip.mp4')
  })

  it('given the close control, then onClose runs', async () => {
    const onClose = vi.fn()
    const { user } = setup(<MediaViewer {...props({ onClose })} />)
    await user.click(await screen.findByRole('button', { name: 'Close' }))
    expect(onClose).toHaveBeenCalledOnce()
  })

  it('given Info or i, then the info pane opens and closes; without info there is no toggle', async () => {
    const onInfoOpenChange = vi.fn()
    const { user, rerender } = setup(
      <MediaViewer {...props({ info: <PhotoInfo width={4032} height={3024} />, onInfoOpenChange })} />,
    )
    const toggle = await screen.findByRole('button', { name: 'Info' })
    expect(toggle.getAttribute('aria-pressed')).toBe('false')
    expect(screen.queryByRole('region', { name: 'Info' })).toBeNull()
    await user.click(toggle)
    expect(screen.getByRole('region', { name: 'Info' }).textContent).toContain('4032 × 3024')
    expect(toggle.getAttribute('aria-pressed')).toBe('true')
    await user.keyboard('i')
    expect(screen.queryByRole('region', { name: 'Info' })).toBeNull()
    await user.keyboard('i')
    expect(screen.getByRole('region', { name: 'Info' })).toBeTruthy()
    expect(onInfoOpenChange.mock.calls).toEqual([[true], [false], [true]])
    await expectNoAxeViolations()
    rerender(<MediaViewer {...props()} />)
    expect(screen.queryByRole('button', { name: 'Info' })).toBeNull()
    expect(screen.queryByRole('region', { name: 'Info' })).toBeNull()
  })

  it('given Rotate or r, then the picture turns a quarter each time; a new picture starts unturned', async () => {
    const { user, rerender } = setup(<MediaViewer {...props()} />)
    const img = await screen.findByRole('img', { name: 'holiday.jpg' })
    await user.click(screen.getByRole('button', { name: 'Rotate' }))
    expect(img.style.transform).toContain('rotate(90deg)')
    await user.keyboard('r')
    expect(img.style.transform).toContain('rotate(180deg)')
    rerender(<MediaViewer {...props({ name: 'beach.png', src: `${image}#2` })} />)
    expect(screen.getByRole('img', { name: 'beach.png' }).style.transform).toContain('rotate(0deg)')
    // A video has no Rotate.
    rerender(<MediaViewer {...props({ kind: 'video', src: '/stream/clip.mp4' })} />)
    expect(screen.queryByRole('button', { name: 'Rotate' })).toBeNull()
  })

  it('given it is zoomed, then the arrows pan instead of changing the file, and Escape unzooms before it closes', async () => {
    const onNext = vi.fn()
    const onClose = vi.fn()
    const { user } = setup(<MediaViewer {...props({ onNext, onClose })} />)
    const img = await screen.findByRole('img', { name: 'holiday.jpg' })
    await waitFor(() => expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true))
    await user.keyboard('+')
    expect(img.style.transform).toContain('scale(1.5)')
    await user.keyboard('{ArrowRight}')
    expect(onNext).not.toHaveBeenCalled()
    await user.keyboard('{Escape}')
    expect(img.style.transform).toContain('scale(1)')
    expect(onClose).not.toHaveBeenCalled()
    await user.keyboard('{ArrowRight}')
    expect(onNext).toHaveBeenCalledOnce()
    await user.keyboard('{Escape}')
    expect(onClose).toHaveBeenCalledOnce()
  })

  it('given a swipe on touch, then onNext or onPrev runs unless that end is disabled', async () => {
    const onNext = vi.fn()
    const onPrev = vi.fn()
    setup(<MediaViewer {...props({ onNext, onPrev, prevDisabled: true })} />)
    const frame = (await screen.findByRole('img', { name: 'holiday.jpg' })).parentElement!
    const swipe = (from: number, to: number) => {
      fireEvent.pointerDown(frame, { pointerId: 1, pointerType: 'touch', clientX: from, clientY: 100 })
      fireEvent.pointerUp(frame, { pointerId: 1, pointerType: 'touch', clientX: to, clientY: 100 })
    }
    swipe(300, 100)
    expect(onNext).toHaveBeenCalledOnce()
    swipe(100, 300)
    expect(onPrev).not.toHaveBeenCalled()
  })
})
