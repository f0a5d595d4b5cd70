// Share links (SPEC §4 "Share state"): private, public, or one — a link good for exactly one
// download. Tokens are 192-bit random; changing or removing a link kills the old one at once.
import type { Kysely } from 'kysely'
import type { DB, FileRow, LinkType } from '../db/schema.ts'
import { errors } from '../errors.ts'
import type { DriveRepository } from '../repositories/drive.ts'
import { randomId } from '../util/crypto.ts'

export function createSharingService(deps: { db: Kysely<DB>; repo: DriveRepository }) {
  const { db, repo } = deps

  async function own(owner: string, id: string): Promise<FileRow> {
    const file = await repo.file(owner, id)
    if (!file) throw errors.notFound('File')
    return file
  }

  return {
    async setLink(owner: string, id: string, type: LinkType | null): Promise<FileRow> {
      const file = await own(owner, id)
      if (type && file.trashed) throw errors.badRequest('Restore the file before sharing it')
      await db
        .updateTable('files')
        .set({ link_type: type, link_token: type ? randomId(24) : null })
        .where('owner_id', '=', owner)
        .where('id', '=', id)
        .execute()
      return (await repo.file(owner, id))!
    },

    /** A shared, non-trashed file by id and token; anything else is the same 404. */
    async publicFile(id: string, token: string): Promise<FileRow> {
      const file = await db
        .selectFrom('files')
        .selectAll()
        .where('id', '=', id)
        .where('link_token', '=', token)
        .where('link_type', 'is not', null)
        .where('trashed', '=', 0)
        .executeTakeFirst()
      if (!file) throw errors.notFound('File')
      return file
    },

    /**
     * Spends a one-time link in a single conditional update: under any concurrency exactly one
     * caller sees the row change, and the file is private from that moment.
     */
    async consumeOnce(file: FileRow): Promise<void> {
      if (file.link_type !== 'one') return
      const res = await db
        .updateTable('files')
        .set({ link_type: null, link_token: null })
        .where('id', '=', file.id)
        .where('link_token', '=', file.link_token)
        .where('link_type', '=', 'one')
        .executeTakeFirst()
      if (Number(res.numUpdatedRows) !== 1) throw errors.notFound('File')
    },
  }
}
export type SharingService = ReturnType<typeof createSharingService>
