// Undo of a trash, move or rename: the success toast's action, while the toast shows. Each puts
// back what the change did, through the same routes (restore, move, rename); a failed undo (the
// old name taken meanwhile, a folder gone) says why in an error toast and leaves the rest as it is.
import type { ToastAction } from '@cumulus/ui'
import { type Item, moveFile, moveItems, renameFile, type RestoreReply, restoreFiles } from '../../api/files.ts'
import { moveFolder, renameFolder } from '../../api/folders.ts'
import { failureReason } from '../../api/http.ts'
import { copy } from '../../copy-screens.ts'
import type { SelectedItem } from '../../state/selection.ts'
import { toaster } from '../toasts/toasts.tsx'

/** An item as a move found it: `from` is the folder it was in ("/" for Home). */
export interface MovedItem extends Item {
  from: string
}

/** The folder a listed item sits in ("/" for Home), when its record is known. */
export const placeOf = (item: Pick<SelectedItem, 'file' | 'folder'>): string | undefined =>
  item.file?.metadata.parent ?? item.folder?.parent

/** Items with their folders, or undefined when any folder is unknown (no Undo is offered then). */
export function withPlaces(items: readonly SelectedItem[]): MovedItem[] | undefined {
  const moved: MovedItem[] = []
  for (const item of items) {
    const from = placeOf(item)
    if (from === undefined) return undefined
    moved.push({ id: item.id, type: item.type === 'folder' ? 'folder' : 'file', from })
  }
  return moved
}

/** Undoes a trash: one restore of every item, each back in its folder (or Home when that is gone). */
export const undoTrash = (items: readonly Item[]) => restoreFiles(items)

/** Undoes a move: every item back to the folder it came from, one call per folder. */
export async function undoMove(items: readonly MovedItem[]): Promise<void> {
  const byFolder = new Map<string, Item[]>()
  for (const { from, ...item } of items) byFolder.set(from, [...(byFolder.get(from) ?? []), item])
  for (const [from, group] of byFolder) {
    const [only] = group
    if (group.length > 1) await moveItems(group, from)
    else if (only?.type === 'folder') await moveFolder(only.id, from)
    else if (only) await moveFile(only.id, from)
  }
}

/** Undoes a rename: the item takes its old name back. */
export const undoRename = (item: Item, name: string) =>
  item.type === 'folder' ? renameFolder(item.id, name) : renameFile(item.id, name)

const isRestoreReply = (value: unknown): value is RestoreReply =>
  typeof (value as RestoreReply | undefined)?.toHome === 'number'

/**
 * The toast action "Undo": runs `undo` with its own toasts ("Undoing...", then "Undone", or why it
 * failed), then `after` (a refetch) either way, since part of a multi-folder move may be back.
 */
export const undoAction = (undo: () => Promise<unknown>, after: () => void): ToastAction => ({
  label: copy.toasts.undo,
  onClick: () => {
    const id = toaster.show(copy.toasts.undoing, 'pending')
    undo().then(
      (reply) => {
        // An undone trash whose folder went to the trash meanwhile lands in Home: say so.
        const home = isRestoreReply(reply) ? reply.toHome : 0
        toaster.update(id, {
          message: home > 0 ? copy.toasts.restoredToHome(home) : copy.toasts.undone,
          tone: 'success',
        })
        after()
      },
      (error: unknown) => {
        console.warn('Undo failed', error)
        toaster.update(id, { message: copy.toasts.undoFailed(failureReason(error)), tone: 'error' })
        after()
      },
    )
  },
})
