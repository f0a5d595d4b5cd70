import {
  type ComponentPropsWithRef,
  type KeyboardEvent,
  type PointerEvent,
  type ReactEventHandler,
  type Ref,
  type MouseEvent,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
} from 'react'
import { cx } from '../../internal/cx.ts'
import { isRtl } from '../../internal/direction.ts'
import * as css from './zoomable-image.css.ts'
import { clampZoom, defaultMaxScale, fitted, pinch, type Point, quarterTurns, type ZoomState, zoomAt } from './zoom.ts'

/** What a parent can ask of a `ZoomableImage` (its `controls` ref), e.g. a viewer that owns the keys. */
export interface ZoomableImageControls {
  /**
   * Handles a key as the image does when focused: `+`/`=` zoom in, `-` out, `0` fits, arrows pan
   * while zoomed. Returns whether the key was used (a fitted image leaves the arrows to the caller).
   */
  handleKey: (key: string) => boolean
  /** Whether the picture is zoomed in. */
  isZoomed: () => boolean
  /** Back to fitted and centred. */
  reset: () => void
}

/** Props of `ZoomableImage`; other attributes go to the frame (the element that takes the gestures). */
export interface ZoomableImageProps extends Omit<ComponentPropsWithRef<'div'>, 'children' | 'onLoad' | 'onError'> {
  /** The picture's address; a new one shows fitted. */
  src: string
  /** The picture's text alternative. */
  alt: string
  /** Turns the view by quarter turns clockwise (1 = 90°); the viewer owns it. Counting on (4, 5…) keeps turning forward. */
  rotation?: number | undefined
  /** The largest scale, relative to the fitted picture; defaults to 4. */
  maxScale?: number | undefined
  /** A swipe towards the previous picture (to the right; to the left in RTL), touch only, while fitted. */
  onSwipePrev?: (() => void) | undefined
  /** A swipe towards the next picture (to the left; to the right in RTL), touch only, while fitted. */
  onSwipeNext?: (() => void) | undefined
  /** The scale changed (1 = fitted). */
  onZoomChange?: ((scale: number) => void) | undefined
  /** The picture loaded. */
  onLoad?: ReactEventHandler<HTMLImageElement> | undefined
  /** The picture failed to load. */
  onError?: ReactEventHandler<HTMLImageElement> | undefined
  /** Receives `ZoomableImageControls`. */
  controls?: Ref<ZoomableImageControls> | undefined
}

/** A double tap or double click zooms to this scale at the point, or back to fitted. */
export const doubleTapScale = 2
/** Each `+` or `-` multiplies or divides the scale by this. */
const KEY_STEP = 1.5
/** A touch that travels this far sideways, mostly sideways, is a swipe (px). */
const SWIPE_DISTANCE = 48
/** A touch that moves less than this is a tap (px). */
const TAP_SLOP = 10
/** Two taps this close in time (ms) and place (px) are a double tap. */
const DOUBLE_TAP_MS = 300
const DOUBLE_TAP_SLOP = 32
/** An arrow key pans by this share of the frame, at least `MIN_PAN` px. */
const PAN_SHARE = 0.15
const MIN_PAN = 48

interface Single {
  kind: 'single'
  pointerType: string
  startX: number
  startY: number
  lastX: number
  lastY: number
  /** A second finger joined: the release is neither a tap nor a swipe. */
  pinched: boolean
}
interface Pinch {
  kind: 'pinch'
  start: ZoomState
  from: Point
  distance: number
}

/**
 * An image that zooms and pans, for a full-screen viewer. Zoom: the wheel (plain or with Ctrl,
 * which is also what a trackpad's pinch sends) at the cursor, two fingers, a double tap or double
 * click (1× ↔ 2× at the point), and `+`, `-`, `0` when focused. Zoomed, a drag or the arrow keys
 * pan, always within the picture's edges. Fitted, a sideways swipe on touch calls `onSwipePrev` or
 * `onSwipeNext` (mirrored in RTL). A new `src` or `rotation` shows the picture fitted again.
 */
