// SQL for share links, which live on the file rows (link_type, link_token).
import type { Kysely } from 'kysely'
import type { DB, FileRow, LinkType } from '../db/schema.ts'

export function createLinksRepository(db: Kysely<DB>) {
  return {
    async setLink(owner: string, id: string, type: LinkType | null, token: string | null): Promise<void> {
      await db.updateTable('files').set({ link_type: type, link_token: token }).where('owner_id', '=', owner).where('id', '=', id).execute()
    },

    /** A shared, non-trashed file by id and token. */
    sharedFile: (id: string, token: string): Promise<FileRow | undefined> =>
      db
        .selectFrom('files')
        .selectAll()
        .where('id', '=', id)
        .where('link_token', '=', token)
        .where('link_type', 'is not', null)
        .where('trashed', '=', 0)
        .executeTakeFirst(),

    /**
     * Spends a one-time link in a single conditional update: under any concurrency exactly one
     * caller sees the row change (true), and the file is private from that moment.
     */
    async consumeOneTimeLink(fileId: string, token: string): Promise<boolean> {
      const res = await db
        .updateTable('files')
        .set({ link_type: null, link_token: null })
        .where('id', '=', fileId)
        .where('link_token', '=', token)
        .where('link_type', '=', 'one')
        .executeTakeFirst()
      return Number(res.numUpdatedRows) === 1
    },
  }
}
export type LinksRepository = ReturnType<typeof createLinksRepository>
