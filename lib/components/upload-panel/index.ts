export {
  countUploads,
  UploadPanel,
  uploadItemStates,
  uploadPanelSpeed,
  uploadPanelSummary,
  uploadPanelTimeLeft,
  uploadPanelTitle,
  type UploadCounts,
  type UploadItem,
  type UploadItemState,
  type UploadPanelLabels,
  type UploadPanelProps,
} from './upload-panel.tsx'
