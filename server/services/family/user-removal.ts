// Deleting an account and everything of it (DESIGN.md §7), through the blob outbox so nothing
// is orphaned: the account is disabled first (no new session, no new write of theirs), its
// member shares to and from it end, its links go (no anonymous upload starts), its unfinished
// uploads and their staged bytes go, the drive is removed by the tree's own bounded deletes
// (each transaction condemns the blobs of the rows it deletes), and one last transaction
// condemns whatever was written meanwhile and deletes the user row, whose cascade takes the
// rest (sessions, tokens, app passwords).
import type { UploadRow } from '../../db/schema.ts'
import { errors } from '../../errors.ts'
import type { DriveRepository } from '../../repositories/drive.ts'
import type { UsersRepository } from '../../repositories/users.ts'
import type { BlobJanitor } from '../../storage/blob-janitor.ts'
import type { AuditService } from '../audit.ts'
import type { SessionService } from '../sign-in/sessions.ts'
import type { TreeService } from '../drive/tree.ts'

/** Top-level items removed per round (each goes in the tree's own bounded transactions). */
const ROUND = 200

export function createUserRemoval(deps: {
  users: UsersRepository
  drive: DriveRepository
  tree: Pick<TreeService, 'removeItems'>
  janitor: BlobJanitor
  sessions: SessionService
  audit: AuditService
  /** Removes an unfinished upload's staged bytes (the vault's). */
  discardStaged: (row: UploadRow) => Promise<void>
}) {
  const { users, drive, tree, janitor, sessions, audit } = deps

  return {
    /** Throws LAST_ADMIN (409) for the only active admin, NOT_FOUND for an unknown id. */
    async remove(userId: string): Promise<{ email: string }> {
      const user = await users.byId(userId)
      if (!user) throw errors.notFound('User')
      if (!(await users.guardedChange(userId, { patch: { disabled: 1 } }))) throw errors.lastAdmin()
      await sessions.endAll(userId)
      // Shares to and from the account end now, before its drive goes round by round.
      // Owners who shared with the account: their cached lists marked those items `shared`.
      for (const ownerId of await drive.memberShares.removeFor('user', userId)) await users.bumpDriveVersion(ownerId)
      await drive.accountRows.removeLinks(userId)
      for (const row of await drive.accountRows.uploads(userId)) {
        await deps.discardStaged(row)
        await drive.accountRows.removeUpload(userId, row.id)
      }
      for (
        let items = await drive.accountRows.topItems(userId, ROUND);
        items.length > 0;
        items = await drive.accountRows.topItems(userId, ROUND)
      ) {
        await tree.removeItems(userId, items).catch((err: unknown) => {
          // An item already gone (a second delete racing this one) is fine: the next round re-reads.
          if (!(err instanceof Error && 'statusCode' in err && err.statusCode === 404)) throw err
        })
      }
      const keys = await drive.transaction(async (trx) => {
        const left = await trx.accountRows.remainingBlobKeys(userId)
        await janitor.condemn(trx.outbox, left)
        await trx.accountRows.removeUser(userId)
        return left
      })
      await janitor.flush(keys)
      await audit.removeFor(userId)
      return { email: user.email }
    },
  }
}
export type UserRemoval = ReturnType<typeof createUserRemoval>
