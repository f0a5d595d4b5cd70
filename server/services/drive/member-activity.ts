// What members do in an owner's shared folders, in the owner's activity log (issue #39 point 6):
// the owner reads GET /user-service/audit, which lists the events naming them as subject, so each
// event has the member as actor and the owner as subject, and names the item and the folder in its
// detail. An owner's own acts in their own drive are not logged here (they are the drive itself).
import type { AuditService } from '../audit.ts'
import type { Reach } from './access.ts'

/** Quoted as the log shows it; the app escapes it like every name from another person. */
const quoted = (name: string) => `"${name}"`

export function createMemberActivity(deps: { audit: Pick<AuditService, 'record'> }) {
  /** Whether the act was a member's in someone else's drive (only those are logged). */
  const byMember = (reach: Pick<Reach, 'ownerId' | 'callerId'>) => reach.callerId !== reach.ownerId

  return {
    /** A file a member uploaded into `folder` (its path below it for a file of a folder upload). */
    async uploaded(reach: Pick<Reach, 'ownerId' | 'callerId'>, file: string, folder: string): Promise<void> {
      if (!byMember(reach)) return
      await deps.audit.record({
        action: 'member.upload',
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
      if (!byMember(reach)) return
      await deps.audit.record({
        action: 'member.folder-upload',
        actorId: reach.callerId,
        subjectId: reach.ownerId,
        detail: `${quoted(top)} (${files} ${files === 1 ? 'file' : 'files'}) into ${quoted(folder)}`,
      })
    },
  }
}
export type MemberActivity = ReturnType<typeof createMemberActivity>
