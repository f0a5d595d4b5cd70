export { MediaViewer, mediaKinds, type MediaKind, type MediaViewerProps } from './media-viewer.tsx'
