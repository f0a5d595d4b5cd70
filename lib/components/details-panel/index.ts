export {
  defaultDetailsPanelLabels,
  DetailsPanel,
  detailsPanelWidth,
  type DetailsPanelLabels,
  type DetailsPanelProps,
  type DetailsSelection,
} from './details-panel.tsx'
export type { DetailsRow, DetailsRowsOption } from './details-rows.tsx'
