// SQL of backups: what a database copy names (its blobs, its migrations), and the blob
// bookkeeping a restored copy drops (keys reserved or condemned by instances that are gone: their
// blobs were never in the backup).
import { type Kysely, sql } from 'kysely'
import type { DB } from '../db/schema.ts'

export function createBackupRowsRepository(db: Kysely<DB>) {
  return {
    /** Every blob key a row names: file contents, thumbnails, previews and versions. */
    async namedBlobKeys(): Promise<string[]> {
      const { rows } = await sql<{ key: string }>`
        select blob_key as key from files
        union select thumbnail_key from files where thumbnail_key is not null
        union select preview_key from files where preview_key is not null
        union select blob_key from file_versions`.execute(db)
      return rows.map((r) => r.key).sort()
    },
    /** The names of the migrations this database has run. */
    async appliedMigrations(): Promise<string[]> {
      const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db)
      return rows.map((r) => r.name)
    },
    /** After a restore: the old instances' records of blobs that are not there. */
    async dropWorkInProgress(): Promise<void> {
      await db.deleteFrom('blob_key_pool').execute()
      await db.deleteFrom('blob_outbox').execute()
      await db.deleteFrom('instances').execute()
    },
  }
}
export type BackupRowsRepository = ReturnType<typeof createBackupRowsRepository>
