// SPEC §2 "Move modal": browse folders (GET move-folder-list, which leaves out the folders being
// moved and everything inside them), pick a destination and Confirm. The call depends on what
// moves: one file, one folder, or the multi-selection (SPEC §7, toasts of §8).
import { MoveDialog, type MoveFolder } from '@cumulus/ui'
import { useSignals } from '@preact/signals-react/runtime'
import { useState } from 'react'
import { useRoute } from 'wouter'
import { moveFile, moveItems, type Item } from '../../api/files.ts'
import { getFolderInfo, moveFolder } from '../../api/folders.ts'
import { copy } from '../../copy-screens.ts'
import { useRefetch } from '../../hooks/use-refetch.ts'
import { useFolderInfo, useMoveFolders } from '../../hooks/use-drive.ts'
import {
  asItems,
  type MoveModal as MoveRequest,
  moveModal,
  multiSelectMap,
  resetMoveModal,
  resetMultiSelect,
} from '../../state/selection.ts'
import { alert } from './dialog-host.tsx'
import { shareTopOf } from '../items/item-role.ts'
import { decodeRouteParam } from '../shell/route-param.ts'
import { type MovedItem, undoAction, undoMove, withPlaces } from '../items/undo.ts'
import { toast, toastRegions } from '../toasts/toasts.tsx'
import { useFormSubmit } from '../forms/use-form-submit.ts'
import { useClosing } from './use-closing.ts'

/** SPEC §7: the destination is a folder id or "/" for Home. */
const ROOT = '/'

const labels = {
  search: copy.move.search,
  searchPlaceholder: copy.move.search,
  back: copy.browser.back,
  home: copy.modals.goHome,
  root: copy.move.home,
  folders: copy.layout.folders,
  loading: copy.modals.loadingFolders,
  empty: copy.browser.noFolders,
  confirm: copy.move.confirm,
}

const summary = (destination: MoveFolder | null) => (destination ? copy.move.to(destination.name) : copy.move.toHome)

const selectedItems = (): Item[] => asItems(Object.values(multiSelectMap.peek()))

/** The folders being moved: they and their descendants are no destination. */
function movedFolderIds(request: MoveRequest): string[] {
  if (request.type === 'folder') return request.folder ? [request.folder._id] : []
  if (request.type === 'multi')
    return selectedItems()
      .filter((item) => item.type === 'folder')
      .map((item) => item.id)
  return []
}

/** What moves, each with the folder it is in (for Undo); undefined when a folder is unknown. */
function movedItems(request: MoveRequest): MovedItem[] | undefined {
  if (request.type === 'file') return withPlaces([{ type: 'file', id: request.file!._id, file: request.file! }])
  if (request.type === 'folder')
    return withPlaces([{ type: 'folder', id: request.folder!._id, folder: request.folder! }])
  return withPlaces(Object.values(multiSelectMap.peek()))
}

/** Runs the move with its §8 toasts, the success one with Undo; rejects when it fails (the toast has said so). */
async function runMove(
  request: MoveRequest,
  items: readonly Item[],
  parentID: string,
  refetch: () => void,
): Promise<unknown> {
  const moved = movedItems(request)
  const options = { action: moved ? () => undoAction(() => undoMove(moved), refetch) : undefined }
  if (request.type === 'file')
    return toast.promise(moveFile(request.file!._id, parentID), copy.toasts.moveFile, options)
  if (request.type === 'folder')
    return toast.promise(moveFolder(request.folder!._id, parentID), copy.toasts.moveFolder, options)
  return toast.promise(moveItems(items, parentID), copy.toasts.moveItems, options)
}

export function MoveModal() {
  useSignals()
  const { shown, opening } = useClosing(moveModal.value)
  if (!shown) return null
  // Keyed by opening: each opening starts at Home with no search.
  return <MoveModalContent key={opening} request={shown} open={moveModal.value !== null} />
}

interface Browsed {
  id: string
  /** Known when entered from the list; after Back it comes from the folder's info. */
  name?: string
}

function MoveModalContent({ request, open }: { request: MoveRequest; open: boolean }) {
  const [browsed, setBrowsed] = useState<Browsed | null>(null)
  const [search, setSearch] = useState('')
  const refetch = useRefetch()
  // currentParent: the folder the browser shows behind the modal ("/" elsewhere).
  const [inFolder, params] = useRoute<{ id: string }>('/folder/:id')
  const routeId = inFolder ? decodeRouteParam(params.id) : null
  const [folderIDs] = useState(() => movedFolderIds(request))

  // In someone else's folder (issue #39) the dialog starts at the shared folder, not Home: a member
  // moves only inside the share (anything else is OUTSIDE_SHARE).
  const routeFolder = useFolderInfo(routeId).folder
  const top = shareTopOf(routeFolder)
  const topInfo = useFolderInfo(top && top !== routeFolder?._id ? top : null).folder
  const root: Browsed | null = top
    ? { id: top, name: top === routeFolder?._id ? routeFolder.name : topInfo?.name }
    : null
  const at = browsed ?? root

  const list = useMoveFolders(
    open
      ? {
          parent: at?.id ?? ROOT,
          search,
          folderIDs,
          currentParent: routeId ?? ROOT,
        }
      : null,
  )
  const info = useFolderInfo(open && at ? at.id : null)
  const current: MoveFolder | null = at ? { id: at.id, name: at.name ?? info.folder?.name ?? '' } : null

  const back = async () => {
    if (!browsed) return
    try {
      const folder = info.folder ?? (await getFolderInfo(browsed.id))
      setBrowsed(folder.parent === ROOT || folder.parent === top ? null : { id: folder.parent })
    } catch (error) {
      console.warn('Folder info failed', error)
    }
  }

  const { busy, act: move } = useFormSubmit({
    run: async (items: readonly Item[], destination: MoveFolder | null) => {
      await runMove(request, items, destination?.id ?? ROOT, refetch.all)
      resetMoveModal()
      if (request.type === 'multi') resetMultiSelect()
      refetch.all()
    },
    failed: (error) => {
      // The toast has said so; the modal stays open for another try.
      console.warn('Move failed', error)
      return ''
    },
    stays: true,
  })

  const confirm = async (destination: MoveFolder | null) => {
    const items = request.type === 'multi' ? selectedItems() : []
    if (request.type === 'multi' && items.length === 0) {
      await alert({ title: copy.prompts.noItemsSelected })
      return
    }
    await move(items, destination)
  }

  return (
    <MoveDialog
      open={open}
      onClose={resetMoveModal}
      folders={list.folders.map((folder) => ({ id: folder._id, name: folder.name }))}
      currentFolder={current}
      loading={list.loading}
      busy={busy}
      multiSelect={request.type === 'multi'}
      onSearch={setSearch}
      onBack={() => void back()}
      onHome={() => {
        setBrowsed(null)
        setSearch('')
      }}
      onEnter={(folder) => setBrowsed(folder)}
      onConfirm={(destination) => void confirm(destination)}
      title={copy.move.title}
      labels={labels}
      summary={summary}
      closeLabel={copy.modals.close}
      getPersistentElements={toastRegions}
    />
  )
}
