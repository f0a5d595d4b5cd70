// "Shared with me" in WebDAV (DESIGN.md §8, issue #39): /dav/Shared with me/ is a read-only
// collection in the Home of every account something is shared with (see `listed`), holding the items other accounts share with it, each
// under its own name. Below "Shared with me/{name}/" a path resolves in the OWNER's namespace,
// below the shared item, and what may be done there is the caller's role (services/drive/access.ts).
//
// An account that has its own item named "Shared with me" (any case) at its root keeps it: the
// collection is then not shown and its URL names their own item. Their data is never hidden by
// something the server adds, and a client that synced that folder before keeps syncing it.
//
// Cost: resolving a path in here reads the caller's received shares (one query, a few rows),
// their live items (two queries by id), the owners' names (one), then the access check of the
// shared item (O(depth)) and its path in the owner's namespace (two queries a level). Never a
// list of all shares, nor of the owners' drives.
import type { DavFile, DavFolder } from '../../repositories/dav.ts'
import type { DriveRepository } from '../../repositories/drive.ts'
import { nameKey } from '../../util/names.ts'
import type { Access } from '../drive/access.ts'
import type { DavPaths, Resolved } from './paths.ts'

export const SHARED_DIR = 'Shared with me'

/** One item shared with the caller, as the collection lists it. */
export interface SharedEntry {
  /** The name it is shown under in the collection. */
  shown: string
  ownerId: string
  ownerName: string
  item: { folder: DavFolder; file?: undefined } | { file: DavFile; folder?: undefined }
}

/** A display name as part of a URL segment: a "/" (or a control) would make it unreachable. */
const segmentSafe = (name: string) => name.replace(/[/\\\p{Cc}]/gu, '_').trim() || 'owner'

const splitExt = (name: string, folder: boolean): [string, string] => {
  const dot = folder ? -1 : name.lastIndexOf('.')
  return dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, '']
}

/**
 * The names of the shared items, all different (compared without case, as clients of
 * case-insensitive file systems do): an item keeps its name when no other has it; items that
 * share one each get " (Owner's display name)" before the extension, and then a counter
 * (" (Ann 2)") when one owner shares two of a name, or a suffixed name is taken. Deterministic:
 * ordered by name, owner's name and id, and plain names are given out first.
 */
export function shareNames<T extends { name: string; folder: boolean; ownerName: string; id: string }>(
  items: readonly T[],
): Array<T & { shown: string }> {
  const sorted = [...items].sort(
    (a, b) =>
      nameKey(a.name).localeCompare(nameKey(b.name)) ||
      a.ownerName.localeCompare(b.ownerName) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  )
  const count = new Map<string, number>()
  for (const i of sorted) count.set(nameKey(i.name), (count.get(nameKey(i.name)) ?? 0) + 1)
  const taken = new Set<string>()
  const shown = new Map<T, string>()
  for (const i of sorted)
    if (count.get(nameKey(i.name)) === 1) {
      shown.set(i, i.name)
      taken.add(nameKey(i.name))
    }
  for (const i of sorted) {
    if (shown.has(i)) continue
    const [stem, ext] = splitExt(i.name, i.folder)
    let n = 1
    let name = `${stem} (${i.ownerName})${ext}`
    while (taken.has(nameKey(name))) name = `${stem} (${i.ownerName} ${++n})${ext}`
    taken.add(nameKey(name))
    shown.set(i, name)
  }
  return sorted.map((i) => ({ ...i, shown: shown.get(i)! }))
}

