export { AlertDialog, alertIcons, type AlertDialogProps, type AlertIcon } from './alert-dialog.tsx'
