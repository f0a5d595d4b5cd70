export {
  defaultPublicFolderViewLabels,
  PublicFolderView,
  type PublicFolderCrumb,
  type PublicFolderSelection,
  type PublicFolderViewLabels,
  type PublicFolderViewProps,
} from './public-folder-view.tsx'
