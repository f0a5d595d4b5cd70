export { defaultShareDialogLabels, ShareDialog, type ShareDialogLabels, type ShareDialogProps } from './share-dialog.tsx'
export { sharePermissionHints, sharePermissionLabels, sharePermissions, type SharePermission } from './share-permission.ts'
