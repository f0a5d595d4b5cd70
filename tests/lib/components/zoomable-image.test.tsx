import { fireEvent, screen } from '@testing-library/react'
import { createRef } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { ZoomableImage, type ZoomableImageControls } from '../../../lib/index.ts'
import { clampZoom, fitted, pinch, zoomAt } from '../../../lib/components/zoomable-image/zoom.ts'
import { expectNoAxeViolations } from '../helpers/axe.ts'
import { setup } from '../helpers/render.tsx'

const image = 'data:image/gif;base64,R0lGODlhAQABAAAAACw='

describe('zoom arithmetic', () => {
  const frame = { width: 800, height: 600 }
  const picture = { width: 800, height: 450 }

  it('given a scale outside 1…max, then it is brought inside', () => {
    expect(clampZoom({ scale: 0.5, x: 0, y: 0 }, frame, picture).scale).toBe(1)
    expect(clampZoom({ scale: 9, x: 0, y: 0 }, frame, picture).scale).toBe(4)
    expect(clampZoom({ scale: 9, x: 0, y: 0 }, frame, picture, 0, 6).scale).toBe(6)
  })

  it('given a pan past an edge, then the picture stops at it; a side smaller than the frame stays centred', () => {
    // At 2×: 1600 × 900 in 800 × 600, so x within ±400 and y within ±150.
    expect(clampZoom({ scale: 2, x: 1000, y: -1000 }, frame, picture)).toEqual({ scale: 2, x: 400, y: -150 })
    expect(clampZoom({ scale: 2, x: 120, y: 40 }, frame, picture)).toEqual({ scale: 2, x: 120, y: 40 })
    // At 1.2×: 960 × 540, the height fits, so y is 0.
    expect(clampZoom({ scale: 1.2, x: 500, y: 30 }, frame, picture)).toEqual({ scale: 1.2, x: 80, y: 0 })
    expect(clampZoom({ scale: 1, x: 30, y: 30 }, frame, picture)).toEqual(fitted)
  })

  it('given a quarter turn, then the sides swap for the edges', () => {
    // Turned, 450 × 800 at 2× is 900 × 1600: x within ±50, y within ±500.
    expect(clampZoom({ scale: 2, x: 1000, y: 1000 }, frame, picture, 1)).toEqual({ scale: 2, x: 50, y: 500 })
    expect(clampZoom({ scale: 2, x: 1000, y: 1000 }, frame, picture, -1)).toEqual({ scale: 2, x: 50, y: 500 })
    expect(clampZoom({ scale: 2, x: 1000, y: 1000 }, frame, picture, 2)).toEqual({ scale: 2, x: 400, y: 150 })
  })

  it('given a zoom at a point, then the picture under that point stays there', () => {
    const before = { scale: 1.5, x: 20, y: -10 }
    const point = { x: 100, y: 50 }
    const after = zoomAt(before, 3, point)
    // The picture's point under `point`, in its own coordinates, is (p − t) / s before and after.
    expect((point.x - after.x) / after.scale).toBeCloseTo((point.x - before.x) / before.scale)
    expect((point.y - after.y) / after.scale).toBeCloseTo((point.y - before.y) / before.scale)
    expect(zoomAt(fitted, 2, { x: 0, y: 0 })).toEqual({ scale: 2, x: 0, y: 0 })
  })

  it('given a pinch, then the scale follows the fingers and the picture follows their midpoint', () => {
    const after = pinch(fitted, 2, { x: 100, y: 0 }, { x: 150, y: 20 })
    expect(after).toEqual({ scale: 2, x: -50, y: 20 })
  })
})

/** Gives the frame and the picture a layout, which jsdom has not: a 400 × 300 frame, a 400 × 200 picture. */
function layOut() {
  const frame = document.querySelector<HTMLElement>('[data-part="zoomable-image"]')!
  const picture = frame.querySelector('img')!
  Object.defineProperties(frame, {
    clientWidth: { value: 400 },
    clientHeight: { value: 300 },
  })
  frame.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: 0, width: 400, height: 300 })
  Object.defineProperties(picture, { offsetWidth: { value: 400 }, offsetHeight: { value: 200 } })
  return { frame, picture }
}

