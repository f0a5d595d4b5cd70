// The rules of the folder tree: create, rename, move, trash, restore and permanent delete, for
// single items and selections (DESIGN.md §4). A selection is all-or-nothing: one unknown or
// foreign id is a 404 and nothing changes.
import { sql, type Transaction } from 'kysely'
import type { DB, FileRow, Folder } from '../db/schema.ts'
import { errors } from '../errors.ts'
import { type DriveRepository, folderDepth, inSubtree, subtreePrefix } from '../repositories/drive.ts'
import type { Item } from '../schemas/files.ts'
import type { BlobJanitor } from '../storage/blob-janitor.ts'
import { randomId } from '../util/crypto.ts'
import { checkDepth, checkName, nameKey } from '../util/names.ts'

type Trx = Transaction<DB>

/** A new, active folder row under `parent` (null = Home); the name is already checked. */
export function folderRow(owner: string, parent: Folder | null, name: string, at: number): Folder {
  return {
    id: randomId(),
    owner_id: owner,
    parent_id: parent?.id ?? null,
    ancestors: parent ? subtreePrefix(parent) : '/',
    name,
    name_key: nameKey(name),
    created_at: at,
    updated_at: at,
    trashed: 0,
    trash_root: 0,
    trashed_at: null,
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

  const mustFolder = async (owner: string, id: string, q?: Trx) => (await repo.folder(owner, id, q)) ?? Promise.reject(errors.notFound('Folder'))
  const mustFile = async (owner: string, id: string, q?: Trx) => (await repo.file(owner, id, q)) ?? Promise.reject(errors.notFound('File'))

  /** "/" (or nothing) is the root; anything else must be the owner's folder, not in the trash. */
  async function destination(owner: string, parentId: string | undefined, q?: Trx): Promise<Folder | null> {
    if (parentId === undefined || parentId === '/' || parentId === '') return null
    const folder = await repo.folder(owner, parentId, q)
    if (!folder || folder.trashed) throw errors.notFound('Folder')
    return folder
  }

  /** Ids of a folder and every folder below it. */
  const subtreeIds = (trx: Trx, owner: string, folder: Folder) =>
    trx
      .selectFrom('folders')
      .select('id')
      .where('owner_id', '=', owner)
      .where((eb) => eb.or([eb('id', '=', folder.id), inSubtree(subtreePrefix(folder))]))

  /** Re-parents a folder and rewrites the ancestors path of everything below it. */
  async function reparentFolder(trx: Trx, owner: string, folder: Folder, dest: Folder | null) {
    const ancestors = dest ? subtreePrefix(dest) : '/'
    const oldPrefix = subtreePrefix(folder)
    const newPrefix = `${ancestors}${folder.id}/`
    await trx
      .updateTable('folders')
      .set({ parent_id: dest?.id ?? null, ancestors, updated_at: now() })
      .where('owner_id', '=', owner)
      .where('id', '=', folder.id)
      .execute()
    if (oldPrefix !== newPrefix) {
      await trx
        .updateTable('folders')
        .set({ ancestors: sql`${newPrefix} || substr(ancestors, ${oldPrefix.length + 1})` })
        .where('owner_id', '=', owner)
        .where(inSubtree(oldPrefix))
        .execute()
    }
  }

  async function moveFolderIn(trx: Trx, owner: string, id: string, dest: Folder | null) {
    const folder = await mustFolder(owner, id, trx)
    if (dest && (dest.id === folder.id || subtreePrefix(dest).startsWith(subtreePrefix(folder)))) {
      throw errors.badRequest('A folder cannot be moved into itself or one of its subfolders')
    }
    // Only a move down can take the deepest folder below past the cap.
    const depth = dest ? folderDepth(dest) + 1 : 1
    if (depth > folderDepth(folder)) {
      const deepest = (await repo.deepestBelow(owner, folder, trx)) ?? folderDepth(folder)
      checkDepth(depth + deepest - folderDepth(folder), maxDepth)
    }
    await reparentFolder(trx, owner, folder, dest)
  }

  async function moveFileIn(trx: Trx, owner: string, id: string, dest: Folder | null) {
    await mustFile(owner, id, trx)
    await trx.updateTable('files').set({ folder_id: dest?.id ?? null }).where('owner_id', '=', owner).where('id', '=', id).execute()
  }

  async function trashFolderIn(trx: Trx, owner: string, id: string) {
    const folder = await mustFolder(owner, id, trx)
    if (folder.trashed && folder.trash_root) return
    const t = now()
    await trx.updateTable('folders').set({ trashed: 1, trash_root: 1, trashed_at: t }).where('id', '=', folder.id).execute()
    // Everything below goes along, except what was already in the trash on its own.
    await trx
      .updateTable('folders')
      .set({ trashed: 1, trash_root: 0, trashed_at: t })
      .where('owner_id', '=', owner)
      .where('trashed', '=', 0)
      .where(inSubtree(subtreePrefix(folder)))
      .execute()
    await trx
      .updateTable('files')
      .set({ trashed: 1, trash_root: 0, trashed_at: t })
      .where('owner_id', '=', owner)
      .where('trashed', '=', 0)
      .where('folder_id', 'in', subtreeIds(trx, owner, folder))
      .execute()
  }

  async function trashFileIn(trx: Trx, owner: string, id: string) {
    await mustFile(owner, id, trx)
    await trx.updateTable('files').set({ trashed: 1, trash_root: 1, trashed_at: now() }).where('owner_id', '=', owner).where('id', '=', id).execute()
  }

  /** Where a restored item goes: its old folder, or Home when that is gone or in the trash. */
  async function restoreTarget(trx: Trx, owner: string, parentId: string | null): Promise<Folder | null> {
    if (!parentId) return null
    const parent = await repo.folder(owner, parentId, trx)
    return parent && !parent.trashed ? parent : null
  }

  async function restoreFolderIn(trx: Trx, owner: string, id: string) {
    const folder = await mustFolder(owner, id, trx)
    if (!folder.trashed) return
    const target = await restoreTarget(trx, owner, folder.parent_id)
    if ((target?.id ?? null) !== folder.parent_id) await reparentFolder(trx, owner, folder, target)
    const moved = (await repo.folder(owner, id, trx))!
    await trx.updateTable('folders').set({ trashed: 0, trash_root: 0, trashed_at: null }).where('id', '=', id).execute()

    // Bring back what was trashed along with it, but not sub-trees trashed on their own.
    const prefix = subtreePrefix(moved)
    const below = await repo.descendants(owner, moved, trx)
    const ownRoots = new Set(below.filter((f) => f.trashed && f.trash_root).map((f) => f.id))
    const restored = below.filter(
      (f) => f.trashed && !f.trash_root && !f.ancestors.slice(prefix.length).split('/').some((a) => ownRoots.has(a)),
    )
    const ids = [id, ...restored.map((f) => f.id)]
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = ids.slice(i, i + 500)
      if (i > 0 || chunk.length > 1) {
        await trx.updateTable('folders').set({ trashed: 0, trashed_at: null }).where(repo.ownedIds(owner, chunk.filter((x) => x !== id))).execute()
      }
      await trx
        .updateTable('files')
        .set({ trashed: 0, trashed_at: null })
        .where('owner_id', '=', owner)
        .where('trash_root', '=', 0)
        .where('trashed', '=', 1)
        .where('folder_id', 'in', chunk)
        .execute()
    }
  }

  async function restoreFileIn(trx: Trx, owner: string, id: string) {
    const file = await mustFile(owner, id, trx)
    if (!file.trashed) return
    const target = await restoreTarget(trx, owner, file.folder_id)
    await trx
      .updateTable('files')
      .set({ trashed: 0, trash_root: 0, trashed_at: null, folder_id: target?.id ?? null })
      .where('owner_id', '=', owner)
      .where('id', '=', id)
      .execute()
  }

  /** Deletes rows and condemns their blobs in one transaction; returns the keys to flush. */
  async function removeFilesWhere(trx: Trx, owner: string, rows: Pick<FileRow, 'id' | 'blob_key' | 'thumbnail_key' | 'preview_key'>[]) {
    // The file's bytes and what was derived from them (thumbnail, full-size preview).
    const keys = rows.flatMap((r) => [r.blob_key, r.thumbnail_key, r.preview_key].filter((k): k is string => !!k))
    await janitor.condemn(trx, keys)
    const ids = rows.map((r) => r.id)
    for (let i = 0; i < ids.length; i += 500) {
      await trx.deleteFrom('files').where(repo.ownedIds(owner, ids.slice(i, i + 500))).execute()
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
    for (let level = [rootId]; level.length > 0; ) {
      const next: string[] = []
      for (let i = 0; i < level.length; i += 500) {
        for (const id of await repo.childFolderIds(owner, level.slice(i, i + 500))) {
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
  async function removeBatch(trx: Trx, owner: string, rootId: string, batch: string[][]): Promise<{ keys: string[]; next: 'batch' | 'again' | 'rewalk' | 'stop' }> {
    const root = await repo.folder(owner, rootId, trx)
    if (!root) return { keys: [], next: 'stop' }
    const inside = await repo.stillInside(owner, root, batch.flat(), trx)
    if (inside.length === 0) return { keys: [], next: 'batch' }
    if (await repo.hasOtherChildren(inside, trx)) return { keys: [], next: 'rewalk' }
    const files = await trx
      .selectFrom('files')
      .select(['id', 'blob_key', 'thumbnail_key', 'preview_key'])
      .where('owner_id', '=', owner)
      .where('folder_id', 'in', inside)
      .limit(batchSize.files + 1)
      .execute()
    if (files.length > batchSize.files) return { keys: await removeFilesWhere(trx, owner, files.slice(0, batchSize.files)), next: 'again' }
    const keys = await removeFilesWhere(trx, owner, files)
    // A level at a time, children before parents: a parent deleted first would take its children
    // through the cascade, one nested trigger program per level (a 200-folder chain: 56 ms → 12).
    const kept = new Set(inside)
    for (const level of batch) {
      const ids = level.filter((id) => kept.has(id))
      if (ids.length > 0) await trx.deleteFrom('folders').where(repo.ownedIds(owner, ids)).execute()
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
      const root = await repo.folder(owner, id)
      return root ? batches(await subtreeDeepestFirst(owner, id), folderDepth(root)) : []
    }
    let order = await walk()
    let rewalks = 0
    for (let at = 0; at < order.length; ) {
      const batch = order[at]!
      const step = await tx((trx) => removeBatch(trx, owner, id, batch))
      await janitor.flush(step.keys)
      if (step.next === 'stop') return
      if (step.next === 'batch') at++
      if (step.next === 'rewalk') {
        // Only concurrent changes make a walk stale; give up on a tree that keeps changing.
        if (++rewalks > MAX_REWALKS) throw errors.conflict('TREE_CHANGED', 'The folder changed while it was being deleted; try again')
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
  const each = async (trx: Trx, items: Item[], onFile: (id: string) => Promise<unknown>, onFolder: (id: string) => Promise<unknown>) => {
    for (const item of items) await (isFolder(item) ? onFolder(item.id) : onFile(item.id))
  }
  const tx = repo.transaction

  return {
    destination,

    async createFolder(owner: string, rawName: string, parentId?: string): Promise<Folder> {
      const name = checkName(rawName, 'Folder name')
      const parent = await destination(owner, parentId)
      checkDepth(parent ? folderDepth(parent) + 1 : 1, maxDepth)
      const row = folderRow(owner, parent, name, now())
      await repo.insertFolder(row)
      return row
    },

    async renameFile(owner: string, id: string, title: string): Promise<FileRow> {
      const name = checkName(title, 'File name')
      await mustFile(owner, id)
      await repo.db.updateTable('files').set({ filename: name, name_key: nameKey(name) }).where('owner_id', '=', owner).where('id', '=', id).execute()
      return (await repo.file(owner, id))!
    },

    async renameFolder(owner: string, id: string, title: string): Promise<Folder> {
      const name = checkName(title, 'Folder name')
      await mustFolder(owner, id)
      await repo.db
        .updateTable('folders')
        .set({ name, name_key: nameKey(name), updated_at: now() })
        .where('owner_id', '=', owner)
        .where('id', '=', id)
        .execute()
      return (await repo.folder(owner, id))!
    },

    moveFile: (owner: string, id: string, parentId: string) =>
      tx(async (trx) => moveFileIn(trx, owner, id, await destination(owner, parentId, trx))),
    moveFolder: (owner: string, id: string, parentId: string) =>
      tx(async (trx) => moveFolderIn(trx, owner, id, await destination(owner, parentId, trx))),
    moveItems: (owner: string, items: Item[], parentId: string) =>
      tx(async (trx) => {
        const dest = await destination(owner, parentId, trx)
        await each(trx, items, (id) => moveFileIn(trx, owner, id, dest), (id) => moveFolderIn(trx, owner, id, dest))
      }),

    trashFile: (owner: string, id: string) => tx((trx) => trashFileIn(trx, owner, id)),
    trashFolder: (owner: string, id: string) => tx((trx) => trashFolderIn(trx, owner, id)),
    trashItems: (owner: string, items: Item[]) =>
      tx((trx) => each(trx, items, (id) => trashFileIn(trx, owner, id), (id) => trashFolderIn(trx, owner, id))),

    restoreFile: (owner: string, id: string) => tx((trx) => restoreFileIn(trx, owner, id)),
    restoreFolder: (owner: string, id: string) => tx((trx) => restoreFolderIn(trx, owner, id)),
    restoreItems: (owner: string, items: Item[]) =>
      tx((trx) => each(trx, items, (id) => restoreFileIn(trx, owner, id), (id) => restoreFolderIn(trx, owner, id))),

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
      const [files, folders] = await tx(async (trx) => [await repo.filesByIds(owner, fileIds, trx), await repo.foldersByIds(owner, folderIds, trx)])
      if (files.length !== fileIds.length || folders.length !== folderIds.length) throw errors.notFound('Item')
      // Then folders (one inside another selected one is gone by its turn), then the files a
      // removed folder did not take along, in bounded transactions too.
      for (const id of folderIds) await removeFolderTree(owner, id)
      for (let i = 0; i < fileIds.length; i += batchSize.files) {
        const keys = await tx(async (trx) => removeFilesWhere(trx, owner, await repo.filesByIds(owner, fileIds.slice(i, i + batchSize.files), trx)))
        await janitor.flush(keys)
        await breathe()
      }
    },

    /** Deletes trash roots older than the retention period, with everything below them. */
    async purgeTrash(retentionDays: number): Promise<number> {
      if (retentionDays <= 0) return 0
      const cutoff = now() - retentionDays * 86_400_000
      const folders = await repo.db.selectFrom('folders').select(['id', 'owner_id']).where('trash_root', '=', 1).where('trashed_at', '<', cutoff).execute()
      const files = await repo.db.selectFrom('files').select(['id', 'owner_id']).where('trash_root', '=', 1).where('trashed_at', '<', cutoff).execute()
      for (const f of folders) await this.removeFolder(f.owner_id, f.id).catch(() => undefined)
      for (const f of files) await this.removeFile(f.owner_id, f.id).catch(() => undefined)
      return folders.length + files.length
    },
  }
}
export type TreeService = ReturnType<typeof createTreeService>
