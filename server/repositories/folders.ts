// SQL for folder rows and the subtrees below them. Every call that reads a user's rows takes the
// owner's id, so no query can reach another user's folders; callers turn "not found" into 404.
import { type Kysely, type SqlBool, sql } from 'kysely'
import type { Dialect } from '../db/database.ts'
import { preparedShapes, type Shaped } from '../db/prepared.ts'
import { accentKey } from '../util/name-match.ts'
import { nameKey } from '../util/names.ts'
import type { DB, Folder } from '../db/schema.ts'
import type { SortBy } from '../schemas/files.ts'
import { ownedIdsFor } from './owned-ids.ts'
import { page } from './paging.ts'
import { nameContains } from './search.ts'
import { folderFilter, hasFilter, type ItemFilter } from './search-filters.ts'

/** The first key of the naming advisory lock (PostgreSQL): its own space, beside any other use. */
const NAMING_LOCK = 0x43_46_4e // "CFN"

/** Rows one restoring statement names at most. */
const RESTORE_CHUNK = 500

export interface FolderQuery {
  /** undefined = every folder. null = root. */
  parentId?: string | null
  /** Every folder strictly below this one (a member's search inside a share). */
  subtree?: Pick<Folder, 'id' | 'ancestors'>
  trashed: boolean
  /** Only folders trashed directly (the trash root). */
  trashRootsOnly?: boolean
  search?: string
  sort: SortBy
  limit?: number
  /** Kind and date range (search-filters.ts). */
  filter?: ItemFilter
}

/** The folders a list may show before any search: owner, trash, parent, filters. */
export function scoped(db: Kysely<DB>, owner: string, f: FolderQuery) {
  let q = db
    .selectFrom('folders')
    .selectAll()
    .where('owner_id', '=', owner)
    .where('trashed', '=', f.trashed ? 1 : 0)
  if (f.parentId !== undefined)
    q = f.parentId === null ? q.where('parent_id', 'is', null) : q.where('parent_id', '=', f.parentId)
  if (f.subtree) q = q.where(inSubtree(subtreePrefix(f.subtree), 'folders.ancestors'))
  if (f.trashRootsOnly) q = q.where('trash_root', '=', 1)
  if (f.filter) for (const c of folderFilter(f.filter)) q = q.where(c)
  return q
}

/** A folder list without a search, in sort order. */
const plainListQuery = (db: Kysely<DB>, { owner, f }: { owner: string; f: FolderQuery }) => {
  // The trash lists by when each folder went there.
  const sorted = page(scoped(db, owner, f), f.sort, f.trashed ? 'trashed_at' : 'created_at')
  return f.limit ? sorted.limit(f.limit) : sorted
}

/** Folder lists without a search, compiled once per shape (prepared.ts): owner, parent and limit are bound. */
const plainListShapes: Shaped<{ owner: string; f: FolderQuery }> = {
  shape: ({ f }) =>
    `${f.sort} ${f.trashed} ${f.parentId === undefined ? 'all' : f.parentId === null ? 'root' : 'folder'} ${!!f.trashRootsOnly} ${!!f.limit}`,
  values: ({ owner, f }) => [owner, typeof f.parentId === 'string' ? f.parentId : undefined, f.limit || undefined],
  withMarks: ({ f }, [owner, parentId, limit]) => ({
    owner: owner!,
    f: {
      ...f,
      ...(typeof f.parentId === 'string' ? { parentId } : {}),
      ...(f.limit ? { limit: limit as unknown as number } : {}),
    },
  }),
}

/** One folder by id: every list inside a folder looks it up first. */
const byIdShapes: Shaped<{ owner: string; id: string }> = {
  shape: () => '',
  values: ({ owner, id }) => [owner, id],
  withMarks: (_, [owner, id]) => ({ owner: owner!, id: id! }),
}
const byIdQuery = (db: Kysely<DB>, { owner, id }: { owner: string; id: string }) =>
  db.selectFrom('folders').selectAll().where('owner_id', '=', owner).where('id', '=', id)

// Compiled SQL differs by dialect only: one set for each.
const compiled = () => ({
  plainList: preparedShapes(plainListShapes, plainListQuery),
  byId: preparedShapes(byIdShapes, byIdQuery),
})
const prepared = { sqlite: compiled(), postgres: compiled() }

