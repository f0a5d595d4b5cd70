// Who did what in a shared folder (issue #39, point 6): a member's change to someone else's drive
// goes into the owner's audit log, the member as the actor and the owner as the subject, naming
// the items, so the owner's Activity list shows "Renamed: beach.txt → shore.txt · by Ben". The
// owner's own changes are not logged (the log is of account events, not of a drive's history).
import type { AuditAction, AuditService } from '../audit.ts'
import type { Reach } from './access.ts'

export type MemberAction = Extract<AuditAction, `drive.${string}`>

/** Quoted as the log shows it; the app escapes it like every name from another person. */
const quoted = (name: string) => `"${name}"`

/** How many names one entry spells out; the rest are counted ("a, b, c and 4 more"). */
export const NAMED = 3

/** The entry's detail: the items' names, a few of them when many (`total` of them in all). */
export function describeItems(names: readonly string[], total = names.length): string {
  const shown = names.slice(0, NAMED)
  return total > shown.length ? `${shown.join(', ')} and ${total - shown.length} more` : shown.join(', ')
}

export function createMemberActivity(deps: { audit: Pick<AuditService, 'record'> }) {
  return {
    /** Whether `reach` is a member's, so that names are worth reading for the entry. */
    logged: (reach: Reach) => reach.role !== 'owner',
    /**
     * Records a member's change (nothing for the owner); never fails the change itself. No
     * address: the owner's log is not the place to learn where a member signs in from.
     */
    async record(reach: Reach, action: MemberAction, names: readonly string[], total?: number): Promise<void> {
      if (reach.role === 'owner') return
      const detail = describeItems(names, total)
      await deps.audit.record({ action, actorId: reach.callerId, subjectId: reach.ownerId, detail })
    },
    /** A file a member uploaded into `folder` (its path below it for a file of a folder upload). */
    async uploaded(reach: Pick<Reach, 'ownerId' | 'callerId'>, file: string, folder: string): Promise<void> {
      if (reach.callerId === reach.ownerId) return
      await deps.audit.record({
        action: 'drive.upload',
        actorId: reach.callerId,
        subjectId: reach.ownerId,
        detail: `${quoted(file)} into ${quoted(folder)}`,
      })
    },
    /** A folder upload of `files` files a member made into `folder`, its new top folder `top`. */
    async uploadedFolder(
      reach: Pick<Reach, 'ownerId' | 'callerId'>,
      top: string,
      files: number,
      folder: string,
    ): Promise<void> {
      if (reach.callerId === reach.ownerId) return
      await deps.audit.record({
        action: 'drive.folder-upload',
        actorId: reach.callerId,
        subjectId: reach.ownerId,
        detail: `${quoted(top)} (${files} ${files === 1 ? 'file' : 'files'}) into ${quoted(folder)}`,
      })
    },
  }
}
export type MemberActivity = ReturnType<typeof createMemberActivity>
