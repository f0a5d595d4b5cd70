// @cumulus/ui: the one public entry. Every export is named here on purpose (no `export *`), so the
// package's surface is reviewed in one place. Consumers also import '@cumulus/ui/style.css' once.
//
// To add a component: create lib/components/<name>/{<name>.tsx,<name>.css.ts,index.ts}, then add
// one block below in alphabetical order: the component, its Props type and its `as const` vocabularies.

// Global CSS, in cascade order: light (defaults on :root), then dark. The Inter font faces are not
// here: they are the optional '@cumulus/ui/fonts.css' (entry lib/fonts.ts).
import './theme/light.css.ts'
import './theme/dark.css.ts'

// Theme
export { vars } from './theme/contract.css.ts'
export {
  createTheme,
  type CumulusTheme,
  type PerScheme,
  type ThemeColors,
  type ThemeOptions,
  type ThemeVariables,
} from './theme/create-theme.ts'
export { contrastRatio } from './theme/contrast.ts'
export { sprinkles, type Sprinkles } from './theme/sprinkles.css.ts'
export { baseText, focusRing, state } from './theme/states.ts'
export { themeAttribute, themeNames, type ThemeName } from './theme/theme.ts'
export { badgeLetters, breakpoints, type BadgeLetter } from './theme/tokens.ts'

// Locale: texts, dates and sizes for every component (English and en-US formats without a provider)
export { deMessages } from './locale/de.ts'
export { enMessages } from './locale/en.ts'
export { defaultCommonLabels, type CommonLabels } from './locale/common-labels.ts'
export {
  dateStyles,
  intlFormatDate,
  intlFormatSize,
  type DateStyle,
  type FormatDate,
  type FormatSize,
} from './locale/formats.ts'
export { localizeDigits, useLocaleDigits } from './locale/digits.ts'
export { LocaleProvider, useLocale, type CumulusLocale, type LocaleProviderProps } from './locale/locale.tsx'
export type { CumulusMessages, LocaleMessages } from './locale/messages.ts'

// Helpers
export { defaultBadgeMax, extensionBadge, type ExtensionBadgeInfo } from './utils/extension-badge.ts'
export { byteUnits, formatBytes } from './utils/format-bytes.ts'
export { formatDimensions } from './utils/format-dimensions.ts'
export {
  formatCardDate,
  formatDetailsDate,
  formatFileDate,
  formatMonthHeading,
  type DateInput,
} from './utils/format-date.ts'
export { defaultMiddleTruncateMax, middleTruncate } from './utils/middle-truncate.ts'

// Hooks
export {
  useFileSelection,
  type FileSelection,
  type FileSelectionCollectionProps,
  type FileSelectionOptions,
  type SelectionModifiers,
} from './hooks/use-file-selection.ts'
export { draggedItems, endItemDrag, itemDragType, startItemDrag, useItemDrop } from './hooks/use-item-drop.ts'

// Components
export { AlertDialog, alertIcons, type AlertDialogProps, type AlertIcon } from './components/alert-dialog/index.ts'
export {
  Button,
  buttonSizes,
  buttonVariants,
  type ButtonProps,
  type ButtonSize,
  type ButtonVariant,
} from './components/button/index.ts'
export {
  conflictChoices,
  ConflictDialog,
  defaultConflictDialogLabels,
  type ConflictChoice,
  type ConflictDialogLabels,
  type ConflictDialogProps,
} from './components/conflict-dialog/index.ts'
export {
  ConfirmDialog,
  confirmTones,
  type ConfirmDialogProps,
  type ConfirmTone,
} from './components/confirm-dialog/index.ts'
export { ContextMenu, contextMenuLongPressMs, type ContextMenuProps } from './components/context-menu/index.ts'
export {
  Dialog,
  DialogActions,
  DialogDescription,
  dialogSizes,
  type DialogActionsProps,
  type DialogDescriptionProps,
  type DialogOpenProps,
  type DialogProps,
  type DialogSize,
} from './components/dialog/index.ts'
export {
  EmptyState,
  emptyStateHeadingLevels,
  emptyStateIllustrations,
  type EmptyStateHeadingLevel,
  type EmptyStateIllustration,
  type EmptyStateProps,
} from './components/empty-state/index.ts'
export {
  ExtensionBadge,
  extensionBadgeSizes,
  type ExtensionBadgeProps,
  type ExtensionBadgeSize,
} from './components/extension-badge/index.ts'
export { Icon, iconNames, iconSizes, type IconName, type IconProps, type IconSize } from './components/icon/index.ts'
export { IconButton, type IconButtonProps } from './components/icon-button/index.ts'
export {
  Menu,
  menuItemTones,
  visibleMenuEntries,
  type MenuAction,
  type MenuEntry,
  type MenuIcon,
  type MenuItemTone,
  type MenuProps,
  type MenuSeparator,
} from './components/menu/index.ts'
export {
  ProgressBar,
  progressTones,
  type ProgressBarProps,
  type ProgressTone,
} from './components/progress-bar/index.ts'
export {
  PromptDialog,
  promptRequiredMessage,
  requireName,
  type PromptDialogProps,
} from './components/prompt-dialog/index.ts'
export {
  Select,
  selectLayouts,
  type SelectLayout,
  type SelectOption,
  type SelectProps,
} from './components/select/index.ts'
export { Spinner, spinnerSizes, type SpinnerProps, type SpinnerSize } from './components/spinner/index.ts'
export {
  Toast,
  Toaster,
  ToastRegion,
  createToaster,
  toastDuration,
  toastTones,
  useToasts,
  type ToastAction,
  type ToastController,
  type ToasterProps,
  type ToastItem,
  type ToastPromiseMessages,
  type ToastPromiseOptions,
  type ToastProps,
  type ToastRegionProps,
  type ToastTone,
} from './components/toast/index.ts'

