// SQL for share links (migration 012): the share_links rows, and the mirror of a file's link on
// its row (files.link_type / link_token), which the spec's file JSON shows. Every write that
// changes a file's link changes the mirror in the same transaction (services/sharing/links.ts runs
// them in one), and writing the file row moves the drive version, so cached lists follow.
import type { ExpressionBuilder, Kysely } from 'kysely'
import type { Dialect } from '../db/database.ts'
import type { DB, Folder, LinkType, NewShareLink, ShareLink } from '../db/schema.ts'

export type ShareLinkChanges = Partial<
  Pick<ShareLink, 'expires_at' | 'password_hash' | 'max_downloads' | 'max_file_size' | 'max_total_bytes' | 'max_files'>
>

/** Links nobody can use any more: expired before `expiredBefore`, used up, or on an item deleted for good. */
const unusable = (expiredBefore: number) => (eb: ExpressionBuilder<DB, 'share_links'>) => {
  const itemGone = (table: 'files' | 'folders', type: 'file' | 'folder') =>
    eb.and([
      eb('share_links.item_type', '=', type),
      eb.not(
        eb.exists(
          eb
            .selectFrom(table)
            .select(`${table}.id`)
            .whereRef(`${table}.id`, '=', 'share_links.item_id')
            .whereRef(`${table}.owner_id`, '=', 'share_links.owner_id'),
        ),
      ),
    ])
  return eb.or([
    eb('share_links.expires_at', '<', expiredBefore),
    eb.and([
      eb('share_links.max_downloads', 'is not', null),
      eb('share_links.downloads', '>=', eb.ref('share_links.max_downloads')),
    ]),
    itemGone('files', 'file'),
    itemGone('folders', 'folder'),
  ])
}

