// The zoom arithmetic of `ZoomableImage`, apart from the DOM so it can be tested alone. Lengths
// are screen pixels; a translation is the picture's centre offset from the frame's centre; a point
// is measured from the frame's centre too.

/** A zoom: the scale (1 = fitted) and the picture's offset. */
export interface ZoomState {
  scale: number
  x: number
  y: number
}

/** A width and a height in pixels. */
export interface Size {
  width: number
  height: number
}

/** A point from the frame's centre. */
export interface Point {
  x: number
  y: number
}

/** Fitted, centred. */
export const fitted: ZoomState = { scale: 1, x: 0, y: 0 }

/** The default largest scale: four times the fitted picture. */
export const defaultMaxScale = 4

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value))

/** A rotation in quarter turns, as 0, 1, 2 or 3 (negative turns count backwards). */
export const quarterTurns = (rotation: number) => (((Math.round(rotation) % 4) + 4) % 4) as 0 | 1 | 2 | 3

/**
 * Keeps a zoom inside its bounds: the scale between 1 and `maxScale`, and the picture covering the
 * frame wherever it is larger than the frame (no black edge can be dragged in), centred where it is
 * smaller. `image` is the fitted picture's unrotated size; odd quarter turns swap its sides.
 */
export function clampZoom(
  state: ZoomState,
  frame: Size,
  image: Size,
  rotation = 0,
  maxScale = defaultMaxScale,
): ZoomState {
  const scale = clamp(state.scale, 1, maxScale)
  const turned = quarterTurns(rotation) % 2 === 1
  const width = (turned ? image.height : image.width) * scale
  const height = (turned ? image.width : image.height) * scale
  const maxX = Math.max(0, (width - frame.width) / 2)
  const maxY = Math.max(0, (height - frame.height) / 2)
  // `+ 0` turns a -0 into 0, so a fitted state compares equal to `fitted`.
  return { scale, x: clamp(state.x, -maxX, maxX) + 0, y: clamp(state.y, -maxY, maxY) + 0 }
}

/**
 * The zoom at `scale` that keeps the picture's point under `point` where it is (the cursor of a
 * wheel, the spot double-tapped): t' = p − (p − t) · s' / s. Not clamped.
 */
export function zoomAt(state: ZoomState, scale: number, point: Point): ZoomState {
  const ratio = scale / state.scale
  return { scale, x: point.x - (point.x - state.x) * ratio, y: point.y - (point.y - state.y) * ratio }
}

/**
 * A pinch: the picture as it was at the pinch's `start`, scaled by the ratio of the fingers'
 * distances and moved with their midpoint (from `from` to `to`). Not clamped.
 */
export function pinch(start: ZoomState, ratio: number, from: Point, to: Point): ZoomState {
  const scale = start.scale * ratio
  return { scale, x: to.x - (from.x - start.x) * ratio, y: to.y - (from.y - start.y) * ratio }
}