// Components: browsing (files, folders, media)
export type { BrowserFile, BrowserFolder, BrowserItemMatch, BrowserItemPeople } from './components/file-card/index.ts'
export {
  defaultDetailsPanelLabels,
  DetailsPanel,
  detailsPanelWidth,
  type DetailsPanelLabels,
  type DetailsPanelProps,
  type DetailsRow,
  type DetailsRowsOption,
  type DetailsSelection,
} from './components/details-panel/index.ts'
export { FileCard, type FileCardProps } from './components/file-card/index.ts'
export {
  DateRangeChip,
  type DateRange,
  type DateRangeChipLabels,
  type DateRangeChipProps,
  defaultDateRangeChipLabels,
  FilterChips,
  type FilterChipOption,
  type FilterChipsProps,
} from './components/filter-chips/index.ts'
export { FileGrid, fileGridMinCardWidth, type FileGridProps } from './components/file-grid/index.ts'
export {
  type ColumnSort,
  defaultActionsLabel,
  defaultColumnLabels,
  defaultColumnSortFields,
  FileList,
  FileListRow,
  type SortableColumn,
  type FileListColumnLabels,
  type FileListProps,
  type FileListRowProps,
} from './components/file-list/index.ts'
export { FolderCard, type FolderCardProps } from './components/folder-card/index.ts'
export { FolderGrid, folderGridMinCardWidth, type FolderGridProps } from './components/folder-grid/index.ts'
export { MediaGrid, mediaGridMinCell, type MediaGridProps } from './components/media-grid/index.ts'
export {
  defaultPhotoGalleryLabels,
  defaultTargetRowHeight,
  PhotoGallery,
  packGallery,
  photoGalleryGap,
  photoGalleryOrders,
  rowItemWidths,
  type GalleryLayout,
  type LayoutGroup,
  type LayoutItem,
  type LayoutOptions,
  type LayoutRow,
  type PhotoGalleryLabels,
  type PhotoGalleryOrder,
  type PhotoGalleryProps,
} from './components/photo-gallery/index.ts'
export {
  defaultMultiSelectBarLabels,
  MultiSelectBar,
  type MultiSelectBarLabels,
  type MultiSelectBarProps,
} from './components/multi-select-bar/index.ts'
export {
  defaultParentBarLabels,
  ParentBar,
  parentBarRoots,
  type ParentBarLabels,
  type ParentBarProps,
  type ParentBarRoot,
} from './components/parent-bar/index.ts'
export { QuickAccessItem, type QuickAccessItemProps } from './components/quick-access-item/index.ts'
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
} from './components/sort-control/index.ts'
export {
  defaultTrashNoteLabels,
  TrashNote,
  trashNoteSoonDays,
  type TrashedInfo,
  type TrashNoteLabels,
  type TrashNoteProps,
} from './components/trash-note/index.ts'
export {
  defaultVersionListLabels,
  VersionList,
  versionActions,
  type FileVersion,
  type VersionAction,
  type VersionListLabels,
  type VersionListProps,
} from './components/version-list/index.ts'
export {
  defaultViewToggleLabels,
  ViewToggle,
  type ViewToggleLabels,
  type ViewToggleProps,
} from './components/view-toggle/index.ts'
export {
  collectionViews,
  VirtualCollection,
  type CollectionBaseProps,
  type CollectionBody,
  type CollectionBodyParts,
  type CollectionCallbacks,
  type CollectionHeadingLevel,
  type CollectionItemProps,
  type CollectionItemState,
  type CollectionView,
  type VirtualCollectionProps,
} from './components/virtual-collection/index.ts'