const transformOf = (img: HTMLElement) => img.style.transform

describe('ZoomableImage', () => {
  it('shows the picture fitted, named by its alt, in a focusable frame', async () => {
    setup(<ZoomableImage src={image} alt="holiday.jpg" />)
    const img = screen.getByRole('img', { name: 'holiday.jpg' })
    expect(transformOf(img)).toBe('translate(0px, 0px) rotate(0deg) scale(1)')
    expect(img.closest('[data-part="zoomable-image"]')?.getAttribute('tabindex')).toBe('0')
    await expectNoAxeViolations()
  })

  it('given + and -, then it zooms in and out by 1.5 and never below fitted; 0 fits again', async () => {
    const onZoomChange = vi.fn()
    const { user } = setup(<ZoomableImage src={image} alt="holiday.jpg" onZoomChange={onZoomChange} />)
    const { frame, picture } = layOut()
    frame.focus()
    await user.keyboard('+')
    expect(transformOf(picture)).toContain('scale(1.5)')
    expect(frame.getAttribute('data-state')).toBe('zoomed')
    await user.keyboard('=')
    expect(transformOf(picture)).toContain('scale(2.25)')
    await user.keyboard('0')
    expect(transformOf(picture)).toContain('scale(1)')
    expect(frame.getAttribute('data-state')).toBe('fitted')
    await user.keyboard('-')
    expect(transformOf(picture)).toContain('scale(1)')
    expect(onZoomChange.mock.calls).toEqual([[1.5], [2.25], [1]])
  })

  it('given it is zoomed, then the arrows pan up to the edge; fitted, they are left to the page', async () => {
    const outer = vi.fn((event: { defaultPrevented: boolean }) => event.defaultPrevented)
    const { user } = setup(
      <div onKeyDown={(event) => outer(event)}>
        <ZoomableImage src={image} alt="holiday.jpg" />
      </div>,
    )
    const { frame, picture } = layOut()
    frame.focus()
    await user.keyboard('{ArrowLeft}')
    expect(outer).toHaveLastReturnedWith(false)
    await user.keyboard('++')
    // 2.25×: 900 × 450 in 400 × 300, so x within ±250, y within ±75; a step is 60 px (15 % of 400).
    await user.keyboard('{ArrowLeft}')
    expect(outer).toHaveLastReturnedWith(true)
    expect(transformOf(picture)).toBe('translate(60px, 0px) rotate(0deg) scale(2.25)')
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowUp}{ArrowUp}')
    expect(transformOf(picture)).toBe('translate(250px, 75px) rotate(0deg) scale(2.25)')
    await user.keyboard('{ArrowDown}')
    expect(transformOf(picture)).toBe('translate(250px, 27px) rotate(0deg) scale(2.25)')
  })

  it('given a double click, then it zooms to 2× at that point; another one fits again', () => {
    setup(<ZoomableImage src={image} alt="holiday.jpg" />)
    const { frame, picture } = layOut()
    fireEvent.pointerDown(frame, { pointerId: 1, pointerType: 'mouse', button: 0, clientX: 300, clientY: 150 })
    fireEvent.pointerUp(frame, { pointerId: 1, pointerType: 'mouse', button: 0, clientX: 300, clientY: 150 })
    // 100 px right of the centre: the picture moves 100 px left so that spot stays put.
    fireEvent.doubleClick(frame, { clientX: 300, clientY: 150 })
    expect(transformOf(picture)).toBe('translate(-100px, 0px) rotate(0deg) scale(2)')
    fireEvent.doubleClick(frame, { clientX: 300, clientY: 150 })
    expect(transformOf(picture)).toBe('translate(0px, 0px) rotate(0deg) scale(1)')
  })

  const touch = (frame: HTMLElement, type: 'down' | 'move' | 'up', x: number, y: number, pointerId = 1) => {
    const init = { pointerId, pointerType: 'touch', clientX: x, clientY: y, isPrimary: pointerId === 1 }
    if (type === 'down') fireEvent.pointerDown(frame, init)
    else if (type === 'move') fireEvent.pointerMove(frame, init)
    else fireEvent.pointerUp(frame, init)
  }

  it('given a double tap, then it zooms at the tap; a drag then pans it, within the edges', () => {
    setup(<ZoomableImage src={image} alt="holiday.jpg" />)
    const { frame, picture } = layOut()
    touch(frame, 'down', 100, 150)
    touch(frame, 'up', 100, 150)
    touch(frame, 'down', 102, 151)
    touch(frame, 'up', 102, 151)
    expect(transformOf(picture)).toBe('translate(98px, -1px) rotate(0deg) scale(2)')
    touch(frame, 'down', 200, 150)
    touch(frame, 'move', 500, 400)
    touch(frame, 'up', 500, 400)
    // 2×: 800 × 400 in 400 × 300, so x within ±200, y within ±50.
    expect(transformOf(picture)).toBe('translate(200px, 50px) rotate(0deg) scale(2)')
  })

  it('given two fingers spreading, then it zooms; fitted, a swipe goes next or previous (mirrored in RTL)', () => {
    const onSwipeNext = vi.fn()
    const onSwipePrev = vi.fn()
    const { rerender } = setup(
      <ZoomableImage src={image} alt="holiday.jpg" onSwipeNext={onSwipeNext} onSwipePrev={onSwipePrev} />,
    )
    const { frame, picture } = layOut()
    touch(frame, 'down', 300, 150)
    touch(frame, 'move', 200, 160)
    touch(frame, 'up', 200, 160)
    expect(onSwipeNext).toHaveBeenCalledOnce()
    touch(frame, 'down', 100, 150)
    touch(frame, 'up', 300, 140)
    expect(onSwipePrev).toHaveBeenCalledOnce()
    // Mostly downwards: not a swipe.
    touch(frame, 'down', 100, 50)
    touch(frame, 'up', 160, 250)
    expect(onSwipeNext).toHaveBeenCalledOnce()
    expect(onSwipePrev).toHaveBeenCalledOnce()

    touch(frame, 'down', 150, 150, 1)
    touch(frame, 'down', 250, 150, 2)
    touch(frame, 'move', 350, 150, 2)
    expect(transformOf(picture)).toContain('scale(2)')
    touch(frame, 'up', 350, 150, 2)
    touch(frame, 'up', 150, 150, 1)
    // Zoomed, a sideways drag pans instead of swiping.
    touch(frame, 'down', 300, 150)
    touch(frame, 'up', 100, 150)
    expect(onSwipeNext).toHaveBeenCalledOnce()

    rerender(
      <div dir="rtl">
        <ZoomableImage src={`${image}#2`} alt="beach.jpg" onSwipeNext={onSwipeNext} onSwipePrev={onSwipePrev} />
      </div>,
    )
    const next = layOut()
    expect(transformOf(next.picture)).toContain('scale(1)')
    touch(next.frame, 'down', 100, 150)
    touch(next.frame, 'up', 300, 150)
    expect(onSwipeNext).toHaveBeenCalledTimes(2)
  })

  it('given a rotation, then the picture turns by quarter turns and shows fitted; controls zoom and reset it', () => {
    const controls = createRef<ZoomableImageControls>()
    const { rerender } = setup(<ZoomableImage src={image} alt="holiday.jpg" controls={controls} />)
    const { picture } = layOut()
    expect(controls.current?.handleKey('+')).toBe(true)
    expect(controls.current?.isZoomed()).toBe(true)
    rerender(<ZoomableImage src={image} alt="holiday.jpg" controls={controls} rotation={1} />)
    expect(transformOf(picture)).toBe('translate(0px, 0px) rotate(90deg) scale(1)')
    expect(picture.hasAttribute('data-turned')).toBe(true)
    expect(controls.current?.isZoomed()).toBe(false)
    expect(controls.current?.handleKey('ArrowRight')).toBe(false)
    expect(controls.current?.handleKey('+')).toBe(true)
    controls.current?.reset()
    expect(controls.current?.isZoomed()).toBe(false)
    rerender(<ZoomableImage src={image} alt="holiday.jpg" controls={controls} rotation={2} />)
    expect(picture.hasAttribute('data-turned')).toBe(false)
  })
})