export function createSharedWithMe(deps: {
  repo: Pick<DriveRepository, 'dav' | 'memberShares' | 'paths'>
  paths: DavPaths
  access: Access
}) {
  const { repo, paths, access } = deps

  /** The items shared with `caller`, live, from enabled owners, each named once. */
  async function entries(caller: string): Promise<SharedEntry[]> {
    const shares = await repo.memberShares.ownersSharingWith(caller)
    if (shares.length === 0) return []
    const ids = (type: 'file' | 'folder') => [
      ...new Set(shares.filter((s) => s.item_type === type).map((s) => s.item_id)),
    ]
    const { folders, files } = await repo.paths.liveItems(ids('folder'), ids('file'))
    const people = await repo.paths.people([...folders, ...files].map((i) => i.owner_id))
    const all = [
      ...folders.map((f) => ({ name: f.name, folder: true, id: f.id, ownerId: f.owner_id, row: { folder: f } })),
      ...files.map((f) => ({ name: f.filename, folder: false, id: f.id, ownerId: f.owner_id, row: { file: f } })),
    ].flatMap((i) => {
      const owner = people.get(i.ownerId)
      return owner ? [{ ...i, ownerName: segmentSafe(owner.display_name) }] : []
    })
    return shareNames(all).map((i) => ({ shown: i.shown, ownerId: i.ownerId, ownerName: i.ownerName, item: i.row }))
  }

  return {
    entries,

    /** Whether the caller sees the collection: no item of their own at their root holds its name. */
    async visible(caller: string): Promise<boolean> {
      const key = nameKey(SHARED_DIR)
      return (
        (await repo.dav.foldersKeyed(caller, null, key)).length === 0 &&
        (await repo.dav.filesKeyed(caller, null, key)).length === 0
      )
    },

    /**
     * Whether Home lists the collection: visible, and something is shared with the caller. An
     * account nobody shares with sees its Home as before (a backup tool syncing Home meets no
     * folder it cannot write); the URL itself answers all the same, as an empty collection.
     */
    async listed(caller: string): Promise<boolean> {
      return (await this.visible(caller)) && (await repo.memberShares.ownersSharingWith(caller)).length > 0
    },

    /**
     * A path whose first segment is the collection: the collection itself, a shared item, or a
     * path below one (resolved in its owner's namespace). 404 (no resource) once a share ended.
     */
    async resolve(caller: string, segments: string[]): Promise<Resolved> {
      const virtual = (resource: Resolved['resource']): Resolved => ({
        segments,
        path: segments.join('/'),
        resource,
        parent: undefined,
        name: segments.at(-1)!,
        owner: caller,
        virtual: true,
      })
      if (segments.length === 1) return virtual({ kind: 'shares' })
      const entry = (await entries(caller)).find((e) => e.shown === segments[1])
      if (!entry) return virtual(undefined)
      const item = entry.item.folder
        ? { type: 'folder' as const, id: entry.item.folder.id }
        : { type: 'file' as const, id: entry.item.file.id }
      // The role is the access check's: the strongest share on the item's path.
      const reach = await access.item(caller, item, 'view').catch(() => undefined)
      if (!reach) return virtual(undefined)
      const ownerId = entry.ownerId
      const basePath = await paths.ownerPath(
        ownerId,
        entry.item.folder ? { folder: entry.item.folder } : { file: entry.item.file },
      )
      // An ancestor went meanwhile: as good as gone.
      if (basePath.length === 0) return virtual(undefined)
      const base = basePath.join('/')
      const share = { ownerId, role: reach.role, item, url: segments.slice(0, 2), base }
      const rest = segments.slice(2)
      if (rest.length === 0) {
        const resource = entry.item.folder
          ? { kind: 'folder' as const, folder: entry.item.folder }
          : { kind: 'file' as const, file: entry.item.file }
        const parentId = entry.item.folder ? entry.item.folder.parent_id : entry.item.file.folder_id
        return {
          segments,
          path: base,
          resource,
          parent: { id: parentId },
          name: basePath.at(-1)!,
          owner: ownerId,
          share,
        }
      }
      const below = entry.item.folder
        ? await paths.below(ownerId, entry.item.folder.id, rest)
        : { resource: undefined, parent: undefined, name: rest.at(-1)! }
      return { segments, path: [base, ...rest].join('/'), owner: ownerId, share, ...below }
    },
  }
}
export type SharedWithMe = ReturnType<typeof createSharedWithMe>

/** A lock path of `r`'s namespace as the caller's URL shows it (a lock above the share: at the share). */
export function urlPathOf(r: Pick<Resolved, 'share'>, lockPath: string): string {
  const share = r.share
  if (!share) return lockPath
  const url = share.url.join('/')
  if (lockPath === share.base) return url
  if (lockPath.startsWith(`${share.base}/`)) return `${url}${lockPath.slice(share.base.length)}`
  return url
}
