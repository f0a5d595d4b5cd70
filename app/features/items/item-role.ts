// What the caller may do to an item (DESIGN.md §8 "Sharing between accounts"): the server sends
// `owner` and `role` when the caller is a member, not the owner. Menus, the multi-select bar, ADD
// NEW and the share dialogs offer only what the role allows, so no button answers 403.
import type { FileJson } from '../../api/files.ts'
import type { FolderJson } from '../../api/folders.ts'

export type ItemRole = 'owner' | 'editor' | 'viewer'

type People = Pick<FileJson, 'owner' | 'role'>

/** The caller's role on an item: owner unless the server named another owner. */
export const roleOf = (item: People | undefined | null): ItemRole =>
  item?.owner ? (item.role === 'editor' ? 'editor' : 'viewer') : 'owner'

/** Uploads, new folders, renames, moves inside and trash. */
export const canEdit = (role: ItemRole) => role !== 'viewer'

/** Restoring and deleting a file's versions: owner and editor; a viewer lists and downloads them. */
export const canChangeVersions = (role: ItemRole) => role !== 'viewer'

/** Sharing, links and delete forever are the owner's. */
export const canShare = (role: ItemRole) => role === 'owner'

/** The weakest role among items (a multi-selection is as strong as its weakest item). */
export function weakestRole(roles: Iterable<ItemRole>): ItemRole {
  let weakest: ItemRole = 'owner'
  for (const role of roles) {
    if (role === 'viewer') return 'viewer'
    if (role === 'editor') weakest = 'editor'
  }
  return weakest
}

/**
 * The id of the shared folder a member's view of `folder` starts at: its parentList is "/" (the
 * top of Shared with me), then the shared folder's id; the shared folder itself has just "/".
 * Undefined for the caller's own folders.
 */
export const shareTopOf = (folder: FolderJson | undefined): string | undefined =>
  folder?.owner ? (folder.parentList[1] ?? folder._id) : undefined

/** Whether `folder` is the shared folder itself, as a member sees it (the top of its share). */
export const isShareTop = (folder: FolderJson | undefined) =>
  Boolean(folder?.owner) && shareTopOf(folder) === folder?._id
