// SPEC §2 "Media page": every photo and video of the drive (or the matches of a media search) in a
// justified gallery grouped by the month each was taken, with the All / Photos / Videos filter that
// titles it and a sort toggle (newest or oldest first, whatever Home's sort). Empty, it offers to upload.
import { Button, IconButton, PhotoGallery, type BrowserFile, Select } from '@cumulus/ui'
import { useSignals } from '@preact/signals-react/runtime'
import { css } from 'goober'
import type { FileJson } from '../../api/files.ts'
import { copy } from '../../copy-screens.ts'
import { useAddNew } from '../../features/layout/add-new.tsx'
import { menuEntries } from '../../features/items/item-menu.ts'
import { roleOf } from '../../features/items/item-role.ts'
import { type Target, toSelected, useItemActions } from '../../features/items/use-item-actions.ts'
import { useItemClick } from '../../features/items/use-item-click.ts'
import { FileViewer } from '../../features/viewer/file-viewer.tsx'
import { useFileList } from '../../hooks/use-file-list.ts'
import {
  type MediaFilter,
  mediaAscending,
  mediaFilter,
  mediaLimit,
  mediaSortBy,
  setMediaFilter,
  toggleMediaOrder,
} from '../../state/filters.ts'
import { loadThumbnailsDisabled } from '../../state/preferences.ts'
import { mainSection, multiSelectMap, multiSelectMode, toggleMultiSelect } from '../../state/selection.ts'
import { vars } from '../../styles.ts'
import { useCollectionKeys } from './use-collection-keys.ts'
import { useMediaItems } from './use-media-items.ts'
import { useOpenItem } from './use-open-item.ts'

const titles: Record<MediaFilter, string> = {
  all: copy.browser.mediaAll,
  photos: copy.browser.mediaPhotos,
  videos: copy.browser.mediaVideos,
}

const filterOptions = [
  { value: 'all', label: copy.browser.filterAll },
  { value: 'photos', label: copy.browser.filterPhotos },
  { value: 'videos', label: copy.browser.filterVideos },
]

const controls = css`
  display: flex;
  align-items: center;
  gap: 8px;
`

export function MediaView({ search }: { search?: string }) {
  useSignals()
  const filter = mediaFilter.value
  const ascending = mediaAscending.value
  const list = useFileList(
    { mediaMode: true, mediaFilter: filter, sortBy: mediaSortBy(ascending), ...(search ? { search } : {}) },
    mediaLimit,
  )
  const actions = useItemActions()
  const open = useOpenItem('media')
  const click = useItemClick({ open })
  const thumbnailsDisabled = loadThumbnailsDisabled.value
  // Uploads from the empty state land in Home, as the sidebar's Upload Files does.
  const addNew = useAddNew('/')

  const { items, fileOf } = useMediaItems(list.files, thumbnailsDisabled)
  // Targets are made when a key asks for them, not a target per photo on every page.
  const fileTarget = (file: FileJson): Target => ({ type: 'file', file })
  const keysFor = useCollectionKeys('media', () => list.files.map(fileTarget))
  const target = (item: BrowserFile): Target => fileTarget(fileOf(item))
  const main = mainSection.value
  const selectedIds = multiSelectMode.value ? Object.keys(multiSelectMap.value) : main ? [main.id] : []

  return (
    <>
      <PhotoGallery
        title={titles[filter]}
        actions={
          <div className={controls}>
            <Select
              label={copy.browser.filter}
              labelHidden
              options={filterOptions}
              value={filter}
              onValueChange={(value) => setMediaFilter(value as MediaFilter)}
            />
            {/* Newest or oldest first: the months stay in order either way (mediaAscending). */}
            <IconButton
              icon={ascending ? 'sort-asc' : 'sort-desc'}
              label={copy.browser.oldestFirst}
              aria-pressed={ascending}
              onClick={toggleMediaOrder}
            />
          </div>
        }
        items={items}
        thumbnailsDisabled={thumbnailsDisabled}
        thumbnailErrorLabel={copy.browser.thumbnailError}
        loading={list.loading}
        loadingLabel={copy.loading}
        emptyTitle={copy.browser.noMedia}
        emptyDescription={search ? undefined : copy.browser.noMediaHint}
        emptyAction={
          search ? undefined : (
            <Button variant="primary" icon="upload" onClick={addNew.onUploadFiles}>
              {copy.layout.uploadFiles}
            </Button>
          )
        }
        selectedIds={selectedIds}
        useWindowScroll
        // The month header and the date scrubber stick under the app's sticky header.
        stickyOffset={vars.size.header}
        scrubber
        labels={{ scrubber: copy.browser.jumpToMonth }}
        menuLabel={copy.browser.itemMenu}
        itemMenu={(item) =>
          menuEntries('file', { area: 'media', role: roleOf(fileOf(item)) }, (id) => actions.run(target(item), id))
        }
        onItemClick={(item, event) => click(toSelected(target(item)), event)}
        onItemOpen={(item) => open(toSelected(target(item)))}
        onItemToggle={(item) => toggleMultiSelect(toSelected(target(item)))}
        onEndReached={list.loadMore}
        onKeyDown={keysFor((index) => {
          const file = list.files[index]
          return file ? fileTarget(file) : undefined
        })}
      />
      {addNew.elements}
      <FileViewer
        files={list.files}
        hasMore={list.hasMore}
        loadMore={list.loadMore}
        menuItems={(file) =>
          menuEntries('file', { area: 'media', role: roleOf(file) }, (id) => actions.run({ type: 'file', file }, id))
        }
      />
    </>
  )
}
