// The file screens (home, folder, search, trash, media and their searches) in the browser layout,
// with the multi-select bar over them. Escape and every route change clear the selection (SPEC §2).
import { MultiSelectBar } from '@cumulus/ui'
import { useSignals } from '@preact/signals-react/runtime'
import { css } from 'goober'
import { useEffect, useRef } from 'react'
import { isFolderMissing } from '../../api/folders.ts'
import { copy } from '../../copy-screens.ts'
import { canEdit, canShare, roleOf, weakestRole } from '../../features/items/item-role.ts'
import { useItemActions } from '../../features/items/use-item-actions.ts'
import { AppLayout } from '../../features/layout/app-layout.tsx'
import type { Area } from '../../features/layout/areas.ts'
import { useFolderInfo } from '../../hooks/use-drive.ts'
import {
  multiSelectCount,
  multiSelectMap,
  multiSelectMode,
  resetMultiSelect,
  resetPopupSelect,
  resetSelected,
} from '../../state/selection.ts'
import { vars } from '../../styles.ts'
import { BrowserView } from './browser-view.tsx'
import { MediaView } from './media-view.tsx'

const bar = css`
  position: sticky;
  top: calc(${vars.size.header} + ${vars.space.small});
  z-index: 5;
  margin-bottom: ${vars.space.medium};
`

export interface FilesScreenProps {
  area: Area
  /** A folder id (folder routes). */
  folderId?: string
  /** The search text (search routes). */
  search?: string
  /** A search's folder (`?in=`): a folder shared with the caller, searched alone. */
  within?: string
}

/**
 * When the bar goes away under the keyboard (its action emptied the selection), focus would drop to
 * <body>: hand it to the collections' tab stop instead.
 */
function useKeepFocusWhenBarCloses(open: boolean) {
  const wasOpen = useRef(open)
  useEffect(() => {
    if (wasOpen.current && !open) {
      const frame = requestAnimationFrame(() => {
        if (document.activeElement && document.activeElement !== document.body) return
        document.querySelector<HTMLElement>('main [data-collection-item][tabindex="0"], main h2[tabindex]')?.focus()
      })
      wasOpen.current = open
      return () => cancelAnimationFrame(frame)
    }
    wasOpen.current = open
  }, [open])
}

/** The weakest role among the selected items: the bar offers only what it allows for all of them (issue #39). */
const selectionRole = () =>
  weakestRole(Object.values(multiSelectMap.value).map((item) => roleOf(item.file ?? item.folder)))

/** `shareTop`: the selection is of shared items themselves (Shared with me), which a member never moves or trashes. */
export function SelectionBar({ area, shareTop = false }: { area: Area; shareTop?: boolean }) {
  useSignals()
  const actions = useItemActions()
  useKeepFocusWhenBarCloses(multiSelectMode.value)
  if (!multiSelectMode.value) return null
  const role = selectionRole()
  const edits = canEdit(role) && (role === 'owner' || !shareTop)
  return (
    <MultiSelectBar
      className={bar}
      count={multiSelectCount.value}
      onClose={resetMultiSelect}
      inTrash={area === 'trash'}
      inMedia={area === 'media'}
      {...(edits ? { onTrash: () => void actions.trashSelected(), onMove: () => void actions.moveSelected() } : {})}
      onDownload={() => void actions.downloadSelected()}
      {...(canShare(role) ? { onShare: () => void actions.shareSelected() } : {})}
      {...(role === 'owner'
        ? { onRestore: () => void actions.restoreSelected(), onDelete: () => void actions.removeSelected() }
        : {})}
      labels={{
        toolbar: copy.actions.selection,
        selected: copy.actions.selected,
        close: copy.actions.clearSelection,
        trash: copy.actions.trash,
        move: copy.actions.move,
        download: copy.actions.download,
        share: copy.actions.share,
        restore: copy.actions.restore,
        delete: copy.actions.delete,
      }}
    />
  )
}

export function FilesScreen({ area, folderId, search, within }: FilesScreenProps) {
  // A new place starts with nothing selected and no popup left over from the last one.
  useEffect(() => {
    resetSelected()
    resetMultiSelect()
    resetPopupSelect()
  }, [area, folderId, search, within])

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // Dialogs and menus handle their own Escape (and mark it handled).
      if (event.key === 'Escape' && !event.defaultPrevented && multiSelectMode.peek()) resetMultiSelect()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  // The folder on screen, or the one a search covers (`within`).
  const placeId =
    area === 'home' ? (folderId ?? (search ? within : undefined)) : area === 'trash' ? folderId : undefined
  // A folder URL whose folder is gone: ADD NEW and drops refuse up front (BrowserView says why).
  const { folder, error: folderError } = useFolderInfo(placeId)
  // Someone else's folder (issue #39): the sidebar marks Shared with me, and a viewer adds nothing.
  const role = roleOf(folder)
  // Inside a folder shared with the caller, the search box searches that folder (DESIGN §8).
  const searchScope = area === 'home' && folder && role !== 'owner' ? { id: folder._id, name: folder.name } : undefined

  return (
    <AppLayout
      area={area}
      search={search}
      parent={area === 'home' && placeId ? placeId : '/'}
      parentMissing={isFolderMissing(folderError)}
      {...(searchScope ? { searchScope } : {})}
      {...(role === 'owner' ? {} : { active: 'sharedWithMe' as const, canAdd: canEdit(role) })}
    >
      <SelectionBar area={area} />
      {area === 'media' ? (
        <MediaView search={search} />
      ) : (
        <BrowserView
          area={area}
          folderId={folderId}
          search={search}
          {...(search && within && area === 'home' ? { within, sharedScope: !!searchScope } : {})}
        />
      )}
    </AppLayout>
  )
}
