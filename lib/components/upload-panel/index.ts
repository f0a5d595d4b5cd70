export {
  UploadPanel,
  uploadItemStates,
  uploadItemState,
  uploadPanelTitle,
  type UploadItem,
  type UploadItemState,
  type UploadPanelProps,
} from './upload-panel.tsx'
