export { defaultColumnLabels, FileList, ListColumnHeaders, listHeaderRowClassName, type FileListColumnLabels, type FileListProps } from './file-list.tsx'
export { defaultActionsLabel, FileListRow, type FileListRowProps } from './file-list-row.tsx'
