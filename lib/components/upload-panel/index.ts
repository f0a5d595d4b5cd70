export {
  UploadPanel,
  uploadItemStates,
  uploadPanelTitle,
  type UploadItem,
  type UploadItemState,
  type UploadPanelProps,
} from './upload-panel.tsx'