export function ZoomableImage({
  src,
  alt,
  rotation = 0,
  maxScale = defaultMaxScale,
  onSwipePrev,
  onSwipeNext,
  onZoomChange,
  onLoad,
  onError,
  controls,
  className,
  onKeyDown,
  onPointerDown,
  onPointerMove,
  onPointerUp,
  onPointerCancel,
  onDoubleClick,
  ref,
  ...props
}: ZoomableImageProps) {
  const frameRef = useRef<HTMLDivElement | null>(null)
  const imageRef = useRef<HTMLImageElement | null>(null)
  const [zoom, setZoom] = useState<ZoomState>(fitted)
  const [animate, setAnimate] = useState(false)
  const zoomRef = useRef(zoom)
  const pointers = useRef(new Map<number, Point>())
  const gesture = useRef<Single | Pinch | null>(null)
  const lastTap = useRef<{ time: number; x: number; y: number } | null>(null)
  const lastPointerType = useRef('mouse')
  const notify = useRef(onZoomChange)
  notify.current = onZoomChange

  const apply = (next: ZoomState, animated: boolean) => {
    const before = zoomRef.current
    if (next.scale === before.scale && next.x === before.x && next.y === before.y) return
    zoomRef.current = next
    setZoom(next)
    setAnimate(animated)
    if (next.scale !== before.scale) notify.current?.(next.scale)
  }

  // Sizes as laid out (the transform aside): the frame, and the fitted picture inside it.
  const measure = () => {
    const frame = frameRef.current
    const image = imageRef.current
    return {
      frame: { width: frame?.clientWidth ?? 0, height: frame?.clientHeight ?? 0 },
      image: { width: image?.offsetWidth ?? 0, height: image?.offsetHeight ?? 0 },
    }
  }
  const clamped = (next: ZoomState) => {
    const { frame, image } = measure()
    return clampZoom(next, frame, image, rotation, maxScale)
  }
  /** A client point as an offset from the frame's centre. */
  const fromCentre = (clientX: number, clientY: number): Point => {
    const rect = frameRef.current?.getBoundingClientRect()
    if (!rect) return { x: 0, y: 0 }
    return { x: clientX - rect.left - rect.width / 2, y: clientY - rect.top - rect.height / 2 }
  }
  const zoomTo = (scale: number, point: Point, animated: boolean) => {
    const current = zoomRef.current
    const target = Math.min(maxScale, Math.max(1, scale))
    apply(clamped(zoomAt(current, target, point)), animated)
  }
  const toggleAt = (clientX: number, clientY: number) => {
    if (zoomRef.current.scale > 1) apply(fitted, true)
    else zoomTo(doubleTapScale, fromCentre(clientX, clientY), true)
  }

  const handleKey = (key: string): boolean => {
    const current = zoomRef.current
    if (key === '+' || key === '=') {
      zoomTo(current.scale * KEY_STEP, { x: 0, y: 0 }, true)
      return true
    }
    if (key === '-' || key === '_') {
      zoomTo(current.scale / KEY_STEP, { x: 0, y: 0 }, true)
      return true
    }
    if (key === '0') {
      apply(fitted, true)
      return true
    }
    if (current.scale <= 1) return false
    const { frame } = measure()
    const stepX = Math.max(MIN_PAN, frame.width * PAN_SHARE)
    const stepY = Math.max(MIN_PAN, frame.height * PAN_SHARE)
    // An arrow shows more of that side: the picture moves the other way. Sides are physical here.
    const moves: Record<string, Point> = {
      ArrowLeft: { x: stepX, y: 0 },
      ArrowRight: { x: -stepX, y: 0 },
      ArrowUp: { x: 0, y: stepY },
      ArrowDown: { x: 0, y: -stepY },
    }
    const move = moves[key]
    if (!move) return false
    apply(clamped({ ...current, x: current.x + move.x, y: current.y + move.y }), true)
    return true
  }

  useImperativeHandle(controls, () => ({
    handleKey,
    isZoomed: () => zoomRef.current.scale > 1,
    reset: () => apply(fitted, true),
  }))

  // A new picture or turn starts fitted.
  const shownSrc = useRef<string | null>(null)
  useLayoutEffect(() => {
    // A turn of the same picture is animated; a new picture simply appears.
    const turned = shownSrc.current === src
    shownSrc.current = src
    lastTap.current = null
    if (zoomRef.current !== fitted) apply(fitted, turned)
    setAnimate(turned)
  }, [src, rotation])

  // The wheel zooms at the cursor. Not React's onWheel: it is passive, and the page must not scroll
  // or (Ctrl + wheel, a trackpad's pinch) zoom.
  useEffect(() => {
    const frame = frameRef.current
    if (!frame) return
    const wheel = (event: WheelEvent) => {
      event.preventDefault()
      const lines = event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? frame.clientHeight : 1
      const factor = Math.exp(-event.deltaY * lines * (event.ctrlKey ? 0.01 : 0.002))
      zoomTo(zoomRef.current.scale * factor, fromCentre(event.clientX, event.clientY), false)
    }
    frame.addEventListener('wheel', wheel, { passive: false })
    return () => frame.removeEventListener('wheel', wheel)
  })

  const startPinch = () => {
    const [a, b] = [...pointers.current.values()] as [Point, Point]
    const single = gesture.current?.kind === 'single' ? gesture.current : null
    if (single) single.pinched = true
    gesture.current = {
      kind: 'pinch',
      start: zoomRef.current,
      from: fromCentre((a.x + b.x) / 2, (a.y + b.y) / 2),
      distance: Math.hypot(a.x - b.x, a.y - b.y) || 1,
    }
  }

  const down = (event: PointerEvent<HTMLDivElement>) => {
    onPointerDown?.(event)
    if (event.defaultPrevented || (event.pointerType === 'mouse' && event.button !== 0)) return
    lastPointerType.current = event.pointerType
    event.currentTarget.setPointerCapture?.(event.pointerId)
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY })
    if (pointers.current.size === 2) return startPinch()
    if (pointers.current.size > 2) return
    gesture.current = {
      kind: 'single',
      pointerType: event.pointerType,
      startX: event.clientX,
      startY: event.clientY,
      lastX: event.clientX,
      lastY: event.clientY,
      pinched: false,
    }
  }

  const move = (event: PointerEvent<HTMLDivElement>) => {
    onPointerMove?.(event)
    if (!pointers.current.has(event.pointerId)) return
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY })
    const current = gesture.current
    if (current?.kind === 'pinch' && pointers.current.size >= 2) {
      const [a, b] = [...pointers.current.values()] as [Point, Point]
      const ratio = Math.hypot(a.x - b.x, a.y - b.y) / current.distance
      const to = fromCentre((a.x + b.x) / 2, (a.y + b.y) / 2)
      const scale = Math.min(maxScale, Math.max(1, current.start.scale * ratio))
      apply(clamped(pinch(current.start, scale / current.start.scale, current.from, to)), false)
    } else if (current?.kind === 'single') {
      const dx = event.clientX - current.lastX
      const dy = event.clientY - current.lastY
      current.lastX = event.clientX
      current.lastY = event.clientY
      const zoomNow = zoomRef.current
      if (zoomNow.scale > 1) apply(clamped({ ...zoomNow, x: zoomNow.x + dx, y: zoomNow.y + dy }), false)
    }
  }

  const release = (event: PointerEvent<HTMLDivElement>, cancelled: boolean) => {
    if (!pointers.current.delete(event.pointerId)) return
    const current = gesture.current
    if (current?.kind === 'pinch') {
      // One finger stays: it pans on from where it is.
      const [rest] = [...pointers.current.values()]
      gesture.current = rest
        ? {
            kind: 'single',
            pointerType: event.pointerType,
            startX: rest.x,
            startY: rest.y,
            lastX: rest.x,
            lastY: rest.y,
            pinched: true,
          }
        : null
      return
    }
    gesture.current = null
    if (!current || cancelled || current.pinched || current.pointerType === 'mouse') return
    const dx = event.clientX - current.startX
    const dy = event.clientY - current.startY
    if (zoomRef.current.scale <= 1 && Math.abs(dx) >= SWIPE_DISTANCE && Math.abs(dx) > 1.5 * Math.abs(dy)) {
      lastTap.current = null
      // The next picture lies to the right in LTR: a finger pulls it in leftwards.
      const towardsNext = isRtl(event.currentTarget) ? dx > 0 : dx < 0
      if (towardsNext) onSwipeNext?.()
      else onSwipePrev?.()
      return
    }
    if (Math.hypot(dx, dy) > TAP_SLOP) return
    const tap = { time: event.timeStamp, x: event.clientX, y: event.clientY }
    const before = lastTap.current
    if (
      before &&
      tap.time - before.time <= DOUBLE_TAP_MS &&
      Math.hypot(tap.x - before.x, tap.y - before.y) <= DOUBLE_TAP_SLOP
    ) {
      lastTap.current = null
      toggleAt(tap.x, tap.y)
    } else {
      lastTap.current = tap
    }
  }

  const doubleClick = (event: MouseEvent<HTMLDivElement>) => {
    onDoubleClick?.(event)
    // Touch has its own double tap above (browsers may send a dblclick after it too).
    if (event.defaultPrevented || lastPointerType.current !== 'mouse') return
    toggleAt(event.clientX, event.clientY)
  }

  const keyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event)
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return
    if (handleKey(event.key)) event.preventDefault()
  }

  const setFrame = (element: HTMLDivElement | null) => {
    frameRef.current = element
    if (typeof ref === 'function') ref(element)
    else if (ref) ref.current = element
  }

  const turns = quarterTurns(rotation)
  return (
    <div
      tabIndex={0}
      data-part="zoomable-image"
      data-state={zoom.scale > 1 ? 'zoomed' : 'fitted'}
      {...props}
      ref={setFrame}
      className={cx(css.frame, className)}
      onKeyDown={keyDown}
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={(event) => {
        onPointerUp?.(event)
        release(event, false)
      }}
      onPointerCancel={(event) => {
        onPointerCancel?.(event)
        release(event, true)
      }}
      onDoubleClick={doubleClick}
    >
      <img
        ref={imageRef}
        src={src}
        alt={alt}
        draggable={false}
        data-part="zoomable-image-picture"
        data-turned={turns % 2 === 1 ? '' : undefined}
        data-animate={animate ? '' : undefined}
        className={css.image}
        style={{ transform: `translate(${zoom.x}px, ${zoom.y}px) rotate(${rotation * 90}deg) scale(${zoom.scale})` }}
        onLoad={onLoad}
        onError={onError}
      />
    </div>
  )
}
