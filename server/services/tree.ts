// The rules of the folder tree: create, rename, move, trash, restore and permanent delete, for
// single items and selections (DESIGN.md §4). A selection is all-or-nothing: one unknown or
// foreign id is a 404 and nothing changes.
import { sql, type SqlBool, type Transaction } from 'kysely'
import type { DB, FileRow, Folder } from '../db/schema.ts'
import { errors } from '../errors.ts'
import { type DriveRepository, subtreePrefix } from '../repositories/drive.ts'
import type { Item } from '../schemas/files.ts'
import type { BlobJanitor } from '../storage/blob-janitor.ts'
import { randomId } from '../util/crypto.ts'
import { checkName, nameKey } from '../util/names.ts'

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

const inSubtree = (prefix: string) => sql<SqlBool>`substr(ancestors, 1, ${prefix.length}) = ${prefix}`

export function createTreeService(deps: { repo: DriveRepository; janitor: BlobJanitor; now?: () => number }) {
  const { repo, janitor } = deps
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
        await trx.updateTable('folders').set({ trashed: 0, trashed_at: null }).where('owner_id', '=', owner).where('id', 'in', chunk.filter((x) => x !== id)).execute()
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
      await trx.deleteFrom('files').where('owner_id', '=', owner).where('id', 'in', ids.slice(i, i + 500)).execute()
    }
    return keys
  }

  async function removeFolderIn(trx: Trx, owner: string, id: string): Promise<string[]> {
    const folder = await mustFolder(owner, id, trx)
    const files = await trx
      .selectFrom('files')
      .select(['id', 'blob_key', 'thumbnail_key', 'preview_key'])
      .where('owner_id', '=', owner)
      .where('folder_id', 'in', subtreeIds(trx, owner, folder))
      .execute()
    const keys = await removeFilesWhere(trx, owner, files)
    // Children first, deepest first, so no foreign key ever points at a deleted folder.
    const below = await repo.descendants(owner, folder, trx)
    below.sort((a, b) => b.ancestors.length - a.ancestors.length)
    for (let i = 0; i < below.length; i += 500) {
      await trx.deleteFrom('folders').where('id', 'in', below.slice(i, i + 500).map((f) => f.id)).execute()
    }
    await trx.deleteFrom('folders').where('id', '=', folder.id).execute()
    return keys
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
      await janitor.flush(await tx((trx) => removeFolderIn(trx, owner, id)))
    },
    async removeItems(owner: string, items: Item[]) {
      const keys = await tx(async (trx) => {
        // Check every id first; then folders, then files a removed folder did not take along.
        const fileIds = [...new Set(items.filter((i) => !isFolder(i)).map((i) => i.id))]
        const folderIds = [...new Set(items.filter(isFolder).map((i) => i.id))]
        const [files, folders] = [await repo.filesByIds(owner, fileIds, trx), await repo.foldersByIds(owner, folderIds, trx)]
        if (files.length !== fileIds.length || folders.length !== folderIds.length) throw errors.notFound('Item')
        const all: string[] = []
        for (const id of folderIds) if (await repo.folder(owner, id, trx)) all.push(...(await removeFolderIn(trx, owner, id)))
        for (const id of fileIds) if (await repo.file(owner, id, trx)) all.push(...(await removeFileIn(trx, owner, id)))
        return all
      })
      await janitor.flush(keys)
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
