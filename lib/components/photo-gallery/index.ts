export {
  defaultPhotoGalleryLabels,
  galleryDate,
  monthKey,
  PhotoGallery,
  photoGalleryGap,
  type PhotoGalleryLabels,
  type PhotoGalleryProps,
} from './photo-gallery.tsx'
export {
  defaultTargetRowHeight,
  layoutRatio,
  maxAspectRatio,
  minAspectRatio,
  packGallery,
  rowItemWidths,
  rowOfItem,
  type GalleryLayout,
  type LayoutGroup,
  type LayoutItem,
  type LayoutOptions,
  type LayoutRow,
} from './gallery-layout.ts'
export { galleryMove, nearestInRow } from './gallery-moves.ts'
export { photoGalleryOrders, type PhotoGalleryOrder } from './date-order.ts'
