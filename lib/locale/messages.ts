import type { ItemPathLabels } from '../components/search-result/item-path.tsx'
import type { AccessListLabels } from '../components/access-list/access-list.tsx'
import type { AudioPlayerLabels } from '../components/audio-player/labels.ts'
import type { AddedByLabels } from '../components/added-by/added-by.tsx'
import type { ConflictDialogLabels } from '../components/conflict-dialog/conflict-dialog.tsx'
import type { DateRangeChipLabels } from '../components/filter-chips/date-range-chip.tsx'
import type { DetailsPanelLabels } from '../components/details-panel/details-panel.tsx'
import type { FileDetailsLabels } from '../components/file-details/file-details.tsx'
import type { FileListColumnLabels } from '../components/file-list/file-list.tsx'
import type { FileRequestDropZoneLabels } from '../components/file-request-drop-zone/file-request-drop-zone.tsx'
import type { LinkSettingsFormLabels } from '../components/link-settings-form/link-settings-form.tsx'
import type { MediaViewerLabels } from '../components/media-viewer/media-viewer.tsx'
import type { MoveDialogLabels } from '../components/move-dialog/move-dialog.tsx'
import type { MultiSelectBarLabels } from '../components/multi-select-bar/multi-select-bar.tsx'
import type { OwnerBadgeLabels } from '../components/owner-badge/owner-badge.tsx'
import type { ParentBarLabels } from '../components/parent-bar/parent-bar.tsx'
import type { PdfViewerLabels } from '../components/pdf-viewer/labels.ts'
import type { PeoplePickerLabels } from '../components/people-picker/people-picker.tsx'
import type { PhotoGalleryLabels } from '../components/photo-gallery/photo-gallery.tsx'
import type { PhotoInfoLabels } from '../components/photo-info/photo-info.tsx'
import type { PublicFolderViewLabels } from '../components/public-folder-view/public-folder-view.tsx'
import type { SearchBarLabels } from '../components/search-bar/search-bar.tsx'
import type { ShareDialogLabels } from '../components/share-dialog/share-dialog.tsx'
import type { SharedLinksTableLabels } from '../components/shared-links-table/shared-links-table.tsx'
import type { SidebarLabels } from '../components/sidebar/sidebar.tsx'
import type { SortControlLabels } from '../components/sort-control/sort-control.tsx'
import type { TextViewerLabels } from '../components/text-viewer/labels.ts'
import type { TrashNoteLabels } from '../components/trash-note/trash-note.tsx'
import type { UploadPanelLabels } from '../components/upload-panel/upload-panel.tsx'
import type { VersionListLabels } from '../components/version-list/version-list.tsx'
import type { ViewToggleLabels } from '../components/view-toggle/view-toggle.tsx'
import type { CommonLabels } from './common-labels.ts'

/** Every text of the kit, one group per component (each group is that component's `labels` prop). */
export interface CumulusMessages {
  /** Texts that several components share: dialogs' buttons, spinners, toasts, collections. */
  common: CommonLabels
  accessList: AccessListLabels
  addedBy: AddedByLabels
  audioPlayer: AudioPlayerLabels
  conflictDialog: ConflictDialogLabels
  dateRangeChip: DateRangeChipLabels
  detailsPanel: DetailsPanelLabels
  fileDetails: FileDetailsLabels
  fileList: FileListColumnLabels
  fileRequestDropZone: FileRequestDropZoneLabels
  linkSettingsForm: LinkSettingsFormLabels
  mediaViewer: MediaViewerLabels
  moveDialog: MoveDialogLabels
  multiSelectBar: MultiSelectBarLabels
  ownerBadge: OwnerBadgeLabels
  parentBar: ParentBarLabels
  pdfViewer: PdfViewerLabels
  peoplePicker: PeoplePickerLabels
  photoGallery: PhotoGalleryLabels
  photoInfo: PhotoInfoLabels
  publicFolderView: PublicFolderViewLabels
  itemPath: ItemPathLabels
  searchBar: SearchBarLabels
  shareDialog: ShareDialogLabels
  sharedLinksTable: SharedLinksTableLabels
  sidebar: SidebarLabels
  sortControl: SortControlLabels
  textViewer: TextViewerLabels
  trashNote: TrashNoteLabels
  uploadPanel: UploadPanelLabels
  versionList: VersionListLabels
  viewToggle: ViewToggleLabels
}

/** A message set: any groups, any texts of a group; the rest stays English (or the outer provider's). */
export type LocaleMessages = { [K in keyof CumulusMessages]?: Partial<CumulusMessages[K]> }
