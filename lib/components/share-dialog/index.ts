export {
  defaultShareDialogLabels,
  ShareDialog,
  sharePermissionOptions,
  type ShareDialogLabels,
  type ShareDialogProps,
  type SharePermissionOption,
} from './share-dialog.tsx'
export {
  sharePermissionHints,
  sharePermissionLabels,
  sharePermissions,
  type SharePermission,
} from './share-permission.ts'
