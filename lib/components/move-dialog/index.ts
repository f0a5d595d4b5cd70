export {
  MoveDialog,
  moveDestination,
  moveEnterWindowMs,
  moveSearchDelayMs,
  moveSummary,
  type MoveDialogProps,
  type MoveFolder,
} from './move-dialog.tsx'
