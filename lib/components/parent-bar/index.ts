export {
  defaultParentBarLabels,
  ParentBar,
  parentBarRoots,
  type ParentBarLabels,
  type ParentBarProps,
  type ParentBarRoot,
} from './parent-bar.tsx'
