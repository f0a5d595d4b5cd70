export {
  doubleTapScale,
  ZoomableImage,
  type ZoomableImageControls,
  type ZoomableImageProps,
} from './zoomable-image.tsx'
export { clampZoom, defaultMaxScale, type ZoomState } from './zoom.ts'
