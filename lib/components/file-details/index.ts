export { FileDetails, FileDetailsDialog, type FileDetailsDialogProps, type FileDetailsProps } from './file-details.tsx'
