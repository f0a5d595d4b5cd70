import { defaultAccessListLabels } from '../components/access-list/access-list.tsx'
import { defaultAudioPlayerLabels } from '../components/audio-player/labels.ts'
import { defaultAddedByLabels } from '../components/added-by/added-by.tsx'
import { defaultConflictDialogLabels } from '../components/conflict-dialog/conflict-dialog.tsx'
import { defaultDetailsPanelLabels } from '../components/details-panel/details-panel.tsx'
import { defaultFileDetailsLabels } from '../components/file-details/file-details.tsx'
import { defaultColumnLabels } from '../components/file-list/file-list.tsx'
import { defaultFileRequestDropZoneLabels } from '../components/file-request-drop-zone/file-request-drop-zone.tsx'
import { defaultLinkSettingsFormLabels } from '../components/link-settings-form/link-settings-form.tsx'
import { defaultMediaViewerLabels } from '../components/media-viewer/media-viewer.tsx'
import { defaultMoveDialogLabels } from '../components/move-dialog/move-dialog.tsx'
import { defaultMultiSelectBarLabels } from '../components/multi-select-bar/multi-select-bar.tsx'
import { defaultOwnerBadgeLabels } from '../components/owner-badge/owner-badge.tsx'
import { defaultParentBarLabels } from '../components/parent-bar/parent-bar.tsx'
import { defaultPeoplePickerLabels } from '../components/people-picker/people-picker.tsx'
import { defaultPhotoGalleryLabels } from '../components/photo-gallery/photo-gallery.tsx'
import { defaultPhotoInfoLabels } from '../components/photo-info/photo-info.tsx'
import { defaultPublicFolderViewLabels } from '../components/public-folder-view/public-folder-view.tsx'
import { defaultItemPathLabels } from '../components/search-result/item-path.tsx'
import { defaultSearchBarLabels } from '../components/search-bar/search-bar.tsx'
import { defaultShareDialogLabels } from '../components/share-dialog/share-dialog.tsx'
import { defaultSharedLinksTableLabels } from '../components/shared-links-table/shared-links-table.tsx'
import { defaultSidebarLabels } from '../components/sidebar/sidebar.tsx'
import { defaultSortLabels } from '../components/sort-control/sort-control.tsx'
import { defaultTextViewerLabels } from '../components/text-viewer/labels.ts'
import { defaultTrashNoteLabels } from '../components/trash-note/trash-note.tsx'
import { defaultUploadPanelLabels } from '../components/upload-panel/upload-panel.tsx'
import { defaultVersionListLabels } from '../components/version-list/version-list.tsx'
import { defaultViewToggleLabels } from '../components/view-toggle/view-toggle.tsx'
import { defaultCommonLabels } from './common-labels.ts'
import { defaultDateRangeChipLabels } from '../components/filter-chips/date-range-chip.tsx'
import type { CumulusMessages } from './messages.ts'
import { defaultPdfViewerLabels } from '../components/pdf-viewer/labels.ts'

/**
 * The English message set: every component's default texts in one object. Components use these
 * without a provider; pass `enMessages` to switch a subtree back to English inside another language,
 * or copy it as the template of a translation.
 */
export const enMessages: CumulusMessages = {
  common: defaultCommonLabels,
  accessList: defaultAccessListLabels,
  addedBy: defaultAddedByLabels,
  audioPlayer: defaultAudioPlayerLabels,
  conflictDialog: defaultConflictDialogLabels,
  dateRangeChip: defaultDateRangeChipLabels,
  detailsPanel: defaultDetailsPanelLabels,
  fileDetails: defaultFileDetailsLabels,
  fileList: defaultColumnLabels,
  fileRequestDropZone: defaultFileRequestDropZoneLabels,
  linkSettingsForm: defaultLinkSettingsFormLabels,
  mediaViewer: defaultMediaViewerLabels,
  moveDialog: defaultMoveDialogLabels,
  multiSelectBar: defaultMultiSelectBarLabels,
  ownerBadge: defaultOwnerBadgeLabels,
  parentBar: defaultParentBarLabels,
  pdfViewer: defaultPdfViewerLabels,
  peoplePicker: defaultPeoplePickerLabels,
  photoGallery: defaultPhotoGalleryLabels,
  photoInfo: defaultPhotoInfoLabels,
  publicFolderView: defaultPublicFolderViewLabels,
  itemPath: defaultItemPathLabels,
  searchBar: defaultSearchBarLabels,
  shareDialog: defaultShareDialogLabels,
  sharedLinksTable: defaultSharedLinksTableLabels,
  sidebar: defaultSidebarLabels,
  sortControl: defaultSortLabels,
  textViewer: defaultTextViewerLabels,
  trashNote: defaultTrashNoteLabels,
  uploadPanel: defaultUploadPanelLabels,
  versionList: defaultVersionListLabels,
  viewToggle: defaultViewToggleLabels,
}
