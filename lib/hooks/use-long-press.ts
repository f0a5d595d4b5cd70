import { type MouseEvent, type PointerEvent, useEffect, useRef } from 'react'

/** How long a touch must rest before it opens a context menu, in ms. */
export const longPressMs = 500

// A finger that drifts further than this (px) is scrolling, not long-pressing.
const MOVE_TOLERANCE = 10

/** Handlers to spread onto the element that listens for the press; `cancel` also stops a press under way. */
export interface LongPressHandlers<E extends HTMLElement> {
  onPointerDown: (event: PointerEvent<E>) => void
  onPointerMove: (event: PointerEvent<E>) => void
  onPointerUp: () => void
  onPointerCancel: () => void
  onClickCapture: (event: MouseEvent<E>) => void
  cancel: () => void
}

/**
 * A touch or pen press held still for `delayMs`. `begin` sees the pointerdown and returns what to do
 * once the press has lasted, or null when nothing under the finger answers a long-press. A mouse
 * never long-presses: it has a right button.
 */
export function useLongPress<E extends HTMLElement>(
  begin: (event: PointerEvent<E>) => (() => void) | null,
  delayMs: number = longPressMs,
): LongPressHandlers<E> {
  const press = useRef<{ timer: ReturnType<typeof setTimeout>; x: number; y: number } | null>(null)
  const swallowNextClick = useRef(false)

  const cancel = () => {
    if (press.current) clearTimeout(press.current.timer)
    press.current = null
  }
  useEffect(() => cancel, [])

  const onPointerDown = (event: PointerEvent<E>) => {
    if (event.pointerType === 'mouse') return
    cancel()
    // Browsers may send no click after a long-press; never let that swallow a later tap.
    swallowNextClick.current = false
    const fire = begin(event)
    if (!fire) return
    const { clientX: x, clientY: y } = event
    const timer = setTimeout(() => {
      press.current = null
      // The finger lifting after a long-press must not also click (open or select) what it pressed.
      swallowNextClick.current = true
      fire()
    }, delayMs)
    press.current = { timer, x, y }
  }

  const onPointerMove = (event: PointerEvent<E>) => {
    const start = press.current
    if (start && Math.hypot(event.clientX - start.x, event.clientY - start.y) > MOVE_TOLERANCE) cancel()
  }

  const onClickCapture = (event: MouseEvent<E>) => {
    if (!swallowNextClick.current) return
    swallowNextClick.current = false
    event.preventDefault()
    event.stopPropagation()
  }

  return { onPointerDown, onPointerMove, onPointerUp: cancel, onPointerCancel: cancel, onClickCapture, cancel }
}
