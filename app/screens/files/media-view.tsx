// SPEC §2 "Media page": every photo and video of the drive (or the matches of a media search) in a
// tight thumbnail grid, with the All / Photos / Videos filter that titles it and a sort toggle.
import { IconButton, MediaGrid, type BrowserFile, Select } from '@cumulus/ui'
import { useSignals } from '@preact/signals-react/runtime'
import { css } from 'goober'
import { useMemo } from 'react'
import { copy } from '../../copy.ts'
import { toBrowserFile } from '../../features/items/browser-items.ts'
import { menuEntries } from '../../features/items/item-menu.ts'
import { type Target, toSelected, useItemActions } from '../../features/items/use-item-actions.ts'
import { useItemClick } from '../../features/items/use-item-click.ts'
import { FileViewer } from '../../features/viewer/file-viewer.tsx'
import { useFileList } from '../../hooks/use-file-list.ts'
import { isAscending, type MediaFilter, mediaFilter, mediaLimit, setMediaFilter, sortBy, toggleSortOrder } from '../../state/filters.ts'
import { loadThumbnailsDisabled } from '../../state/preferences.ts'
import { mainSection, multiSelectMap, multiSelectMode, toggleMultiSelect } from '../../state/selection.ts'
import { useCollectionKeys } from './use-collection-keys.ts'
import { useOpenItem } from './use-open-item.ts'

const titles: Record<MediaFilter, string> = { all: copy.browser.mediaAll, photos: copy.browser.mediaPhotos, videos: copy.browser.mediaVideos }

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
  const sort = sortBy.value
  const list = useFileList({ mediaMode: true, mediaFilter: filter, sortBy: sort, ...(search ? { search } : {}) }, mediaLimit)
  const actions = useItemActions()
  const open = useOpenItem('media')
  const click = useItemClick({ open })
  const thumbnailsDisabled = loadThumbnailsDisabled.value

  const byId = useMemo(() => new Map(list.files.map((f) => [f._id, f])), [list.files])
  const items = useMemo(() => list.files.map((f) => toBrowserFile(f, thumbnailsDisabled)), [list.files, thumbnailsDisabled])
  const targets = useMemo<Target[]>(() => list.files.map((file) => ({ type: 'file', file })), [list.files])
  const keysFor = useCollectionKeys('media', () => targets)
  const target = (item: BrowserFile): Target => ({ type: 'file', file: byId.get(item.id)! })
  const main = mainSection.value
  const selectedIds = multiSelectMode.value ? Object.keys(multiSelectMap.value) : main ? [main.id] : []
  const ascending = isAscending(sort)

  return (
    <>
      <MediaGrid
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
            <IconButton icon={ascending ? 'sort-asc' : 'sort-desc'} label={copy.browser.ascending} aria-pressed={ascending} onClick={toggleSortOrder} />
          </div>
        }
        items={items}
        thumbnailsDisabled={thumbnailsDisabled}
        thumbnailErrorLabel={copy.browser.thumbnailError}
        loading={list.loading}
        loadingLabel={copy.loading}
        emptyText={copy.browser.noMedia}
        selectedIds={selectedIds}
        useWindowScroll
        menuLabel={copy.browser.itemMenu}
        itemMenu={(item) => menuEntries('file', { area: 'media' }, (id) => actions.run(target(item), id))}
        onItemClick={(item, event) => click(toSelected(target(item)), event)}
        onItemOpen={(item) => open(toSelected(target(item)))}
        onItemToggle={(item) => toggleMultiSelect(toSelected(target(item)))}
        onEndReached={list.loadMore}
        onKeyDown={keysFor(targets)}
      />
      <FileViewer
        files={list.files}
        hasMore={list.hasMore}
        loadMore={list.loadMore}
        menuItems={(file) => menuEntries('file', { area: 'media' }, (id) => actions.run({ type: 'file', file }, id))}
      />
    </>
  )
}
