// The drive's repositories, split by what they store, and the one way to run them in a
// transaction: `transaction(fn)` hands `fn` the same repositories bound to that transaction, so
// no caller ever holds a connection or a transaction object.
import type { Kysely } from 'kysely'
import type { Dialect } from '../db/database.ts'
import type { DB } from '../db/schema.ts'
import { createAccountRowsRepository } from './account-rows.ts'
import { createBlobOutboxRepository } from './blob-outbox.ts'
import { createContentIndexRepository } from './content-index.ts'
import { createDavRepository } from './dav.ts'
import { createFilesRepository } from './files.ts'
import { createFoldersRepository } from './folders.ts'
import { createItemPathsRepository } from './item-paths.ts'
import { createLinksRepository } from './links.ts'
import { createMemberSharesRepository } from './member-shares.ts'
import { createQuotaRepository } from './quota.ts'
import { createRelevanceRepository } from './relevance.ts'
import { createThumbnailJobsRepository } from './thumbnail-jobs.ts'
import { createTimelineRepository } from './timeline.ts'
import { createUploadsRepository } from './uploads.ts'
import { createVersionsRepository } from './versions.ts'

/** CONTENT_INDEX=off: contentMatch matches nothing and snippets are empty. */
export interface DriveOptions {
  contentIndex?: boolean
}

function bind(db: Kysely<DB>, dialect: Dialect, options: DriveOptions) {
  const contentIndex = createContentIndexRepository(db, dialect, options.contentIndex ?? true)
  return {
    files: createFilesRepository(db, dialect),
    folders: createFoldersRepository(db, dialect),
    links: createLinksRepository(db, dialect),
    thumbnailJobs: createThumbnailJobsRepository(db),
    outbox: createBlobOutboxRepository(db, dialect),
    uploads: createUploadsRepository(db),
    /** File versions (migration 028): a file's earlier contents (services/drive/versions.ts). */
    versions: createVersionsRepository(db),
    /** Quota reservations: settled in the transaction that commits a file (services/drive/quota.ts). */
    quota: createQuotaRepository(db),
    accountRows: createAccountRowsRepository(db),
    /** WebDAV's names, dead properties and locks (services/dav/). */
    dav: createDavRepository(db),
    /** Member shares (migration 026) and the owner-free reads the access check starts from. */
    memberShares: createMemberSharesRepository(db),
    paths: createItemPathsRepository(db),
    /** The family timeline: own and shared media in one date order (issue #39). */
    timeline: createTimelineRepository(db, dialect),
    /** Files' extracted text, its search condition and snippets, and its queue (migration 030). */
    contentIndex,
    /** A relevance search's candidates: names through their indexes, and content (relevance.ts). */
    relevance: createRelevanceRepository(db, dialect, contentIndex),
  }
}
/** The drive's repositories inside one transaction. */
export type DriveTransaction = ReturnType<typeof bind>

export function createDriveRepository(db: Kysely<DB>, dialect: Dialect, options: DriveOptions = {}) {
  return {
    ...bind(db, dialect, options),
    /** Runs `fn` in one transaction: everything it does through `t` commits or rolls back together. */
    transaction: <R>(fn: (t: DriveTransaction) => Promise<R>): Promise<R> =>
      db.transaction().execute((trx) => fn(bind(trx, dialect, options))),
  }
}
export type DriveRepository = ReturnType<typeof createDriveRepository>
