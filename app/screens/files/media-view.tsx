// SPEC §2 "Media page": every photo and video of the drive (or the matches of a media search) in a
// justified gallery grouped by the month each was taken, with the All / Photos / Videos filter that
// titles it and a sort toggle (newest or oldest first, whatever Home's sort). Empty, it offers to upload.
// With "Include shared" (issue #39 point 5, on by default when anything is shared with the user)
// it is the family timeline: others' photos join in, each tile naming its owner, and chips filter
// by person.
import { Button, IconButton, OwnerBadge, PhotoGallery, type BrowserFile, Select } from '@cumulus/ui'
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
import { useAnythingShared } from '../../hooks/use-anything-shared.ts'
import { useFileList } from '../../hooks/use-file-list.ts'
import { useUserDetailed } from '../../hooks/use-user-detailed.ts'
import {
  type MediaFilter,
  mediaAscending,
  mediaFilter,
  mediaIncludeShared,
  mediaLimit,
  mediaPerson,
  mediaSortBy,
  setMediaFilter,
  setMediaIncludeShared,
  setMediaPerson,
  toggleMediaOrder,
} from '../../state/filters.ts'
import { loadThumbnailsDisabled } from '../../state/preferences.ts'
import { mainSection, multiSelectMap, multiSelectMode, toggleMultiSelect } from '../../state/selection.ts'
import { vars } from '../../styles.ts'
import { useCollectionKeys } from './use-collection-keys.ts'
import { MediaSearchView } from './media-search-view.tsx'
import { useMediaItems } from './use-media-items.ts'
import { useOpenItem } from './use-open-item.ts'
import { useTimelinePeople } from './use-timeline-people.ts'

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
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
`

const chips = css`
  display: flex;
  flex-wrap: wrap;
  gap: 4px;
`

export function MediaView({ search }: { search?: string }) {
  return search ? <MediaSearchView search={search} /> : <MediaGallery />
}

function MediaGallery({ search }: { search?: string }) {
  useSignals()
  const filter = mediaFilter.value
  const ascending = mediaAscending.value
  const chosen = mediaIncludeShared.value
  const person = mediaPerson.value
  const shared = useAnythingShared(chosen !== null)
  // A search looks in the user's own gallery only (the timeline has no search).
  const includeShared = !search && (chosen ?? shared.any)
  // The "Me" chip's id; the record the usage meter reads already (the user record is not
  // there after a reload).
  const me = useUserDetailed(includeShared).data?._id
  // Never chosen: the first page waits for whether anything is shared, so it is read once.
  const waiting = chosen === null && !shared.known
  const list = useFileList(
    waiting
      ? null
      : {
          mediaMode: true,
          mediaFilter: filter,
          sortBy: mediaSortBy(ascending),
          ...(search ? { search } : {}),
          ...(includeShared ? { include: 'shared' as const, ...(person ? { person } : {}) } : {}),
        },
    mediaLimit,
  )
  const people = useTimelinePeople(list.files, includeShared)
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
            {search ? null : (
              <Button
                variant={includeShared ? 'primary' : 'secondary'}
                icon="users"
                aria-pressed={includeShared}
                onClick={() => setMediaIncludeShared(!includeShared)}
              >
                {copy.timeline.includeShared}
              </Button>
            )}
            {/* Newest or oldest first: the months stay in order either way (mediaAscending). */}
            <IconButton
              icon={ascending ? 'sort-asc' : 'sort-desc'}
              label={copy.browser.oldestFirst}
              aria-pressed={ascending}
              onClick={toggleMediaOrder}
            />
            {includeShared && people.length > 0 ? (
              <div role="group" aria-label={copy.timeline.person} className={chips}>
                {[
                  { id: undefined, name: copy.timeline.everyone },
                  ...(me ? [{ id: me, name: copy.timeline.me }] : []),
                  ...people,
                ].map((p) => (
                  <Button
                    key={p.id ?? ''}
                    size="small"
                    variant={person === p.id ? 'primary' : 'ghost'}
                    aria-pressed={person === p.id}
                    onClick={() => setMediaPerson(p.id)}
                  >
                    {p.name}
                  </Button>
                ))}
              </div>
            ) : null}
          </div>
        }
        items={items}
        renderBadge={(item) => {
          const owner = fileOf(item).owner
          return owner ? <OwnerBadge name={owner.displayName} /> : null
        }}
        thumbnailsDisabled={thumbnailsDisabled}
        thumbnailErrorLabel={copy.browser.thumbnailError}
        loading={list.loading || waiting}
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
