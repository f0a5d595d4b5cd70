export { ConfirmDialog, confirmTones, type ConfirmDialogProps, type ConfirmTone } from './confirm-dialog.tsx'
