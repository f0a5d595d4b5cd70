// The owner's rows among a list of ids: shared by the file and folder repositories.
import { sql, type SqlBool } from 'kysely'
import type { Dialect } from '../db/database.ts'

/**
 * `owner_id = owner and id in (ids)`, found through the primary key. Given the owner to match,
 * SQLite chose one of the indexes that start with it and walked the owner's whole drive testing
 * ids; `+owner_id` takes that column out of its choice. PostgreSQL plans from statistics.
 */
export const ownedIdsFor = (dialect: Dialect) => (owner: string, ids: readonly string[]) =>
  dialect === 'sqlite'
    ? sql<SqlBool>`(+owner_id = ${owner} and id in (${sql.join(ids)}))`
    : sql<SqlBool>`(owner_id = ${owner} and id in (${sql.join(ids)}))`
