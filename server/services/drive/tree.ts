// The rules of the folder tree: create, rename, move, trash, restore and permanent delete, for
// single items and selections (DESIGN.md §4). A selection is all-or-nothing: one unknown or
// foreign id is a 404 and nothing changes.
import type { FileRow, Folder } from '../../db/schema.ts'
import { errors } from '../../errors.ts'
import type { DriveRepository, DriveTransaction } from '../../repositories/drive.ts'
import type { DoomedFile } from '../../repositories/files.ts'
import { folderDepth, subtreePrefix } from '../../repositories/folders.ts'
import type { Item } from '../../schemas/files.ts'
import type { BlobJanitor } from '../../storage/blob-janitor.ts'
import { randomId } from '../../util/crypto.ts'
import { checkDepth, checkName, nameKey, typeKey } from '../../util/names.ts'
import { accentKey } from '../../util/name-match.ts'

/** The drive's repositories, in a transaction or not. */
type Trx = DriveTransaction

/** A new, active folder row under `parent` (null = Home); the name is already checked. */
export function folderRow(
  owner: string,
  parent: Folder | null,
  name: string,
  at: number,
  addedBy: string | null = null,
): Folder {
  return {
    id: randomId(),
    owner_id: owner,
    parent_id: parent?.id ?? null,
    ancestors: parent ? subtreePrefix(parent) : '/',
    name,
    name_key: nameKey(name),
    accent_key: accentKey(name),
    created_at: at,
    updated_at: at,
    trashed: 0,
    trash_root: 0,
    trashed_at: null,
    added_by: addedBy,
  }
}

/** Rows one deleting transaction takes at most: each commits in a few ms (see removeFolderTree). */
const FOLDER_BATCH = 200
const FILE_BATCH = 500
/**
 * And the levels of its folders added up: deleting a folder costs about as much as its ancestors
 * path is long (the row and its index entry carry it). A 5,000-level chain from before the cap
 * goes 10 folders a batch, ~5 ms each (40 a batch: 20–45 ms); a tree within the cap, 200.
 */
const LEVEL_BATCH = 50_000
/** Walks of a tree being deleted that concurrent changes may make stale before the delete gives up. */
const MAX_REWALKS = 5

/** Lets the requests that arrived meanwhile run (better-sqlite3 answers synchronously, so a chain of awaited queries never does). */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve))

