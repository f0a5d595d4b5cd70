export {
  countUploads,
  UploadPanel,
  uploadItemStates,
  uploadPanelSummary,
  uploadPanelTitle,
  type UploadItem,
  type UploadItemState,
  type UploadPanelProps,
} from './upload-panel.tsx'
