export {
  defaultPhotoInfoLabels,
  formatExposure,
  mapUrl,
  PhotoInfo,
  type PhotoInfoLabels,
  type PhotoInfoProps,
  type PhotoLocation,
} from './photo-info.tsx'
