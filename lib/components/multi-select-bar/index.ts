export {
  defaultMultiSelectBarLabels,
  MultiSelectBar,
  type MultiSelectBarLabels,
  type MultiSelectBarProps,
} from './multi-select-bar.tsx'
