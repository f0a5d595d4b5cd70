// What the context menu, the multi-select bar, the parent bar and the keyboard do to items (SPEC §4
// lifecycle, §5 prompts, §8 confirmations and toasts). Writes are api calls followed by a refetch;
// failures show the error toast and are logged (SPEC §8).
import { useMemo } from 'react'
import { useLocation } from 'wouter'
import {
  copyFile,
  downloadFile,
  type FileJson,
  type Item,
  moveFile,
  moveItems,
  removeFile,
  removeFiles,
  renameFile,
  restoreFile,
  restoreFiles,
  trashFile,
  trashFiles,
} from '../../api/files.ts'
import {
  type FolderJson,
  moveFolder,
  removeFolder,
  renameFolder,
  restoreFolder,
  trashFolder,
  zipDownloadUrl,
} from '../../api/folders.ts'
import { refreshToken } from '../../api/http.ts'
import { navigateAway } from '../../api/navigate.ts'
import { copy } from '../../copy-screens.ts'
import { useRefetch } from '../../hooks/use-refetch.ts'
import {
  asItems,
  mainSection,
  multiSelectMap,
  resetMultiSelect,
  resetSelected,
  type SelectedItem,
  setFolderShareSelected,
  setMoveModal,
  setMultiShareModal,
  setShareSelected,
  setVersionsModal,
  toggleMultiSelect,
} from '../../state/selection.ts'
import { alert, confirm, prompt } from '../dialogs/dialog-host.tsx'
import { toast } from '../toasts/toasts.tsx'
import type { MenuActionId } from './item-menu.ts'
import { roleOf } from './item-role.ts'
import { type MovedItem, undoAction, undoMove, undoRename, undoTrash } from './undo.ts'

/** A file or a folder, as menus and actions see it. */
export type Target = { type: 'file'; file: FileJson } | { type: 'folder'; folder: FolderJson }

export const targetId = (target: Target) => (target.type === 'file' ? target.file._id : target.folder._id)
export const targetName = (target: Target) => (target.type === 'file' ? target.file.filename : target.folder.name)

/** The selection entry of a target (what multi-select and the details panel keep). */
export const toSelected = (target: Target): SelectedItem =>
  target.type === 'file'
    ? { type: 'file', id: target.file._id, file: target.file }
    : { type: 'folder', id: target.folder._id, folder: target.folder }

/** SPEC §4: acting on a folder from the parent bar goes to the trash view of its parent. */
export const parentTrashRoute = (folder: FolderJson) =>
  folder.parent === '/' ? '/trash' : `/folder-trash/${encodeURIComponent(folder.parent)}`

type ToastTexts = { pending: string; success: string; error: string }

/** The record behind a target, for its role. */
const recordOf = (target: Target) => (target.type === 'file' ? target.file : target.folder)

/** Only the owner restores from the trash: a member's trash has no Undo (it would be refused). */
const ownsAll = (items: readonly SelectedItem[]) => items.every((i) => roleOf(i.file ?? i.folder) === 'owner')

/** After a restore: a note when some items went to Home because their folder is gone or trashed. */
const noteHome = (reply: unknown) => {
  const home = (reply as { toHome?: unknown } | undefined)?.toHome
  if (typeof home === 'number' && home > 0) toast.info(copy.toasts.restoredToHome(home))
}

const logged = (what: string) => (error: unknown) => console.warn(`${what} failed`, error)

async function startZip(folderIDs: readonly string[], fileIDs: readonly string[]) {
  // The download is a navigation: make sure the access cookie is fresh first (SPEC §7).
  await refreshToken().catch(() => undefined)
  navigateAway(zipDownloadUrl(folderIDs, fileIDs))
}

export interface ActionOptions {
  /** Started from the parent bar: trash, delete and restore then navigate to the trash (SPEC §4). */
  fromParentBar?: boolean
}

