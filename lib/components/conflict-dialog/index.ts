export {
  conflictChoices,
  ConflictDialog,
  defaultConflictDialogLabels,
  type ConflictChoice,
  type ConflictDialogLabels,
  type ConflictDialogProps,
} from './conflict-dialog.tsx'
