export {
  defaultSort,
  defaultSortLabels,
  parseSortValue,
  SortControl,
  sortValues,
  toSortValue,
  type DefaultSortField,
  type SortControlLabels,
  type SortControlProps,
  type SortDirection,
  type SortField,
  type SortValue,
} from './sort-control.tsx'
