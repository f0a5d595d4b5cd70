export {
  defaultFileDetailsLabels,
  FileDetails,
  FileDetailsDialog,
  type FileDetailsDialogProps,
  type FileDetailsLabels,
  type FileDetailsProps,
} from './file-details.tsx'
