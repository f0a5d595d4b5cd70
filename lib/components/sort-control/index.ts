export {
  defaultSort,
  defaultSortLabels,
  SortControl,
  sortValues,
  type SortControlLabels,
  type SortControlProps,
  type SortValue,
} from './sort-control.tsx'
