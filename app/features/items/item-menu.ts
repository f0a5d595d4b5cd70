// SPEC §2 "Context menu": which actions an item's menu offers where. Pure, so the visibility rules
// are tested on their own; the screens bind the actions.
import type { MenuEntry } from '@cumulus/ui'
import { copy } from '../../copy-screens.ts'
import { versionsCopy } from '../../copy-versions.ts'
import type { Area } from '../layout/areas.ts'
import { canEdit, canShare, type ItemRole } from './item-role.ts'

export type MenuActionId =
  'rename' | 'move' | 'copy' | 'share' | 'download' | 'versions' | 'trash' | 'restore' | 'delete' | 'multiSelect'

export interface MenuPlace {
  area: Area
  /** The parent bar's menu for the folder being shown (no Multi-select there). */
  parentBar?: boolean
  /** The caller's role on the item (issue #39); defaults to owner. */
  role?: ItemRole
  /** The item is what was shared itself (the top of a member's view): a member never moves, renames or trashes it. */
  shareTop?: boolean
}

/** The actions shown for an item of `kind` at `place`, in menu order. */
export function visibleActions(
  kind: 'file' | 'folder',
  { area, parentBar = false, role = 'owner', shareTop = false }: MenuPlace,
): MenuActionId[] {
  const trash = area === 'trash'
  const media = area === 'media'
  const owner = role === 'owner'
  // A member edits inside a share, never the shared item itself (the server answers OUTSIDE_SHARE).
  const edits = canEdit(role) && (owner || !shareTop)
  const shown: Record<MenuActionId, boolean> = {
    multiSelect: !parentBar,
    rename: !trash && !media && edits,
    move: !trash && !media && edits,
    // Folders too since issue #19 (folder links, file requests); SPEC §2 had files only. Owners only (#39).
    share: !trash && canShare(role),
    download: !trash,
    // A file's earlier contents (ours), from every place a file has a menu: the phone has no
    // details panel, and a file the viewer can't show opens no viewer menu. Viewers may look.
    versions: !trash && kind === 'file',
    // "Make a copy" (ours): files only; a folder copies through WebDAV. The owner's own drive only.
    copy: !trash && kind === 'file' && owner,
    trash: !trash && edits,
    restore: trash && owner,
    delete: trash && owner,
  }
  const order: MenuActionId[] = [
    'multiSelect',
    'rename',
    'share',
    'download',
    'versions',
    'copy',
    'move',
    'trash',
    'restore',
    'delete',
  ]
  return order.filter((id) => shown[id])
}

const icons = {
  multiSelect: 'check',
  rename: 'file',
  share: 'share',
  download: 'download',
  versions: 'restore',
  copy: 'copy',
  move: 'move',
  trash: 'trash',
  restore: 'restore',
  delete: 'trash',
} as const

/** Menu entries for `visibleActions`, each calling `run(id)`. */
export function menuEntries(kind: 'file' | 'folder', place: MenuPlace, run: (id: MenuActionId) => void): MenuEntry[] {
  return visibleActions(kind, place).map((id) => ({
    id,
    label: id === 'versions' ? versionsCopy.action : copy.actions[id],
    icon: icons[id],
    onSelect: () => run(id),
    ...(id === 'delete' ? { tone: 'danger' as const } : {}),
  }))
}
