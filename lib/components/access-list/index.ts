export {
  AccessList,
  defaultAccessListLabels,
  type AccessEntry,
  type AccessListLabels,
  type AccessListProps,
} from './access-list.tsx'
