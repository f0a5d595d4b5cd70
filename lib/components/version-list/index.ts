export {
  defaultVersionListLabels,
  VersionList,
  versionActions,
  type FileVersion,
  type VersionAction,
  type VersionListLabels,
  type VersionListProps,
} from './version-list.tsx'
