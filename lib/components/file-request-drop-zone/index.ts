export {
  defaultFileRequestDropZoneLabels,
  FileRequestDropZone,
  type FileRequestDropZoneLabels,
  type FileRequestDropZoneProps,
} from './file-request-drop-zone.tsx'