/** `db` is the database or a transaction (drive.ts binds one per transaction). */
export function createFoldersRepository(db: Kysely<DB>, dialect: Dialect) {
  const ownedIds = ownedIdsFor(dialect)

  /** Ids of a folder and every folder below it. */
  const subtreeIds = (owner: string, folder: Folder) =>
    db
      .selectFrom('folders')
      .select('id')
      .where('owner_id', '=', owner)
      .where((eb) => eb.or([eb('id', '=', folder.id), inSubtree(subtreePrefix(folder))]))

  return {
    folder: async (owner: string, id: string): Promise<Folder | undefined> =>
      (await prepared[dialect].byId(db, { owner, id }))[0],
    foldersByIds: (owner: string, ids: readonly string[]): Promise<Folder[]> =>
      ids.length ? db.selectFrom('folders').selectAll().where(ownedIds(owner, ids)).execute() : Promise.resolve([]),

    async listFolders(owner: string, f: FolderQuery): Promise<Folder[]> {
      if (!f.search && !hasFilter(f.filter) && !f.subtree) return prepared[dialect].plainList(db, { owner, f })
      if (!f.search) return plainListQuery(db, { owner, f }).execute()
      const q = scoped(db, owner, f).where((await nameContains(db, dialect, 'folders', f.search)).condition)
      const sorted = page(q, f.sort, 'created_at')
      return (f.limit ? sorted.limit(f.limit) : sorted).execute()
    },

    /** Folders strictly inside `folder` (prefix match on the ancestors path). */
    descendants: (owner: string, folder: Folder): Promise<Folder[]> =>
      db
        .selectFrom('folders')
        .selectAll()
        .where('owner_id', '=', owner)
        .where(inSubtree(subtreePrefix(folder)))
        .execute(),

    /** The level of the deepest folder strictly inside `folder` (Home's children are 1), or undefined. */
    async deepestBelow(owner: string, folder: Folder): Promise<number | undefined> {
      // Counts the "/" of each path: no assumption on how long ids are.
      const r = await db
        .selectFrom('folders')
        .select(sql<number | null>`max(length(ancestors) - length(replace(ancestors, '/', '')))`.as('depth'))
        .where('owner_id', '=', owner)
        .where(inSubtree(subtreePrefix(folder)))
        .executeTakeFirst()
      return r?.depth == null ? undefined : Number(r.depth)
    },

    /** Ids of the folders whose parent is one of `parents` (non-empty). */
    childFolderIds: async (owner: string, parents: readonly string[]): Promise<string[]> =>
      (
        await db
          .selectFrom('folders')
          .select('id')
          .where('owner_id', '=', owner)
          .where('parent_id', 'in', parents)
          .execute()
      ).map((r) => r.id),

    /**
     * The owner's folders among `ids` that are still `root` or inside it; on PostgreSQL they stay
     * locked until the transaction ends, so no upload or move lands in them meanwhile.
     */
    async stillInside(owner: string, root: Folder, ids: readonly string[]): Promise<string[]> {
      const prefix = subtreePrefix(root)
      // substr on rows found by id, not the range: the range would walk the whole subtree.
      const found = db
        .selectFrom('folders')
        .select('id')
        .where(ownedIds(owner, ids))
        .where(sql<SqlBool>`(id = ${root.id} or substr(ancestors, 1, ${prefix.length}) = ${prefix})`)
      return (await (dialect === 'postgres' ? found.forUpdate() : found).execute()).map((r) => r.id)
    },

    /**
     * Holds the owner's naming lock until the transaction ends. A transaction that looks up an
     * item by name and makes one if none is there (a folder upload's folders; WebDAV's PUT,
     * MKCOL, COPY and MOVE) takes it first: on PostgreSQL two transactions that both found no
     * "Photos" would each insert one; with the lock the second waits, then (read committed: each
     * statement sees what has committed) finds the first one's. SQLite runs one transaction at a
     * time already.
     */
    async lockNaming(owner: string): Promise<void> {
      if (dialect === 'postgres')
        await sql`select pg_advisory_xact_lock(${NAMING_LOCK}, hashtext(${owner}))`.execute(db)
    },

    /** The owner's folder named exactly `name` in `parentId` (null = Home), not trashed: the oldest when several are. */
    async childNamed(owner: string, parentId: string | null, name: string): Promise<Folder | undefined> {
      const q = db
        .selectFrom('folders')
        .selectAll()
        .where('owner_id', '=', owner)
        .where('trashed', '=', 0)
        .where('name_key', '=', nameKey(name))
      const rows = await (parentId === null ? q.where('parent_id', 'is', null) : q.where('parent_id', '=', parentId))
        .orderBy('created_at')
        .orderBy('id')
        .execute()
      return rows.find((f) => f.name === name)
    },

    /** Whether a folder outside `ids` has its parent among them (non-empty). */
    async hasOtherChildren(ids: readonly string[]): Promise<boolean> {
      return !!(await db
        .selectFrom('folders')
        .select('id')
        .where('parent_id', 'in', ids)
        .where('id', 'not in', ids)
        .limit(1)
        .executeTakeFirst())
    },

    async insertFolder(row: Folder): Promise<void> {
      await db.insertInto('folders').values(row).execute()
    },
    async rename(owner: string, id: string, name: string, nameKey: string, at: number): Promise<void> {
      await db
        .updateTable('folders')
        .set({ name, name_key: nameKey, accent_key: accentKey(name), updated_at: at })
        .where('owner_id', '=', owner)
        .where('id', '=', id)
        .execute()
    },

    /** Re-parents a folder and rewrites the ancestors path of everything below it. */
    async reparent(owner: string, folder: Folder, dest: Folder | null, at: number): Promise<void> {
      const ancestors = dest ? subtreePrefix(dest) : '/'
      const oldPrefix = subtreePrefix(folder)
      const newPrefix = `${ancestors}${folder.id}/`
      await db
        .updateTable('folders')
        .set({ parent_id: dest?.id ?? null, ancestors, updated_at: at })
        .where('owner_id', '=', owner)
        .where('id', '=', folder.id)
        .execute()
      if (oldPrefix !== newPrefix) {
        await db
          .updateTable('folders')
          .set({ ancestors: sql`${newPrefix} || substr(ancestors, ${oldPrefix.length + 1})` })
          .where('owner_id', '=', owner)
          .where(inSubtree(oldPrefix))
          .execute()
      }
    },

    /** Trashes a folder (a trash root) and everything below it not already in the trash on its own. */
    async trashSubtree(owner: string, folder: Folder, at: number): Promise<void> {
      await db
        .updateTable('folders')
        .set({ trashed: 1, trash_root: 1, trashed_at: at })
        .where('id', '=', folder.id)
        .execute()
      await db
        .updateTable('folders')
        .set({ trashed: 1, trash_root: 0, trashed_at: at })
        .where('owner_id', '=', owner)
        .where('trashed', '=', 0)
        .where(inSubtree(subtreePrefix(folder)))
        .execute()
      await db
        .updateTable('files')
        .set({ trashed: 1, trash_root: 0, trashed_at: at })
        .where('owner_id', '=', owner)
        .where('trashed', '=', 0)
        .where('folder_id', 'in', subtreeIds(owner, folder))
        .execute()
    },

    /**
     * Takes folder `id` out of the trash with the folders `below` it that went along (the
     * caller picks them), and the files that went along inside any of them.
     */
    async restoreSubtree(owner: string, id: string, below: readonly string[]): Promise<void> {
      await db
        .updateTable('folders')
        .set({ trashed: 0, trash_root: 0, trashed_at: null })
        .where('id', '=', id)
        .execute()
      const ids = [id, ...below]
      for (let i = 0; i < ids.length; i += RESTORE_CHUNK) {
        const chunk = ids.slice(i, i + RESTORE_CHUNK)
        if (i > 0 || chunk.length > 1) {
          await db
            .updateTable('folders')
            .set({ trashed: 0, trashed_at: null })
            .where(
              ownedIds(
                owner,
                chunk.filter((x) => x !== id),
              ),
            )
            .execute()
        }
        await db
          .updateTable('files')
          .set({ trashed: 0, trashed_at: null })
          .where('owner_id', '=', owner)
          .where('trash_root', '=', 0)
          .where('trashed', '=', 1)
          .where('folder_id', 'in', chunk)
          .execute()
      }
    },

    /** Deletes the owner's folders with these ids (non-empty). */
    async deleteByIds(owner: string, ids: readonly string[]): Promise<void> {
      await db.deleteFrom('folders').where(ownedIds(owner, ids)).execute()
    },
    /** The ids of the owner's trash roots (what "Empty trash" deletes, each with its subtree). */
    trashRoots: async (owner: string): Promise<string[]> =>
      (
        await db.selectFrom('folders').select('id').where('owner_id', '=', owner).where('trash_root', '=', 1).execute()
      ).map((r) => r.id),
    /** Every user's trash roots trashed before `cutoff` (the retention sweep). */
    trashRootsBefore: (cutoff: number): Promise<Array<{ id: string; owner_id: string }>> =>
      db
        .selectFrom('folders')
        .select(['id', 'owner_id'])
        .where('trash_root', '=', 1)
        .where('trashed_at', '<', cutoff)
        .execute(),
  }
}
export type FoldersRepository = ReturnType<typeof createFoldersRepository>

/** The ancestors value of a folder's direct children. */
export const subtreePrefix = (f: Pick<Folder, 'ancestors' | 'id'>) => `${f.ancestors}${f.id}/`

/** How many levels below Home a folder sits: Home's children are level 1. */
export const folderDepth = (f: Pick<Folder, 'ancestors'>) => f.ancestors.split('/').length - 1

/**
 * Folders whose ancestors path starts with `prefix` (which ends in "/"): a range on the
 * (owner_id, ancestors) index. The paths that start so are exactly those from the prefix up to,
 * not including, the prefix with its last "/" raised to the next character, "0"; that holds where
 * text compares byte by byte (SQLite; the "C" collation of the column on PostgreSQL, migration
 * 009). `substr(ancestors, 1, n) = prefix` said the same but read every folder of the owner.
 */
export function inSubtree(prefix: string, column = 'ancestors') {
  if (!prefix.endsWith('/')) throw new Error(`not a subtree prefix: ${prefix}`)
  const col = sql.ref(column)
  return sql<SqlBool>`(${col} >= ${prefix} and ${col} < ${`${prefix.slice(0, -1)}0`})`
}