export function createLinksRepository(db: Kysely<DB>, dialect: Dialect = 'sqlite') {
  return {
    insert: (row: NewShareLink) => db.insertInto('share_links').values(row).execute(),

    link: (owner: string, id: string): Promise<ShareLink | undefined> =>
      db.selectFrom('share_links').selectAll().where('owner_id', '=', owner).where('id', '=', id).executeTakeFirst(),

    /**
     * The link a token opens, found by the token's hash (an indexed equality, never a scan), while
     * its owner's account is enabled: a disabled owner's links open nothing until re-enabled.
     */
    byTokenHash: (tokenHash: string): Promise<ShareLink | undefined> =>
      db
        .selectFrom('share_links')
        .innerJoin('users', 'users.id', 'share_links.owner_id')
        .selectAll('share_links')
        .where('share_links.token_hash', '=', tokenHash)
        .where('users.disabled', '=', 0)
        .executeTakeFirst(),

    /** `link`, but only while its owner's account is enabled (what a visitor's write checks at its commit). */
    liveLink: (owner: string, id: string): Promise<ShareLink | undefined> =>
      db
        .selectFrom('share_links')
        .innerJoin('users', 'users.id', 'share_links.owner_id')
        .selectAll('share_links')
        .where('share_links.owner_id', '=', owner)
        .where('share_links.id', '=', id)
        .where('users.disabled', '=', 0)
        .executeTakeFirst(),

    /** The owner's links, newest first (the service drops dead ones and adds item names). */
    links: (owner: string): Promise<ShareLink[]> =>
      db
        .selectFrom('share_links')
        .selectAll()
        .where('owner_id', '=', owner)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute(),

    /** The file's link row, if any (one per file: a unique index says so). */
    fileLink: (owner: string, fileId: string): Promise<ShareLink | undefined> =>
      db
        .selectFrom('share_links')
        .selectAll()
        .where('owner_id', '=', owner)
        .where('item_type', '=', 'file')
        .where('item_id', '=', fileId)
        .executeTakeFirst(),

    update: async (owner: string, id: string, changes: ShareLinkChanges): Promise<void> => {
      await db.updateTable('share_links').set(changes).where('owner_id', '=', owner).where('id', '=', id).execute()
    },

    remove: async (owner: string, id: string): Promise<void> => {
      await db.deleteFrom('share_links').where('owner_id', '=', owner).where('id', '=', id).execute()
    },

    removeFileLinks: async (owner: string, fileId: string): Promise<void> => {
      await db
        .deleteFrom('share_links')
        .where('owner_id', '=', owner)
        .where('item_type', '=', 'file')
        .where('item_id', '=', fileId)
        .execute()
    },

    /**
     * Writes the file's link as the spec shows it (null = private). Run first in a transaction
     * that changes a file's link: on PostgreSQL it locks the file row, so two changes to one
     * file's link queue instead of racing on the one-link-per-file index.
     */
    async setMirror(owner: string, fileId: string, type: LinkType | null, token: string | null): Promise<boolean> {
      const res = await db
        .updateTable('files')
        .set({ link_type: type, link_token: token })
        .where('owner_id', '=', owner)
        .where('id', '=', fileId)
        .executeTakeFirst()
      return Number(res.numUpdatedRows) === 1
    },

    /** Clears the mirror if it still shows `token` (a spent link; a newer link is left alone). */
    clearMirror: async (fileId: string, token: string): Promise<void> => {
      await db
        .updateTable('files')
        .set({ link_type: null, link_token: null })
        .where('id', '=', fileId)
        .where('link_token', '=', token)
        .execute()
    },

    /**
     * Counts one download if the link has one left, in a single conditional update: under any
     * concurrency, with a limit of N exactly N callers see their row change. Answers the count
     * after this download, or undefined when none was left.
     */
    async spendDownload(id: string): Promise<number | undefined> {
      const res = await db
        .updateTable('share_links')
        .set((eb) => ({ downloads: eb('downloads', '+', 1) }))
        .where('id', '=', id)
        .where((eb) => eb.or([eb('max_downloads', 'is', null), eb('downloads', '<', eb.ref('max_downloads'))]))
        .returning('downloads')
        .executeTakeFirst()
      return res ? Number(res.downloads) : undefined
    },

    /**
     * The folder a file request writes into, locked on PostgreSQL until the transaction ends: two
     * uploads into one folder then pick their free names one after the other (the second sees
     * the first's file), never the same one. SQLite has one writer at a time already.
     */
    async lockFolder(owner: string, folderId: string): Promise<Folder | undefined> {
      const q = db.selectFrom('folders').selectAll().where('owner_id', '=', owner).where('id', '=', folderId)
      return (dialect === 'postgres' ? q.forUpdate() : q).executeTakeFirst()
    },

    /** Gives back the bytes and the file an upload reserved of its link's limits (a resumable upload that ended unfinished). */
    releaseUploaded: async (id: string, bytes: number): Promise<void> => {
      await db
        .updateTable('share_links')
        .set((eb) => ({
          uploaded_bytes: eb('uploaded_bytes', '-', bytes),
          uploaded_files: eb('uploaded_files', '-', 1),
        }))
        .where('id', '=', id)
        .where('uploaded_bytes', '>=', bytes)
        .where('uploaded_files', '>=', 1)
        .execute()
    },

    /**
     * Removes links nobody can use any more, `limit` at a time: expired before `expiredBefore`,
     * used up, or on an item that no longer exists (deleted for good; a trashed item keeps its
     * link, which comes back with a restore). Answers the rows removed, so the caller can clear
     * the mirror of a file's link.
     */
    async sweep(expiredBefore: number, limit: number): Promise<ShareLink[]> {
      const dead = await db
        .selectFrom('share_links')
        .selectAll()
        .where(unusable(expiredBefore))
        .orderBy('id')
        .limit(limit)
        .execute()
      // The condition again in the delete: a link changed since (its expiry moved) stays.
      if (dead.length)
        await db
          .deleteFrom('share_links')
          .where(
            'id',
            'in',
            dead.map((l) => l.id),
          )
          .where(unusable(expiredBefore))
          .execute()
      return dead
    },

    /** Which of `keys` (name keys) active files in `folderId` already use: a file request's clash check. */
    async takenNames(owner: string, folderId: string, keys: readonly string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set()
      const rows = await db
        .selectFrom('files')
        .select('name_key')
        .where('owner_id', '=', owner)
        .where('folder_id', '=', folderId)
        .where('trashed', '=', 0)
        .where('name_key', 'in', keys)
        .execute()
      return new Set(rows.map((r) => r.name_key))
    },

    /**
     * Adds one file of `bytes` to an upload link's counts if they stay within `max_total_bytes`
     * and `max_files` (one conditional update, so parallel uploads cannot pass a limit together;
     * an empty file counts as a file). False when full.
     */
    async addUploaded(id: string, bytes: number): Promise<boolean> {
      const res = await db
        .updateTable('share_links')
        .set((eb) => ({
          uploaded_bytes: eb('uploaded_bytes', '+', bytes),
          uploaded_files: eb('uploaded_files', '+', 1),
        }))
        .where('id', '=', id)
        .where((eb) =>
          eb.or([
            eb('max_total_bytes', 'is', null),
            eb(eb('uploaded_bytes', '+', bytes), '<=', eb.ref('max_total_bytes')),
          ]),
        )
        .where((eb) => eb.or([eb('max_files', 'is', null), eb('uploaded_files', '<', eb.ref('max_files'))]))
        .executeTakeFirst()
      return Number(res.numUpdatedRows) === 1
    },
  }
}
export type LinksRepository = ReturnType<typeof createLinksRepository>
