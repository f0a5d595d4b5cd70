// A display name shows on other people's lists: as the owner of what they receive, and as
// "added by" in the drives of those who share with the account. Those lists are cached under
// their drive's version (services/drive/list-cache.ts), which a name change does not touch, so a
// renamed person would keep their old name there until the drive's next write. A name change
// bumps the account's own drive version (members' views of it are filed under it) and those of
// the owners sharing with it (their lists and their members' show its "added by").
import type { MemberSharesRepository } from '../../repositories/member-shares.ts'
import type { UsersRepository } from '../../repositories/users.ts'

export function createNameFreshness(deps: {
  users: Pick<UsersRepository, 'bumpDriveVersion'>
  shares: Pick<MemberSharesRepository, 'ownersSharingWith'>
}) {
  /** After `userId`'s display name changed: every cached list that showed it is stale. */
  return async function nameChanged(userId: string): Promise<void> {
    const owners = new Set([userId, ...(await deps.shares.ownersSharingWith(userId)).map((s) => s.owner_id)])
    for (const id of owners) await deps.users.bumpDriveVersion(id)
  }
}

export type NameChanged = ReturnType<typeof createNameFreshness>
