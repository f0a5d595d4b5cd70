// The home and trash bodies (SPEC §2 "Home page"): Quick Access on the home root, the trash banner,
// the parent bar inside a folder, then the folder grid and the file grid or list with the sort and
// view controls. Search routes list matches across the whole drive (or the whole trash), or inside a
// folder shared with the caller (`within`).
import {
  type BrowserFile,
  type BrowserFolder,
  Button,
  type TrashedInfo,
  EmptyState,
  FileGrid,
  FolderGrid,
  ParentBar,
  SortControl,
  ViewToggle,
} from '@cumulus/ui'
import { useSignals } from '@preact/signals-react/runtime'
import { css } from 'goober'
import { type KeyboardEvent, useMemo } from 'react'
import { useLocation } from 'wouter'
import type { FileJson, Item } from '../../api/files.ts'
import { isFolderMissing } from '../../api/folders.ts'
import { copy } from '../../copy-screens.ts'
import { toBrowserFile, toBrowserFolder } from '../../features/items/browser-items.ts'
import { menuEntries } from '../../features/items/item-menu.ts'
import { canEdit, isShareTop, roleOf } from '../../features/items/item-role.ts'
import { type Target, toSelected, useItemActions } from '../../features/items/use-item-actions.ts'
import { selectForMenu, useItemSelection } from '../../features/items/use-item-selection.ts'
import { placeOf } from '../../features/items/undo.ts'
import type { Area } from '../../features/layout/areas.ts'
import { areas } from '../../features/layout/areas.ts'
import { FileViewer } from '../../features/viewer/file-viewer.tsx'
import { useFolderInfo, useFolderList, useQuickList } from '../../hooks/use-drive.ts'
import { useFileList } from '../../hooks/use-file-list.ts'
import { useUserDetailed } from '../../hooks/use-user-detailed.ts'
import { trashDaysLeft } from '../../features/items/trash-days.ts'
import { useIsDesktop } from '../../hooks/use-media-query.ts'
import { defaultLimit, setSortBy, type SortBy, sortBy, type SortField } from '../../state/filters.ts'
import { type ListSortBy, searchFilterParams, searchSort, setSearchSort } from '../../state/search-filters.ts'
import { SearchFilterBar } from '../../features/search/search-filter-bar.tsx'

import { listView, loadThumbnailsDisabled, setListView } from '../../state/preferences.ts'
import { mainSection, multiSelectMap, multiSelectMode, popupModal } from '../../state/selection.ts'
import { vars } from '../../styles.ts'
import { QuickAccess } from './quick-access.tsx'
import { TrashNotice } from './trash-notice.tsx'
import { useCollectionKeys } from './use-collection-keys.ts'
import { folderRoute, SHARED_WITH_ME_ROUTE, useOpenItem } from './use-open-item.ts'
import { usePathOpen } from './use-path-open.ts'

const section = css`
  margin-bottom: ${vars.space.large};
`

export interface BrowserViewProps {
  area: Extract<Area, 'home' | 'trash'>
  folderId?: string
  search?: string
  /** The folder a search covers (a folder shared with the caller, with its subtree). */
  within?: string
  /** `within` is someone else's: result paths start at the share, under Shared with me. */
  sharedScope?: boolean
}

/** SPEC §2: "Home Folders, Folders, Search, Trash or No Folders, depending on context". */
export function folderTitle(
  area: Area,
  { folderId, search, empty }: { folderId?: string; search?: string; empty: boolean },
) {
  if (empty) return copy.browser.noFolders
  if (search) return copy.browser.searchFolders
  if (folderId) return copy.browser.folders
  return area === 'trash' ? copy.browser.trashFolders : copy.browser.homeFolders
}

/** What an empty view shows (when neither folders nor files are listed): a picture, what is empty, the next step. */
export function emptyView(
  area: Area,
  { folderId, search, phone = false }: { folderId?: string; search?: string; phone?: boolean },
) {
  const b = copy.browser
  // On a phone ADD NEW is hidden in the drawer and nothing is dropped: point at the Upload button.
  const hint = phone ? b.emptyHintPhone : b.emptyHint
  if (search) return { illustration: 'search', title: b.noResults(search), description: b.noResultsHint } as const
  if (area === 'trash') return { illustration: 'trash', title: b.emptyTrash, description: b.emptyTrashHint } as const
  if (folderId) return { illustration: 'folder', title: b.emptyFolder, description: hint } as const
  return { illustration: 'upload', title: b.emptyHome, description: hint } as const
}

