export {
  defaultMediaViewerLabels,
  MediaViewer,
  mediaKinds,
  type MediaKind,
  type MediaViewerLabels,
  type MediaViewerProps,
} from './media-viewer.tsx'
