export {
  defaultMoveDialogLabels,
  MoveDialog,
  moveDestination,
  moveEnterWindowMs,
  moveSearchDelayMs,
  moveSummary,
  type MoveDialogLabels,
  type MoveDialogProps,
  type MoveFolder,
} from './move-dialog.tsx'