/** A trashed item's note: when it was deleted, and its days left when the server deletes trash after `retentionDays`. */
function trashedNote(trashedAt: string | undefined, retentionDays: number | undefined): { trashed?: TrashedInfo } {
  if (!trashedAt) return {}
  const daysLeft = trashDaysLeft(trashedAt, retentionDays)
  return { trashed: daysLeft === undefined ? { at: trashedAt } : { at: trashedAt, daysLeft } }
}

/** A folder URL whose folder is gone or never was: say so, and offer the way home. */
function MissingFolder() {
  const [, navigate] = useLocation()
  return (
    <EmptyState
      illustration="folder"
      title={copy.browser.folderMissing}
      description={copy.browser.folderMissingHint}
      action={
        <Button variant="primary" icon="home" onClick={() => navigate(areas.home.root)}>
          {copy.browser.goHome}
        </Button>
      }
    />
  )
}

/** The sort control's fields: the spec's Modified and Name, then Size and Type. */
const sortFields: ReadonlyArray<{ value: SortField; label: string }> = [
  { value: 'date', label: copy.browser.modified },
  { value: 'alp', label: copy.browser.name },
  { value: 'size', label: copy.browser.size },
  { value: 'type', label: copy.browser.type },
]

/** In search, "Best match" (DESIGN §8) comes first and has no direction. */
const searchSortFields = [{ value: 'relevance' as const, label: copy.search.bestMatch }]

/** SPEC §2: "Home Files or Files". */
export const fileTitle = (area: Area, { folderId, search }: { folderId?: string; search?: string }) =>
  area === 'home' && !folderId && !search ? copy.browser.homeFiles : copy.browser.files

