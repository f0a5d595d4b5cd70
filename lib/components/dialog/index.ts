export {
  Dialog,
  DialogActions,
  DialogDescription,
  dialogSizes,
  type DialogActionsProps,
  type DialogDescriptionProps,
  type DialogOpenProps,
  type DialogProps,
  type DialogSize,
} from './dialog.tsx'
