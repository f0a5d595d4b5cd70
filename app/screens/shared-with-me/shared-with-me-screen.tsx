// /shared-with-me (issue #39): what other accounts of this server share with the user, paged by
// the server's `next` cursor. Each card says whose it is and the user's role; its date is when it
// was shared.
// A folder opens in the normal browser (/folder/{id}); its crumbs start here. Menus and the
// multi-select bar offer only what the role allows on the shared item itself (never Share).
import { Button, EmptyState, FileGrid, FolderGrid } from '@cumulus/ui'
import { useSignals } from '@preact/signals-react/runtime'
import { css } from 'goober'
import { useEffect, useMemo } from 'react'
import type { FileJson } from '../../api/files.ts'
import type { FolderJson } from '../../api/folders.ts'
import { failureReason } from '../../api/http.ts'
import type { SharedWithMeEntry } from '../../api/members.ts'
import { copy } from '../../copy-screens.ts'
import { toBrowserFile, toBrowserFolder } from '../../features/items/browser-items.ts'
import { menuEntries } from '../../features/items/item-menu.ts'
import { roleOf } from '../../features/items/item-role.ts'
import { type Target, toSelected, useItemActions } from '../../features/items/use-item-actions.ts'
import { selectForMenu, useItemSelection } from '../../features/items/use-item-selection.ts'
import { AppLayout } from '../../features/layout/app-layout.tsx'
import { FileViewer } from '../../features/viewer/file-viewer.tsx'
import { useSharedWithMe } from '../../hooks/use-members.ts'
import { useIsDesktop } from '../../hooks/use-media-query.ts'
import { listView, loadThumbnailsDisabled } from '../../state/preferences.ts'
import {
  mainSection,
  multiSelectMap,
  multiSelectMode,
  resetMultiSelect,
  resetPopupSelect,
  resetSelected,
} from '../../state/selection.ts'
import { vars } from '../../styles.ts'
import { SelectionBar } from '../files/files-screen.tsx'
import { useOpenItem } from '../files/use-open-item.ts'

const t = copy.sharedWithMe

const page = css`
  display: flex;
  flex-direction: column;
  gap: ${vars.space.large};
`

const heading = css`
  margin: 0;
  font-size: ${vars.font.size.xlarge};
`

const intro = css`
  margin: ${vars.space.xsmall} 0 0;
  color: ${vars.color.textMuted};
`

const more = css`
  align-self: center;
`

type FolderEntry = Extract<SharedWithMeEntry, { share: { itemType: 'folder' } }>
type FileEntry = Extract<SharedWithMeEntry, { share: { itemType: 'file' } }>

/**
 * The item as the member sees it, with the entry's owner and role on it: the list's item may
 * leave them out, and the menus and the details panel read them from the item.
 */
const withPeople = <T extends FileJson | FolderJson>(item: T, entry: SharedWithMeEntry): T => ({
  ...item,
  owner: item.owner ?? entry.owner,
  role: item.role ?? entry.share.role,
})

