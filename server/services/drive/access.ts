// Who may do what to an item (DESIGN.md §8 "Sharing between accounts"): its owner, or a member
// share on it or on a folder above it, the strongest role winning. Every route that takes an id
// asks here first and then calls the drive's services with the owner's id this returns, so every
// read below stays scoped to one owner as before. A check reads the item's row by id (owner and
// path), and only when the caller is not the owner the shares on that path: O(depth) probes of
// one index, never a walk of the drive.
//
// An id the caller cannot reach answers 404, as a foreign id always did (no existence oracle):
// strangers, trashed items of someone else, shares ended, owners disabled. A member who can see
// an item but whose role leaves the act out gets 403, naming why.
import { errors } from '../../errors.ts'
import type { MemberRole } from '../../db/schema.ts'
import type { ItemPath, ItemPathsRepository } from '../../repositories/item-paths.ts'
import { type MemberSharesRepository, strongerRole } from '../../repositories/member-shares.ts'

/** What the act needs: to see the item, to change it, or to be its owner. */
export type Need = 'view' | 'edit' | 'own'
export type Role = 'owner' | MemberRole

export interface Person {
  _id: string
  displayName: string
}

/** What the caller reaches an item as. */
export interface Reach {
  /** The item's owner: every service call after the check runs with this id. */
  ownerId: string
  role: Role
  /** The caller, for `addedBy` on what they put in. */
  callerId: string
  /** For a member: the owner, shown on the item, and the owner's drive version (the list cache's key). */
  owner?: Person & { driveVersion: number }
  /**
   * For a member: the id where their view of the owner's drive starts (the topmost shared item on
   * the path). Breadcrumbs start there; an editor may not move or trash it.
   */
  topId?: string
  /** For a member: every id on the path that carries a share they receive (each stays where its owner put it). */
  grantIds?: readonly string[]
}

/** The ids on an item's path, root first, ending with the item. */
export const pathIds = (p: Pick<ItemPath, 'ancestors' | 'id'>): string[] => [
  ...p.ancestors.split('/').filter(Boolean),
  p.id,
]

export interface AccessDeps {
  paths: ItemPathsRepository
  shares: MemberSharesRepository
}

export function createAccess({ paths, shares }: AccessDeps) {
  function allow(reach: Reach, need: Need): Reach {
    if (need === 'own' && reach.role !== 'owner') throw errors.ownerOnly()
    if (need === 'edit' && reach.role === 'viewer') throw errors.viewOnlyShare()
    return reach
  }

  /** The caller's reach on an item found at `path`, or 404. */
  async function reachOf(callerId: string, path: ItemPath | undefined, missing: 'File' | 'Folder'): Promise<Reach> {
    if (!path) throw errors.notFound(missing)
    if (path.ownerId === callerId) return { ownerId: callerId, role: 'owner', callerId }
    // Someone else's trash is theirs alone.
    if (path.trashed) throw errors.notFound(missing)
    const ids = pathIds(path)
    const found = await shares.onPath(path.ownerId, ids, callerId)
    if (found.length === 0) throw errors.notFound(missing)
    let role: MemberRole = 'viewer'
    for (const s of found) role = strongerRole(role, s.role)
    const granted = new Set(found.map((s) => s.item_id))
    const topId = ids.find((id) => granted.has(id))!
    const owner = (await paths.people([path.ownerId])).get(path.ownerId)
    if (!owner) throw errors.notFound(missing)
    return {
      ownerId: path.ownerId,
      role,
      callerId,
      topId,
      grantIds: [...granted],
      owner: { _id: owner.id, displayName: owner.display_name, driveVersion: owner.drive_version },
    }
  }

  /** A member's destination: a folder of the same owner they may edit (403 OUTSIDE_SHARE otherwise, Home included). */
  async function editableByMember(reach: Reach, destId: string): Promise<void> {
    if (destId === '/' || destId === '') throw errors.outsideShare()
    const dest = await access.folder(reach.callerId, destId, 'view').catch(() => {
      throw errors.outsideShare()
    })
    if (dest.ownerId !== reach.ownerId || dest.role !== 'editor') throw errors.outsideShare()
  }

  const access = {
    allow,
    file: async (callerId: string, id: string, need: Need): Promise<Reach> =>
      allow(await reachOf(callerId, await paths.file(id), 'File'), need),
    folder: async (callerId: string, id: string, need: Need): Promise<Reach> =>
      allow(await reachOf(callerId, await paths.folder(id), 'Folder'), need),
    /** A thumbnail id names one file's image: reach it through that file. */
    thumbnail: async (callerId: string, thumbnailId: string): Promise<Reach> =>
      allow(await reachOf(callerId, await paths.fileByThumbnail(thumbnailId), 'File'), 'view'),
    /** Where something is put: Home (absent, "/" or "") is the caller's own; else a folder they may edit. */
    async parent(callerId: string, parentId: string | undefined, need: Need = 'edit'): Promise<Reach> {
      if (parentId === undefined || parentId === '/' || parentId === '')
        return { ownerId: callerId, role: 'owner', callerId }
      return access.folder(callerId, parentId, need)
    },
    /** One item by kind ('quick-item' is a file, as the spec's multi-select sends it). */
    item: (callerId: string, item: { id: string; type: string }, need: Need): Promise<Reach> =>
      item.type === 'folder' ? access.folder(callerId, item.id, need) : access.file(callerId, item.id, need),
    /**
     * Several items acted on at once: all of one owner (a multi-select spans one drive), each
     * reachable so. The weakest role of them is the reach.
     */
    async items(callerId: string, items: ReadonlyArray<{ id: string; type: string }>, need: Need): Promise<Reach> {
      let reach: Reach | undefined
      for (const item of items) {
        const r = await access.item(callerId, item, need)
        if (reach && r.ownerId !== reach.ownerId) throw errors.notFound('Item')
        if (!reach || r.role === 'viewer') reach = r
      }
      return reach!
    },
    /**
     * Moving or trashing what a member reaches: never the shared item itself (that is the owner's
     * place to change), and for a move, only to a folder of the same owner the caller may edit.
     */
    async movable(reach: Reach, itemId: string, destId?: string): Promise<void> {
      if (reach.role === 'owner') {
        if (destId !== undefined) {
          const dest = await access.parent(reach.callerId, destId, 'edit')
          // The owner moves within their own drive; a folder shared with them is someone else's.
          if (dest.ownerId !== reach.ownerId) throw errors.notFound('Folder')
        }
        return
      }
      if (reach.topId === itemId || reach.grantIds?.includes(itemId)) throw errors.outsideShare()
      if (destId === undefined) return
      await editableByMember(reach, destId)
    },
    /**
     * Copying a file a member reaches puts the copy beside it, in the file's folder: that must be
     * a folder they may edit. A file shared alone sits in a folder of the owner's the member
     * never sees, and a copy there would write outside the share (and name that folder).
     */
    async copyable(reach: Reach, fileId: string): Promise<void> {
      if (reach.role === 'owner') return
      const path = await paths.file(fileId)
      if (!path || path.ownerId !== reach.ownerId) throw errors.notFound('File')
      await editableByMember(reach, path.folderId ?? '/')
    },
  }
  return access
}

export type Access = ReturnType<typeof createAccess>