export function createTreeService(deps: {
  repo: DriveRepository
  janitor: BlobJanitor
  /** Levels below Home a folder may sit at (limits.maxFolderDepth). */
  maxDepth: number
  now?: () => number
  /** Smaller delete batches, for tests that stop a delete halfway. */
  batch?: { folders?: number; files?: number; levels?: number }
}) {
  const { repo, janitor, maxDepth } = deps
  const batchSize = { folders: FOLDER_BATCH, files: FILE_BATCH, levels: LEVEL_BATCH, ...deps.batch }
  const now = deps.now ?? Date.now

  const mustFolder = async (owner: string, id: string, q: Trx = repo) =>
    (await q.folders.folder(owner, id)) ?? Promise.reject(errors.notFound('Folder'))
  const mustFile = async (owner: string, id: string, q: Trx = repo) =>
    (await q.files.file(owner, id)) ?? Promise.reject(errors.notFound('File'))

  /** "/" (or nothing) is the root; anything else must be the owner's folder, not in the trash. */
  async function destination(owner: string, parentId: string | undefined, q: Trx = repo): Promise<Folder | null> {
    if (parentId === undefined || parentId === '/' || parentId === '') return null
    const folder = await q.folders.folder(owner, parentId)
    if (!folder || folder.trashed) throw errors.notFound('Folder')
    return folder
  }

  async function moveFolderIn(trx: Trx, owner: string, id: string, dest: Folder | null) {
    const folder = await mustFolder(owner, id, trx)
    if (dest && (dest.id === folder.id || subtreePrefix(dest).startsWith(subtreePrefix(folder)))) {
      throw errors.badRequest('A folder cannot be moved into itself or one of its subfolders')
    }
    // Only a move down can take the deepest folder below past the cap.
    const depth = dest ? folderDepth(dest) + 1 : 1
    if (depth > folderDepth(folder)) {
      const deepest = (await trx.folders.deepestBelow(owner, folder)) ?? folderDepth(folder)
      checkDepth(depth + deepest - folderDepth(folder), maxDepth)
    }
    await trx.folders.reparent(owner, folder, dest, now())
  }

  async function moveFileIn(trx: Trx, owner: string, id: string, dest: Folder | null) {
    await mustFile(owner, id, trx)
    await trx.files.move(owner, id, dest?.id ?? null)
  }

  async function trashFolderIn(trx: Trx, owner: string, id: string) {
    const folder = await mustFolder(owner, id, trx)
    if (folder.trashed && folder.trash_root) return
    await trx.folders.trashSubtree(owner, folder, now())
  }

  async function trashFileIn(trx: Trx, owner: string, id: string) {
    await mustFile(owner, id, trx)
    await trx.files.trash(owner, id, now())
  }

  /** Where a restored item goes: its old folder, or Home when that is gone or in the trash. */
  async function restoreTarget(trx: Trx, owner: string, parentId: string | null): Promise<Folder | null> {
    if (!parentId) return null
    const parent = await trx.folders.folder(owner, parentId)
    return parent && !parent.trashed ? parent : null
  }

  /** Restores a folder with what was trashed along with it; true when it went to Home instead of its folder. */
  async function restoreFolderIn(trx: Trx, owner: string, id: string): Promise<boolean> {
    const folder = await mustFolder(owner, id, trx)
    if (!folder.trashed) return false
    const target = await restoreTarget(trx, owner, folder.parent_id)
    if ((target?.id ?? null) !== folder.parent_id) await trx.folders.reparent(owner, folder, target, now())
    const moved = (await trx.folders.folder(owner, id))!

    // Bring back what was trashed along with it, but not sub-trees trashed on their own.
    const prefix = subtreePrefix(moved)
    const below = await trx.folders.descendants(owner, moved)
    const ownRoots = new Set(below.filter((f) => f.trashed && f.trash_root).map((f) => f.id))
    const restored = below.filter(
      (f) =>
        f.trashed &&
        !f.trash_root &&
        !f.ancestors
          .slice(prefix.length)
          .split('/')
          .some((a) => ownRoots.has(a)),
    )
    await trx.folders.restoreSubtree(
      owner,
      id,
      restored.map((f) => f.id),
    )
    return !!folder.parent_id && !target
  }

  /** Restores a file; true when it went to Home instead of its folder. */
  async function restoreFileIn(trx: Trx, owner: string, id: string): Promise<boolean> {
    const file = await mustFile(owner, id, trx)
    if (!file.trashed) return false
    const target = await restoreTarget(trx, owner, file.folder_id)
    await trx.files.restore(owner, id, target?.id ?? null)
    return !!file.folder_id && !target
  }

  /** Deletes rows and condemns their blobs in one transaction; returns the keys to flush. */
  async function removeFilesWhere(trx: Trx, owner: string, rows: DoomedFile[]) {
    // The file's bytes and what was derived from them (thumbnail, full-size preview), and its
    // versions' bytes (their rows go with the file's).
    const keys = rows.flatMap((r) => [r.blob_key, r.thumbnail_key, r.preview_key].filter((k): k is string => !!k))
    const ids = rows.map((r) => r.id)
    for (let i = 0; i < ids.length; i += 500)
      keys.push(...(await trx.versions.blobKeysOf(owner, ids.slice(i, i + 500))))
    await janitor.condemn(trx.outbox, keys)
    for (let i = 0; i < ids.length; i += 500) {
      await trx.files.deleteByIds(owner, ids.slice(i, i + 500))
      // A member share of a file deleted forever goes with its row, in the same transaction.
      await trx.memberShares.removeForItems(owner, ids.slice(i, i + 500))
    }
    return keys
  }

  /**
   * A folder and every folder below it, deepest first: walked down the parent_id links a level at
   * a time (an indexed query per level), never reading the ancestors paths, which a deep tree
   * makes long (a 5,000-level chain holds 290 MB of them).
   */
  async function subtreeDeepestFirst(owner: string, rootId: string): Promise<string[][]> {
    const seen = new Set([rootId])
    const levels = [[rootId]]
    let since = performance.now()
    for (let level = [rootId]; level.length > 0;) {
      const next: string[] = []
      for (let i = 0; i < level.length; i += 500) {
        for (const id of await repo.folders.childFolderIds(owner, level.slice(i, i + 500))) {
          if (!seen.has(id)) next.push(id)
          seen.add(id)
        }
        if (performance.now() - since > 20) {
          await breathe()
          since = performance.now()
        }
      }
      if (next.length > 0) levels.push(next)
      level = next
    }
    return levels
  }

  /**
   * The walk's folders deepest first, cut into batches of at most FOLDER_BATCH folders and
   * LEVEL_BATCH levels, each batch a list of levels (deepest first).
   */
  function batches(levels: string[][], rootDepth: number): string[][][] {
    const out: string[][][] = []
    let batch: string[][] = []
    let count = 0
    let weight = 0
    for (let l = levels.length - 1; l >= 0; l--) {
      const depth = rootDepth + l
      let group: string[] = []
      batch.push(group)
      for (const id of levels[l]!) {
        if (count > 0 && (count >= batchSize.folders || weight + depth > batchSize.levels)) {
          out.push(batch)
          group = []
          batch = [group]
          count = 0
          weight = 0
        }
        group.push(id)
        count++
        weight += depth
      }
    }
    if (count > 0) out.push(batch)
    return out.map((b) => b.filter((group) => group.length > 0))
  }

  /**
   * One transaction of a folder delete, on the next batch of the walk: its folders that are still
   * inside the tree, once nothing outside the batch is left in them. Their files go first,
   * FILE_BATCH at a time ('again': the same batch once more); the transaction that deletes the
   * folders deletes their last files, so the foreign keys' cascade never removes a file whose blob
   * was not condemned. A folder that moved out of the tree since the walk stays; one that moved in
   * (or was created) below the batch makes the walk stale ('rewalk').
   */
  async function removeBatch(
    trx: Trx,
    owner: string,
    rootId: string,
    batch: string[][],
  ): Promise<{ keys: string[]; next: 'batch' | 'again' | 'rewalk' | 'stop' }> {
    const root = await trx.folders.folder(owner, rootId)
    if (!root) return { keys: [], next: 'stop' }
    const inside = await trx.folders.stillInside(owner, root, batch.flat())
    if (inside.length === 0) return { keys: [], next: 'batch' }
    if (await trx.folders.hasOtherChildren(inside)) return { keys: [], next: 'rewalk' }
    const files = await trx.files.inFolders(owner, inside, batchSize.files + 1)
    if (files.length > batchSize.files)
      return { keys: await removeFilesWhere(trx, owner, files.slice(0, batchSize.files)), next: 'again' }
    const keys = await removeFilesWhere(trx, owner, files)
    // A level at a time, children before parents: a parent deleted first would take its children
    // through the cascade, one nested trigger program per level (a 200-folder chain: 56 ms → 12).
    const kept = new Set(inside)
    for (const level of batch) {
      const ids = level.filter((id) => kept.has(id))
      if (ids.length > 0) {
        await trx.folders.deleteByIds(owner, ids)
        await trx.memberShares.removeForItems(owner, ids)
      }
    }
    return { keys, next: 'batch' }
  }

  /**
   * Deletes a folder and everything below it in transactions of bounded size (FOLDER_BATCH,
   * LEVEL_BATCH, FILE_BATCH), deepest first, yielding between them: no tree holds the database
   * (one connection on SQLite) or the event loop for long. Each transaction deletes rows and
   * condemns their blobs together (the outbox rule) and takes a folder only with everything left
   * in it, so a crash halfway leaves a smaller tree that is whole: no row points at a deleted
   * folder, no blob is orphaned. Before this and the indexes of migration 009, 300 folders beside
   * another user's 100k files held the server 5.1 s, a 5,000-level chain 4.2 s (`npm run bench`).
   */
  async function removeFolderTree(owner: string, id: string): Promise<void> {
    const walk = async () => {
      const root = await repo.folders.folder(owner, id)
      return root ? batches(await subtreeDeepestFirst(owner, id), folderDepth(root)) : []
    }
    let order = await walk()
    let rewalks = 0
    for (let at = 0; at < order.length;) {
      const batch = order[at]!
      const step = await tx((trx) => removeBatch(trx, owner, id, batch))
      await janitor.flush(step.keys)
      if (step.next === 'stop') return
      if (step.next === 'batch') at++
      if (step.next === 'rewalk') {
        // Only concurrent changes make a walk stale; give up on a tree that keeps changing.
        if (++rewalks > MAX_REWALKS) throw errors.treeChanged('deleted')
        order = await walk()
        at = 0
      }
      await breathe()
    }
  }

  async function removeFileIn(trx: Trx, owner: string, id: string): Promise<string[]> {
    const file = await mustFile(owner, id, trx)
    return removeFilesWhere(trx, owner, [file])
  }

  const isFolder = (i: Item) => i.type === 'folder'
  const each = async (
    items: Item[],
    onFile: (id: string) => Promise<unknown>,
    onFolder: (id: string) => Promise<unknown>,
  ) => {
    for (const item of items) await (isFolder(item) ? onFolder(item.id) : onFile(item.id))
  }
  const tx = <R>(fn: (trx: Trx) => Promise<R>) => repo.transaction(fn)

  return {
    destination,

    /**
     * A new folder; in `q`, a transaction of the caller's (WebDAV checks the name is free in it
     * first). `addedBy`: the member who made it in the owner's shared folder (null: the owner).
     */
    async createFolder(
      owner: string,
      rawName: string,
      parentId?: string,
      q: Trx = repo,
      addedBy: string | null = null,
    ): Promise<Folder> {
      const name = checkName(rawName, 'Folder name')
      const parent = await destination(owner, parentId, q)
      checkDepth(parent ? folderDepth(parent) + 1 : 1, maxDepth)
      const row = folderRow(owner, parent, name, now(), addedBy)
      await q.folders.insertFolder(row)
      return row
    },

    async renameFile(owner: string, id: string, title: string): Promise<FileRow> {
      const name = checkName(title, 'File name')
      await mustFile(owner, id)
      await repo.files.rename(owner, id, name, nameKey(name), typeKey(name))
      return (await repo.files.file(owner, id))!
    },

    async renameFolder(owner: string, id: string, title: string): Promise<Folder> {
      const name = checkName(title, 'Folder name')
      await mustFolder(owner, id)
      await repo.folders.rename(owner, id, name, nameKey(name), now())
      return (await repo.folders.folder(owner, id))!
    },

    moveFile: (owner: string, id: string, parentId: string) =>
      tx(async (trx) => moveFileIn(trx, owner, id, await destination(owner, parentId, trx))),
    moveFolder: (owner: string, id: string, parentId: string) =>
      tx(async (trx) => moveFolderIn(trx, owner, id, await destination(owner, parentId, trx))),
    moveItems: (owner: string, items: Item[], parentId: string) =>
      tx(async (trx) => {
        const dest = await destination(owner, parentId, trx)
        await each(
          items,
          (id) => moveFileIn(trx, owner, id, dest),
          (id) => moveFolderIn(trx, owner, id, dest),
        )
      }),

    /**
     * Moves and renames an item in one transaction (a WebDAV MOVE), after trashing the item it
     * overwrites in the same one (`overwritten` finds it, in that transaction): a failed move
     * leaves both where they were. Resolves with the item trashed, if any.
     */
    relocate: (
      owner: string,
      item: Item,
      parentId: string | null,
      rawName: string,
      overwritten: (trx: Trx) => Promise<Item | undefined>,
    ) =>
      tx(async (trx) => {
        const name = checkName(rawName, isFolder(item) ? 'Folder name' : 'File name')
        const replacing = await overwritten(trx)
        if (replacing) await (isFolder(replacing) ? trashFolderIn : trashFileIn)(trx, owner, replacing.id)
        const dest = await destination(owner, parentId ?? undefined, trx)
        if (isFolder(item)) {
          await moveFolderIn(trx, owner, item.id, dest)
          await trx.folders.rename(owner, item.id, name, nameKey(name), now())
        } else {
          await moveFileIn(trx, owner, item.id, dest)
          await trx.files.rename(owner, item.id, name, nameKey(name), typeKey(name))
        }
        return replacing
      }),

    /** Trashes an item as a step of the caller's transaction (a WebDAV COPY over it). */
    trashIn: (trx: Trx, owner: string, item: Item) =>
      (isFolder(item) ? trashFolderIn : trashFileIn)(trx, owner, item.id),

    trashFile: (owner: string, id: string) => tx((trx) => trashFileIn(trx, owner, id)),
    trashFolder: (owner: string, id: string) => tx((trx) => trashFolderIn(trx, owner, id)),
    trashItems: (owner: string, items: Item[]) =>
      tx((trx) =>
        each(
          items,
          (id) => trashFileIn(trx, owner, id),
          (id) => trashFolderIn(trx, owner, id),
        ),
      ),

    restoreFile: (owner: string, id: string) => tx((trx) => restoreFileIn(trx, owner, id)),
    restoreFolder: (owner: string, id: string) => tx((trx) => restoreFolderIn(trx, owner, id)),
    /** Restores a selection; returns how many items went to Home instead of their folder. */
    restoreItems: (owner: string, items: Item[]) =>
      tx(async (trx) => {
        let toHome = 0
        await each(
          items,
          async (id) => void (toHome += Number(await restoreFileIn(trx, owner, id))),
          async (id) => void (toHome += Number(await restoreFolderIn(trx, owner, id))),
        )
        return toHome
      }),

    async removeFile(owner: string, id: string) {
      await janitor.flush(await tx((trx) => removeFileIn(trx, owner, id)))
    },
    async removeFolder(owner: string, id: string) {
      await mustFolder(owner, id)
      await removeFolderTree(owner, id)
    },
    async removeItems(owner: string, items: Item[]) {
      // Check every id first: one unknown or foreign id is a 404 and nothing changes.
      const fileIds = [...new Set(items.filter((i) => !isFolder(i)).map((i) => i.id))]
      const folderIds = [...new Set(items.filter(isFolder).map((i) => i.id))]
      const [files, folders] = await tx(async (trx) => [
        await trx.files.filesByIds(owner, fileIds),
        await trx.folders.foldersByIds(owner, folderIds),
      ])
      if (files.length !== fileIds.length || folders.length !== folderIds.length) throw errors.notFound('Item')
      // Then folders (one inside another selected one is gone by its turn), then the files a
      // removed folder did not take along, in bounded transactions too.
      for (const id of folderIds) await removeFolderTree(owner, id)
      for (let i = 0; i < fileIds.length; i += batchSize.files) {
        const keys = await tx(async (trx) =>
          removeFilesWhere(trx, owner, await trx.files.filesByIds(owner, fileIds.slice(i, i + batchSize.files))),
        )
        await janitor.flush(keys)
        await breathe()
      }
    },

    /**
     * "Empty trash": deletes forever every trash root of the owner, with everything below them,
     * through removeItems (bounded transactions, blobs released by the janitor). Only the
     * owner's rows are read, so nothing of another user is touched. Returns how many roots went.
     */
    async emptyTrash(owner: string): Promise<number> {
      const [folders, files] = await Promise.all([repo.folders.trashRoots(owner), repo.files.trashRoots(owner)])
      const roots: Item[] = [
        ...folders.map((id) => ({ id, type: 'folder' as const })),
        ...files.map((id) => ({ id, type: 'file' as const })),
      ]
      // A thousand at a time: removeItems looks every id up in one query first.
      for (let i = 0; i < roots.length; i += 1000) await this.removeItems(owner, roots.slice(i, i + 1000))
      return roots.length
    },

    /** Deletes trash roots older than the retention period, with everything below them. */
    async purgeTrash(retentionDays: number): Promise<number> {
      if (retentionDays <= 0) return 0
      const cutoff = now() - retentionDays * 86_400_000
      const folders = await repo.folders.trashRootsBefore(cutoff)
      const files = await repo.files.trashRootsBefore(cutoff)
      // Only what really went is counted: a delete that failed is tried again at the next sweep.
      let purged = 0
      const count = (p: Promise<unknown>) =>
        p.then(
          () => void purged++,
          () => undefined,
        )
      for (const f of folders) await count(this.removeFolder(f.owner_id, f.id))
      for (const f of files) await count(this.removeFile(f.owner_id, f.id))
      return purged
    },
  }
}
export type TreeService = ReturnType<typeof createTreeService>