export function SharedWithMeScreen() {
  useSignals()
  const isDesktop = useIsDesktop()
  const list = useSharedWithMe()
  const actions = useItemActions()
  const open = useOpenItem('home')
  const view = listView.value ? 'list' : 'grid'
  const thumbnailsDisabled = loadThumbnailsDisabled.value

  // A new visit starts with nothing selected.
  useEffect(() => {
    resetSelected()
    resetMultiSelect()
    resetPopupSelect()
  }, [])

  // Each card says whose it is and my role; its date is when it was shared with me (the item's
  // own dates stay in the details panel and the viewer).
  const { folders, files, cards } = useMemo(() => {
    const cards = new Map<string, { note: string; sharedAt: string }>()
    const folders: FolderJson[] = []
    const files: FileJson[] = []
    for (const entry of list.entries) {
      // The item's role is the strongest of every share that reaches me (DESIGN.md §8); the entry's
      // share is only the newest of them (Everyone's "Can view" beside my own "Can edit").
      const note = t.note(entry.owner.displayName, copy.people.roles[entry.item.role ?? entry.share.role])
      cards.set(entry.item._id, { note, sharedAt: entry.share.createdAt })
      if (entry.share.itemType === 'folder') folders.push(withPeople((entry as FolderEntry).item, entry))
      else files.push(withPeople((entry as FileEntry).item, entry))
    }
    return { folders, files, cards }
  }, [list.entries])

  const folderById = useMemo(() => new Map(folders.map((f) => [f._id, f])), [folders])
  const fileById = useMemo(() => new Map(files.map((f) => [f._id, f])), [files])
  const folderItems = useMemo(
    () =>
      folders.map((f) => ({
        ...toBrowserFolder(f),
        createdAt: cards.get(f._id)?.sharedAt ?? f.createdAt,
        note: cards.get(f._id)?.note,
        // The note names the owner already: a badge on every card here would say it twice.
        people: undefined,
      })),
    [folders, cards],
  )
  const fileItems = useMemo(
    () =>
      files.map((f) => ({
        ...toBrowserFile(f, thumbnailsDisabled),
        uploadDate: cards.get(f._id)?.sharedAt ?? f.uploadDate,
        note: cards.get(f._id)?.note,
        people: undefined,
      })),
    [files, cards, thumbnailsDisabled],
  )
  const folderTargets = useMemo<Target[]>(() => folders.map((folder) => ({ type: 'folder', folder })), [folders])
  const fileTargets = useMemo<Target[]>(() => files.map((file) => ({ type: 'file', file })), [files])
  const selectable = useMemo(() => [...folderTargets, ...fileTargets].map(toSelected), [folderTargets, fileTargets])
  const selection = useItemSelection(selectable, { open })
  const folderSelection = selection.collectionPropsFrom(0)
  const fileSelection = selection.collectionPropsFrom(folderTargets.length)

  const main = mainSection.value
  const selectedIds = multiSelectMode.value ? Object.keys(multiSelectMap.value) : main ? [main.id] : []
  const folderTarget = (id: string): Target => ({ type: 'folder', folder: folderById.get(id)! })
  const fileTarget = (id: string): Target => ({ type: 'file', file: fileById.get(id)! })
  // Every item here is what was shared itself: a member never renames, moves or trashes it.
  const place = (item: FileJson | FolderJson | undefined) => ({
    area: 'home' as const,
    role: roleOf(item),
    shareTop: true,
  })

  let content
  if (list.error && list.entries.length === 0) {
    content = (
      <EmptyState
        illustration="folder"
        title={t.loadError}
        description={failureReason(list.error)}
        action={
          <Button variant="primary" icon="retry" onClick={list.retry}>
            {t.retry}
          </Button>
        }
      />
    )
  } else if (!list.loading && list.entries.length === 0) {
    content = <EmptyState illustration="folder" title={t.empty} description={t.emptyHint} />
  } else {
    content = (
      <>
        <FolderGrid
          title={t.folders}
          items={folderItems}
          view={view}
          loading={list.loading}
          loadingLabel={copy.loading}
          emptyText={copy.browser.noFolders}
          selectedIds={selectedIds}
          openCue={!isDesktop}
          useWindowScroll
          actionsLabel={copy.browser.actionsFor}
          menuLabel={copy.browser.itemMenu}
          itemMenu={(item) =>
            menuEntries('folder', place(folderById.get(item.id)), (id) => actions.run(folderTarget(item.id), id))
          }
          onItemClick={(item, event) => selection.click(toSelected(folderTarget(item.id)), event)}
          onItemOpen={(item) => open(toSelected(folderTarget(item.id)))}
          onItemToggle={(item) => selection.toggle(toSelected(folderTarget(item.id)))}
          onItemContextMenu={(item) => selectForMenu(toSelected(folderTarget(item.id)))}
          onKeyDown={folderSelection.onKeyDown}
          onFocus={folderSelection.onFocus}
          onPointerDown={folderSelection.onPointerDown}
        />
        <FileGrid
          title={t.files}
          items={fileItems}
          view={view}
          thumbnailsDisabled={thumbnailsDisabled}
          loading={list.loading}
          loadingLabel={copy.loading}
          emptyText={copy.browser.noFiles}
          selectedIds={selectedIds}
          openCue={!isDesktop}
          useWindowScroll
          actionsLabel={copy.browser.actionsFor}
          menuLabel={copy.browser.itemMenu}
          itemMenu={(item) =>
            menuEntries('file', place(fileById.get(item.id)), (id) => actions.run(fileTarget(item.id), id))
          }
          onItemClick={(item, event) => selection.click(toSelected(fileTarget(item.id)), event)}
          onItemOpen={(item) => open(toSelected(fileTarget(item.id)))}
          onItemToggle={(item) => selection.toggle(toSelected(fileTarget(item.id)))}
          onItemContextMenu={(item) => selectForMenu(toSelected(fileTarget(item.id)))}
          onEndReached={list.loadMore}
          onKeyDown={fileSelection.onKeyDown}
          onFocus={fileSelection.onFocus}
          onPointerDown={fileSelection.onPointerDown}
        />
        {list.hasMore ? (
          <Button className={more} onClick={list.loadMore}>
            {t.loadMore}
          </Button>
        ) : null}
        <FileViewer
          files={files}
          hasMore={list.hasMore}
          loadMore={list.loadMore}
          menuItems={(file) => menuEntries('file', place(file), (id) => actions.run({ type: 'file', file }, id))}
        />
      </>
    )
  }

  return (
    <AppLayout area="home" active="sharedWithMe" canAdd={false}>
      <SelectionBar area="home" shareTop />
      <div className={page}>
        <div>
          <h1 className={heading}>{t.title}</h1>
          <p className={intro}>{t.intro}</p>
        </div>
        {content}
      </div>
    </AppLayout>
  )
}