export function useItemActions() {
  const refetch = useRefetch()
  const [, navigate] = useLocation()

  return useMemo(() => {
    /** After an item leaves the view: drop it from the selection, refetch everything. */
    const gone = (ids: readonly string[]) => {
      if (mainSection.peek() && ids.includes(mainSection.peek()!.id)) resetSelected()
      resetMultiSelect()
      refetch.all()
    }

    const rename = async (target: Target) => {
      const current = targetName(target)
      const title = target.type === 'file' ? copy.prompts.renameFile : copy.prompts.renameFolder
      // The prompt stays open until the server accepts the name, and shows its reason if it refuses.
      const send = async (name: string) => {
        const next = name.trim()
        if (next === current) return
        const call = target.type === 'file' ? renameFile(target.file._id, next) : renameFolder(target.folder._id, next)
        const item = { id: targetId(target), type: target.type }
        await toast
          .promise(call, copy.toasts.rename, {
            action: () => undoAction(() => undoRename(item, current), refetch.all),
          })
          .catch((error: unknown) => {
            logged('Rename')(error)
            throw error
          })
        const main = mainSection.peek()
        if (main?.id === targetId(target)) resetSelected()
        refetch.all()
      }
      await prompt({ title, defaultValue: current, selectStem: target.type === 'file', submit: send })
    }

    /** Trash, restore or delete one item after its question (SPEC §8), then leave the view it was in. */
    const lifecycle =
      (
        question: (target: Target) => { title: string; text?: string; danger?: boolean },
        call: (target: Target) => Promise<unknown>,
        toasts: ToastTexts,
        what: string,
        undo?: (target: Target) => (() => Promise<unknown>) | undefined,
      ) =>
      async (target: Target, { fromParentBar = false }: ActionOptions = {}) => {
        if (!(await confirm(question(target)))) return
        const undoing = undo?.(target)
        const action = undoing ? () => undoAction(undoing, refetch.all) : undefined
        await toast.promise(call(target), toasts, { action }).then((reply) => {
          noteHome(reply)
          gone([targetId(target)])
          if (fromParentBar && target.type === 'folder') navigate(parentTrashRoute(target.folder))
        }, logged(what))
      }

    const trash = lifecycle(
      () => copy.confirm.trash,
      (target) => (target.type === 'file' ? trashFile(target.file._id) : trashFolder(target.folder._id)),
      copy.toasts.trash,
      'Trash',
      (target) =>
        roleOf(recordOf(target)) === 'owner'
          ? () => undoTrash([{ id: targetId(target), type: target.type }])
          : undefined,
    )
    const restore = lifecycle(
      () => copy.confirm.restoreItem,
      (target) => (target.type === 'file' ? restoreFile(target.file._id) : restoreFolder(target.folder._id)),
      copy.toasts.restore,
      'Restore',
    )
    const remove = lifecycle(
      (target) => ({ ...(target.type === 'file' ? copy.confirm.deleteFile : copy.confirm.deleteFolder), danger: true }),
      (target) => (target.type === 'file' ? removeFile(target.file._id) : removeFolder(target.folder._id)),
      copy.toasts.delete,
      'Delete',
    )

    const download = (target: Target) =>
      target.type === 'file' ? void downloadFile(target.file._id) : void startZip([target.folder._id], [])

    const move = (target: Target) =>
      setMoveModal(
        target.type === 'file' ? { type: 'file', file: target.file } : { type: 'folder', folder: target.folder },
      )

    const share = (target: Target) => {
      if (target.type === 'file') setShareSelected(target.file)
      else setFolderShareSelected(target.folder)
    }

    const multiSelect = (target: Target) => toggleMultiSelect(toSelected(target))

    /** The current multi-selection, or the "No items selected" dialog when it is empty (SPEC §5). */
    const selection = async (): Promise<SelectedItem[] | null> => {
      const items = Object.values(multiSelectMap.peek())
      if (items.length > 0) return items
      await alert({ title: copy.prompts.noItemsSelected })
      return null
    }

    const trashSelected = async () => {
      const items = await selection()
      if (!items || !(await confirm(copy.confirm.trash))) return
      const trashed = asItems(items)
      const action = ownsAll(items) ? () => undoAction(() => undoTrash(trashed), refetch.all) : undefined
      await toast
        .promise(trashFiles(trashed), copy.toasts.trash, { action })
        .then(() => gone(items.map((i) => i.id)), logged('Trash'))
    }

    const restoreSelected = async () => {
      const items = await selection()
      if (!items || !(await confirm(copy.confirm.restoreItems))) return
      await toast.promise(restoreFiles(asItems(items)), copy.toasts.restore).then((reply) => {
        noteHome(reply)
        gone(items.map((i) => i.id))
      }, logged('Restore'))
    }

    const removeSelected = async () => {
      const items = await selection()
      if (!items || !(await confirm({ ...copy.confirm.deleteItems, danger: true }))) return
      await toast
        .promise(removeFiles(asItems(items)), copy.toasts.delete)
        .then(() => gone(items.map((i) => i.id)), logged('Delete'))
    }

    const downloadSelected = async () => {
      const items = await selection()
      if (!items) return
      const folders = items.filter((i) => i.type === 'folder').map((i) => i.id)
      const files = items.filter((i) => i.type !== 'folder').map((i) => i.id)
      await startZip(folders, files)
    }

    /** "Make a copy": the copy appears beside the original once the lists refetch. */
    const makeCopy = async (target: Target) => {
      if (target.type !== 'file') return
      await toast.promise(copyFile(target.file._id), copy.toasts.copy).then(() => refetch.all(), logged('Copy'))
    }

    /**
     * Items dragged onto a folder or a crumb: moved there with the move dialog's toasts (one file,
     * one folder, or several), and the same errors when the server refuses (a folder into itself).
     * Items whose folder is known (`from`) can be moved back with the toast's Undo.
     */
    const moveDropped = async (items: ReadonlyArray<Item & { from?: string }>, parentID: string) => {
      const [only] = items
      if (!only) return
      const moved = items.every((i) => i.from !== undefined) ? (items as readonly MovedItem[]) : undefined
      const plain = items.map(({ id, type }) => ({ id, type }))
      const options = { action: moved ? () => undoAction(() => undoMove(moved), refetch.all) : undefined }
      const call =
        items.length > 1
          ? toast.promise(moveItems(plain, parentID), copy.toasts.moveItems, options)
          : only.type === 'folder'
            ? toast.promise(moveFolder(only.id, parentID), copy.toasts.moveFolder, options)
            : toast.promise(moveFile(only.id, parentID), copy.toasts.moveFile, options)
      await call.then(() => gone(items.map((i) => i.id)), logged('Move'))
    }

    const moveSelected = async () => {
      if (await selection()) setMoveModal({ type: 'multi' })
    }

    /** The multi-select bar's Share (issue #39): one person, one role, every selected item. */
    const shareSelected = async () => {
      if (await selection()) setMultiShareModal(true)
    }

    const run = (target: Target, id: MenuActionId, options?: ActionOptions) => {
      const actions: Record<MenuActionId, () => unknown> = {
        rename: () => rename(target),
        move: () => move(target),
        copy: () => makeCopy(target),
        share: () => share(target),
        download: () => download(target),
        versions: () => target.type === 'file' && setVersionsModal(target.file),
        trash: () => trash(target, options),
        restore: () => restore(target, options),
        delete: () => remove(target, options),
        multiSelect: () => multiSelect(target),
      }
      void actions[id]()
    }

    return {
      rename,
      trash,
      restore,
      remove,
      download,
      move,
      makeCopy,
      moveDropped,
      share,
      multiSelect,
      trashSelected,
      restoreSelected,
      removeSelected,
      downloadSelected,
      moveSelected,
      shareSelected,
      run,
    }
  }, [refetch, navigate])
}