export function BrowserView({ area, folderId, search, within, sharedScope = false }: BrowserViewProps) {
  useSignals()
  const [, navigate] = useLocation()
  const isDesktop = useIsDesktop()
  const trashMode = area === 'trash'
  const parent = search ? within : (folderId ?? '/')
  // Search has its own sort (Best match by default) and filters; Home's stored sort stays as it is.
  const sort: ListSortBy = search ? searchSort.value : sortBy.value
  const setSort = (value: ListSortBy) => (search ? setSearchSort(value) : setSortBy(value as SortBy))
  const query = {
    ...(parent ? { parent } : {}),
    ...(search ? { search, ...searchFilterParams() } : {}),
    sortBy: sort,
    ...(trashMode ? { trashMode: true } : {}),
  }

  const folderList = useFolderList(query)
  const fileList = useFileList(query, defaultLimit)
  const quick = useQuickList(area === 'home' && !folderId && !search)
  const { folder, error: folderError } = useFolderInfo(folderId)
  const actions = useItemActions()
  const open = useOpenItem(area)
  const thumbnailsDisabled = loadThumbnailsDisabled.value
  // Search results are always rows: each says where it is and, for a content match, why.
  const view = search || listView.value ? 'list' : 'grid'
  const openPath = usePathOpen(area, sharedScope ? SHARED_WITH_ME_ROUTE : undefined)

  const folderById = useMemo(() => new Map(folderList.folders.map((f) => [f._id, f])), [folderList.folders])
  const fileById = useMemo(() => new Map(fileList.files.map((f) => [f._id, f])), [fileList.files])
  // In the trash, each item says how long it has left (user-detailed carries the retention).
  const retentionDays = useUserDetailed(trashMode).data?.trashRetentionDays
  const folderItems = useMemo(
    () =>
      folderList.folders.map((f) => ({
        ...toBrowserFolder(f),
        ...(trashMode ? trashedNote(f.trashedAt, retentionDays) : {}),
      })),
    [folderList.folders, trashMode, retentionDays],
  )
  const fileItems = useMemo(
    () =>
      fileList.files.map((f) => ({
        ...toBrowserFile(f, thumbnailsDisabled),
        ...(trashMode ? trashedNote(f.metadata.trashedAt, retentionDays) : {}),
      })),
    [fileList.files, thumbnailsDisabled, trashMode, retentionDays],
  )
  const folderTargets = useMemo<Target[]>(
    () => folderList.folders.map((f) => ({ type: 'folder', folder: f })),
    [folderList.folders],
  )
  const fileTargets = useMemo<Target[]>(() => fileList.files.map((f) => ({ type: 'file', file: f })), [fileList.files])
  const keysFor = useCollectionKeys(area)
  // Folders, then files: one selection over both lists, so a Shift range or Ctrl+A spans them.
  const selectable = useMemo(() => [...folderTargets, ...fileTargets].map(toSelected), [folderTargets, fileTargets])
  const selection = useItemSelection(selectable, { open })
  const folderSelection = selection.collectionPropsFrom(0)
  const fileSelection = selection.collectionPropsFrom(folderTargets.length)
  const withSelectionKeys =
    (selectionKeys: (event: KeyboardEvent<HTMLElement>) => void, keys: (event: KeyboardEvent<HTMLElement>) => void) =>
    (event: KeyboardEvent<HTMLElement>) => {
      selectionKeys(event)
      keys(event)
    }

  const main = mainSection.value
  const selectedIds = multiSelectMode.value
    ? Object.keys(multiSelectMap.value)
    : main && main.type !== 'quick-item'
      ? [main.id]
      : []

  // Someone else's folder (issue #39): the crumbs start at Shared with me, and the role decides.
  const folderRole = roleOf(folder)
  const member = folderRole !== 'owner'
  // Drag to move (outside trash): a selected item drags the whole selection along; folders and
  // the parent bar's back arrow and root crumb take the drop. Keyboard users keep the move dialog.
  const movable = !trashMode && canEdit(folderRole)
  const dragIds = (item: { id: string }) =>
    selectedIds.length > 1 && selectedIds.includes(item.id) ? selectedIds : [item.id]
  // Each with the folder it is in, so the move's Undo can put it back.
  const itemsOf = (ids: readonly string[]): Array<Item & { from?: string }> =>
    ids.map((id) => {
      const folder = folderById.get(id)
      const from = placeOf({ folder, file: fileById.get(id), ...multiSelectMap.peek()[id] })
      return {
        id,
        type: folder || multiSelectMap.peek()[id]?.type === 'folder' ? 'folder' : 'file',
        ...(from !== undefined ? { from } : {}),
      }
    })
  const dropInto = (parentID: string, ids: readonly string[]) => void actions.moveDropped(itemsOf(ids), parentID)
  const folderTarget = (item: BrowserFolder): Target => ({ type: 'folder', folder: folderById.get(item.id)! })
  const fileTarget = (item: BrowserFile): Target => ({ type: 'file', file: fileById.get(item.id)! })
  // Each item says the caller's role on it (the server's `owner` and `role`).
  const folderPlace = (item: BrowserFolder) => ({ area, role: roleOf(folderById.get(item.id)) })
  const filePlace = (file: FileJson | undefined) => ({ area, role: roleOf(file) })

  const rootRoute = member ? SHARED_WITH_ME_ROUTE : areas[area].root
  const parentBar = folderId ? (
    <ParentBar
      folderName={folder?.name ?? ''}
      root={area === 'trash' ? 'trash' : 'home'}
      onBack={() =>
        navigate(folder && folder.parent !== '/' && !isShareTop(folder) ? folderRoute(area, folder.parent) : rootRoute)
      }
      onRootClick={() => navigate(rootRoute)}
      menuItems={
        folder
          ? menuEntries('folder', { area, parentBar: true, role: folderRole, shareTop: isShareTop(folder) }, (id) =>
              actions.run({ type: 'folder', folder }, id, { fromParentBar: true }),
            )
          : undefined
      }
      {...(movable && folder && !member
        ? { onItemsDrop: (at: 'parent' | 'root', ids: string[]) => dropInto(at === 'root' ? '/' : folder.parent, ids) }
        : {})}
      labels={{
        nav: copy.browser.breadcrumb,
        back: copy.browser.back,
        home: member ? copy.sharedWithMe.nav : copy.layout.home,
        trash: copy.layout.trash,
        menu: copy.browser.folderActions,
      }}
    />
  ) : null

  const controls = (
    <>
      <SortControl
        fields={sortFields}
        {...(search ? { directionlessFields: searchSortFields } : {})}
        value={sort}
        onValueChange={setSort}
        labels={{ sortBy: copy.browser.sortBy, ascending: copy.browser.ascending }}
      />
      {search ? null : (
        <ViewToggle
          value={view}
          onValueChange={(next) => setListView(next === 'list')}
          labels={{ group: copy.browser.view, grid: copy.browser.gridView, list: copy.browser.listView }}
        />
      )}
    </>
  )
  const columnSort = { value: sort, onValueChange: (value: string) => setSort(value as SortBy) }
  const pathProps = search
    ? {
        onPathClick: (folderId: string | undefined) => openPath(folderId),
        pathRoot: sharedScope ? ('shared' as const) : trashMode ? ('trash' as const) : ('home' as const),
      }
    : {}
  const columnLabels = {
    name: copy.browser.columnName,
    size: copy.browser.columnSize,
    created: copy.browser.columnCreated,
    actions: copy.browser.columnActions,
  }
  const viewerFiles: readonly FileJson[] = popupModal.value?.type === 'quick-item' ? quick.files : fileList.files
  // Both lists loaded and empty: the file list's place shows the empty state (the folder grid keeps its "No Folders").
  const nothingHere = !folderList.loading && !fileList.loading && folderItems.length === 0 && fileItems.length === 0
  const shown = emptyView(area, { folderId, search, phone: !isDesktop })
  // A viewer adds nothing here: no hint to upload (issue #39).
  const empty = canEdit(folderRole) ? shown : { ...shown, description: copy.sharedWithMe.viewOnly }

  if (folderId && isFolderMissing(folderError)) return <MissingFolder />

  return (
    <>
      {area === 'home' && !folderId && !search ? <QuickAccess /> : null}
      {/* "Empty trash" on the trash root only: inside a folder or a search it would reach past what is shown. */}
      {area === 'trash' ? (
        <TrashNotice
          retentionDays={retentionDays}
          canEmpty={!folderId && !search && !nothingHere}
          counts={{ files: fileItems.length, folders: folderItems.length, moreFiles: fileList.hasMore }}
        />
      ) : null}
      {parentBar}
      {search ? <SearchFilterBar /> : null}
      <FolderGrid
        className={section}
        title={folderTitle(area, { folderId, search, empty: !folderList.loading && folderItems.length === 0 })}
        items={folderItems}
        view={view}
        loading={folderList.loading}
        loadingLabel={copy.loading}
        selectedIds={selectedIds}
        // Touch: a first tap selects, so the selected card says a second one opens it.
        openCue={!isDesktop}
        useWindowScroll
        columnLabels={columnLabels}
        columnSort={columnSort}
        {...pathProps}
        actionsLabel={copy.browser.actionsFor}
        menuLabel={copy.browser.itemMenu}
        itemMenu={(item) => menuEntries('folder', folderPlace(item), (id) => actions.run(folderTarget(item), id))}
        onItemClick={(item, event) => selection.click(toSelected(folderTarget(item)), event)}
        onItemOpen={(item) => open(toSelected(folderTarget(item)))}
        onItemToggle={(item) => selection.toggle(toSelected(folderTarget(item)))}
        onItemContextMenu={(item) => selectForMenu(toSelected(folderTarget(item)))}
        {...(movable
          ? { getDragIds: dragIds, onItemsDrop: (item: BrowserFolder, ids: string[]) => dropInto(item.id, ids) }
          : {})}
        onKeyDown={withSelectionKeys(
          folderSelection.onKeyDown,
          keysFor((index) => folderTargets[index]),
        )}
        onFocus={folderSelection.onFocus}
        onPointerDown={folderSelection.onPointerDown}
      />
      <FileGrid
        className={section}
        title={fileTitle(area, { folderId, search })}
        actions={controls}
        items={fileItems}
        view={view}
        thumbnailsDisabled={thumbnailsDisabled}
        loading={fileList.loading}
        loadingLabel={copy.loading}
        emptyText={nothingHere ? <EmptyState {...empty} headingLevel={3} /> : copy.browser.noFiles}
        selectedIds={selectedIds}
        openCue={!isDesktop}
        useWindowScroll
        columnLabels={columnLabels}
        columnSort={columnSort}
        {...pathProps}
        actionsLabel={copy.browser.actionsFor}
        menuLabel={copy.browser.itemMenu}
        itemMenu={(item) =>
          menuEntries('file', filePlace(fileById.get(item.id)), (id) => actions.run(fileTarget(item), id))
        }
        onItemClick={(item, event) => selection.click(toSelected(fileTarget(item)), event)}
        onItemOpen={(item) => open(toSelected(fileTarget(item)))}
        onItemToggle={(item) => selection.toggle(toSelected(fileTarget(item)))}
        onItemContextMenu={(item) => selectForMenu(toSelected(fileTarget(item)))}
        {...(movable ? { getDragIds: dragIds } : {})}
        onEndReached={fileList.loadMore}
        onKeyDown={withSelectionKeys(
          fileSelection.onKeyDown,
          keysFor((index) => fileTargets[index]),
        )}
        onFocus={fileSelection.onFocus}
        onPointerDown={fileSelection.onPointerDown}
      />
      <FileViewer
        files={viewerFiles}
        hasMore={popupModal.value?.type === 'quick-item' ? false : fileList.hasMore}
        loadMore={fileList.loadMore}
        menuItems={(file) => menuEntries('file', filePlace(file), (id) => actions.run({ type: 'file', file }, id))}
      />
    </>
  )
}
