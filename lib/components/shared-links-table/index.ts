export type { ShareLink } from './share-link.ts'
export {
  defaultSharedLinksTableLabels,
  formatLinkDate,
  SharedLinksTable,
  type SharedLinksTableLabels,
  type SharedLinksTableProps,
} from './shared-links-table.tsx'
