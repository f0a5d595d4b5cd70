export {
  type ColumnSort,
  defaultColumnLabels,
  defaultColumnSortFields,
  FileList,
  ListColumnHeaders,
  listHeaderRowClassName,
  type FileListColumnLabels,
  type FileListProps,
  type SortableColumn,
} from './file-list.tsx'
export { defaultActionsLabel, FileListRow, type FileListRowProps } from './file-list-row.tsx'
