export {
  defaultTrashNoteLabels,
  TrashNote,
  trashNoteSoonDays,
  type TrashedInfo,
  type TrashNoteLabels,
  type TrashNoteProps,
} from './trash-note.tsx'