// Components: dialogs and app chrome
export {
  defaultFileDetailsLabels,
  FileDetails,
  FileDetailsDialog,
  type FileDetailsDialogProps,
  type FileDetailsLabels,
  type FileDetailsProps,
} from './components/file-details/index.ts'
export { Header, headerLayouts, type HeaderLayout, type HeaderProps } from './components/header/index.ts'
export {
  defaultMediaViewerLabels,
  MediaViewer,
  mediaKinds,
  type MediaKind,
  type MediaViewerLabels,
  type MediaViewerProps,
} from './components/media-viewer/index.ts'
// The viewer's parts, usable alone: the zoomable picture and the photo's info pane.
export {
  defaultPhotoInfoLabels,
  formatExposure,
  mapUrl,
  PhotoInfo,
  type PhotoInfoLabels,
  type PhotoInfoProps,
  type PhotoLocation,
} from './components/photo-info/index.ts'
export {
  clampZoom,
  defaultMaxScale,
  doubleTapScale,
  ZoomableImage,
  type ZoomableImageControls,
  type ZoomableImageProps,
  type ZoomState,
} from './components/zoomable-image/index.ts'
export {
  defaultMoveDialogLabels,
  MoveDialog,
  moveDestination,
  moveEnterWindowMs,
  moveSearchDelayMs,
  moveSummary,
  type MoveDialogLabels,
  type MoveDialogProps,
  type MoveFolder,
} from './components/move-dialog/index.ts'
export {
  defaultSearchBarLabels,
  SearchBar,
  type SearchBarLabels,
  type SearchBarProps,
  type SearchSuggestion,
} from './components/search-bar/index.ts'
export {
  defaultItemPathLabels,
  ItemPath,
  itemPathRoots,
  normalizeMarks,
  TextSnippet,
  type ItemPathLabels,
  type ItemPathProps,
  type ItemPathRoot,
  type PathCrumb,
  type TextSnippetProps,
  type TextSnippetValue,
} from './components/search-result/index.ts'
export {
  defaultShareDialogLabels,
  ShareDialog,
  sharePermissionOptions,
  sharePermissionHints,
  sharePermissionLabels,
  sharePermissions,
  type ShareDialogLabels,
  type ShareDialogProps,
  type SharePermission,
  type SharePermissionOption,
} from './components/share-dialog/index.ts'
export {
  defaultSidebarLabels,
  Sidebar,
  sidebarItems,
  sidebarLayouts,
  type SidebarDestination,
  type SidebarItem,
  type SidebarLabels,
  type SidebarLayout,
  type SidebarProps,
} from './components/sidebar/index.ts'
export {
  countUploads,
  defaultUploadPanelLabels,
  UploadPanel,
  uploadItemStates,
  uploadOutcomes,
  uploadPanelSpeed,
  uploadPanelSummary,
  uploadPanelTimeLeft,
  uploadPanelTitle,
  type UploadCounts,
  type UploadItem,
  type UploadItemState,
  type UploadOutcome,
  type UploadPanelLabels,
  type UploadPanelProps,
} from './components/upload-panel/index.ts'

// Components: sharing (share links, the public folder page, file requests, member shares)
export {
  AccessList,
  defaultAccessListLabels,
  type AccessEntry,
  type AccessListLabels,
  type AccessListProps,
} from './components/access-list/index.ts'
export { AddedBy, defaultAddedByLabels, type AddedByLabels, type AddedByProps } from './components/added-by/index.ts'
export {
  defaultFileRequestDropZoneLabels,
  FileRequestDropZone,
  type FileRequestDropZoneLabels,
  type FileRequestDropZoneProps,
} from './components/file-request-drop-zone/index.ts'
export {
  defaultLinkSettingsFormLabels,
  LinkSettingsForm,
  noLinkSettings,
  shareLinkAccesses,
  sizeUnits,
  type LinkSettings,
  type LinkSettingsFormLabels,
  type LinkSettingsFormProps,
  type LinkSettingsProblem,
  type ShareLinkAccess,
  type SizeUnit,
} from './components/link-settings-form/index.ts'
export {
  defaultOwnerBadgeLabels,
  OwnerBadge,
  type OwnerBadgeLabels,
  type OwnerBadgeProps,
} from './components/owner-badge/index.ts'
export {
  defaultPeoplePickerLabels,
  memberRoles,
  PeoplePicker,
  peopleOptionName,
  type MemberRole,
  type PeopleOption,
  type PeoplePickerLabels,
  type PeoplePickerProps,
} from './components/people-picker/index.ts'
export {
  defaultPublicFolderViewLabels,
  PublicFolderView,
  type PublicFolderCrumb,
  type PublicFolderSelection,
  type PublicFolderViewLabels,
  type PublicFolderViewProps,
} from './components/public-folder-view/index.ts'
export {
  defaultSharedLinksTableLabels,
  formatLinkDate,
  SharedLinksTable,
  type ShareLink,
  type SharedLinksTableLabels,
  type SharedLinksTableProps,
} from './components/shared-links-table/index.ts'
