export {
  DateRangeChip,
  type DateRange,
  type DateRangeChipLabels,
  type DateRangeChipProps,
  defaultDateRangeChipLabels,
} from './date-range-chip.tsx'
export { FilterChips, type FilterChipOption, type FilterChipsProps } from './filter-chips.tsx'
