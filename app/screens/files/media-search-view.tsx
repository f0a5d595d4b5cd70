// A Media search (DESIGN §8 "Search inside files"): the matching photos and videos as rows, each
// with its folder path, under the search's sort (Best match first) and filter chips: Photos or
// Videos, a date range, and with the family timeline on, whose they are.
import { EmptyState, type FilterChipOption, FileGrid, FilterChips, SortControl } from '@cumulus/ui'
import { useSignals } from '@preact/signals-react/runtime'
import { useMemo } from 'react'
import type { FileJson } from '../../api/files.ts'
import { copy } from '../../copy-screens.ts'
import { toBrowserFile } from '../../features/items/browser-items.ts'
import { menuEntries } from '../../features/items/item-menu.ts'
import { roleOf } from '../../features/items/item-role.ts'
import { type Target, toSelected, useItemActions } from '../../features/items/use-item-actions.ts'
import { useItemClick } from '../../features/items/use-item-click.ts'
import { SearchFilterBar } from '../../features/search/search-filter-bar.tsx'
import { FileViewer } from '../../features/viewer/file-viewer.tsx'
import { useAnythingShared } from '../../hooks/use-anything-shared.ts'
import { useFileList } from '../../hooks/use-file-list.ts'
import { useUserDetailed } from '../../hooks/use-user-detailed.ts'
import { mediaIncludeShared, mediaLimit, mediaPerson, setMediaPerson } from '../../state/filters.ts'
import { loadThumbnailsDisabled } from '../../state/preferences.ts'
import { type ListSortBy, searchFilterParams, searchSort, setSearchSort } from '../../state/search-filters.ts'
import { mainSection, multiSelectMap, multiSelectMode, toggleMultiSelect } from '../../state/selection.ts'
import { useCollectionKeys } from './use-collection-keys.ts'
import { useOpenItem } from './use-open-item.ts'
import { usePathOpen } from './use-path-open.ts'
import { useTimelinePeople } from './use-timeline-people.ts'

const sortFields = [
  { value: 'date' as const, label: copy.browser.modified },
  { value: 'alp' as const, label: copy.browser.name },
  { value: 'size' as const, label: copy.browser.size },
  { value: 'type' as const, label: copy.browser.type },
]
const bestMatch = [{ value: 'relevance' as const, label: copy.search.bestMatch }]
const mediaKinds = ['photos', 'videos'] as const

export function MediaSearchView({ search }: { search: string }) {
  useSignals()
  const chosen = mediaIncludeShared.value
  const shared = useAnythingShared(chosen !== null)
  // The family timeline (as the gallery has it): others' photos join in, and the owner chips filter them.
  const includeShared = chosen ?? shared.any
  const person = mediaPerson.value
  const me = useUserDetailed(includeShared).data?._id
  const waiting = chosen === null && !shared.known
  const sort = searchSort.value
  const list = useFileList(
    waiting
      ? null
      : {
          mediaMode: true,
          search,
          sortBy: sort,
          ...searchFilterParams(),
          ...(includeShared ? { include: 'shared' as const, ...(person ? { person } : {}) } : {}),
        },
    mediaLimit,
  )
  const people = useTimelinePeople(list.files, includeShared)
  const actions = useItemActions()
  const open = useOpenItem('media')
  const click = useItemClick({ open })
  const openPath = usePathOpen('home')
  const thumbnailsDisabled = loadThumbnailsDisabled.value
  const items = useMemo(
    () => list.files.map((f) => toBrowserFile(f, thumbnailsDisabled)),
    [list.files, thumbnailsDisabled],
  )
  const byId = useMemo(() => new Map(list.files.map((f) => [f._id, f])), [list.files])
  const fileTarget = (file: FileJson): Target => ({ type: 'file', file })
  const target = (id: string): Target => fileTarget(byId.get(id)!)
  const keysFor = useCollectionKeys('media', () => list.files.map(fileTarget))
  const main = mainSection.value
  const selectedIds = multiSelectMode.value ? Object.keys(multiSelectMap.value) : main ? [main.id] : []
  const owners: ReadonlyArray<FilterChipOption> = [
    ...(me ? [{ value: me, label: copy.timeline.me }] : []),
    ...people,
  ].map((p) => ('value' in p ? p : { value: p.id, label: p.name }))

  return (
    <>
      <SearchFilterBar kinds={mediaKinds}>
        {includeShared && owners.length > 0 ? (
          <FilterChips
            label={copy.timeline.person}
            options={owners}
            noneLabel={copy.timeline.everyone}
            value={person ?? null}
            onValueChange={(id) => setMediaPerson(id ?? undefined)}
          />
        ) : null}
      </SearchFilterBar>
      <FileGrid
        title={copy.browser.files}
        actions={
          <SortControl
            fields={sortFields}
            directionlessFields={bestMatch}
            value={sort}
            onValueChange={(value: ListSortBy) => setSearchSort(value)}
            labels={{ sortBy: copy.browser.sortBy, ascending: copy.browser.ascending }}
          />
        }
        view="list"
        items={items}
        thumbnailsDisabled={thumbnailsDisabled}
        loading={list.loading || waiting}
        loadingLabel={copy.loading}
        emptyText={
          <EmptyState
            illustration="search"
            title={copy.browser.noResults(search)}
            description={copy.browser.noResultsHint}
            headingLevel={3}
          />
        }
        selectedIds={selectedIds}
        useWindowScroll
        columnLabels={{
          name: copy.browser.columnName,
          size: copy.browser.columnSize,
          created: copy.browser.columnCreated,
          actions: copy.browser.columnActions,
        }}
        onPathClick={(folderId) => openPath(folderId)}
        actionsLabel={copy.browser.actionsFor}
        menuLabel={copy.browser.itemMenu}
        itemMenu={(item) =>
          menuEntries('file', { area: 'media', role: roleOf(byId.get(item.id)) }, (id) =>
            actions.run(target(item.id), id),
          )
        }
        onItemClick={(item, event) => click(toSelected(target(item.id)), event)}
        onItemOpen={(item) => open(toSelected(target(item.id)))}
        onItemToggle={(item) => toggleMultiSelect(toSelected(target(item.id)))}
        onEndReached={list.loadMore}
        onKeyDown={keysFor((index) => {
          const file = list.files[index]
          return file ? fileTarget(file) : undefined
        })}
      />
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
