import type { Kysely } from 'kysely'
import type { AuditEntry, DB } from '../db/schema.ts'

/** An entry with the emails of the accounts it names, and the actor's name (null once an account is gone). */
export type AuditRow = AuditEntry & {
  subject_email: string | null
  actor_email: string | null
  actor_name: string | null
}

export interface AuditPage {
  /** Only entries about this user (as actor or subject); undefined = everyone's. */
  userId?: string
  limit: number
  /** Keyset cursor: entries strictly older than this one, newest first. */
  before?: { at: number; id: string }
}

export function createAuditRepository(db: Kysely<DB>) {
  return {
    async insert(entry: AuditEntry): Promise<void> {
      await db.insertInto('audit_log').values(entry).execute()
    },
    byId: (id: string) => db.selectFrom('audit_log').selectAll().where('id', '=', id).executeTakeFirst(),
    page: (p: AuditPage): Promise<AuditRow[]> => {
      let q = db
        .selectFrom('audit_log')
        .leftJoin('users as subject', 'subject.id', 'audit_log.subject_id')
        .leftJoin('users as actor', 'actor.id', 'audit_log.actor_id')
        .selectAll('audit_log')
        .select(['subject.email as subject_email', 'actor.email as actor_email', 'actor.display_name as actor_name'])
      if (p.userId !== undefined) {
        const user = p.userId
        q = q.where((eb) => eb.or([eb('audit_log.subject_id', '=', user), eb('audit_log.actor_id', '=', user)]))
      }
      if (p.before) {
        const { at, id } = p.before
        q = q.where((eb) =>
          eb.or([eb('audit_log.at', '<', at), eb.and([eb('audit_log.at', '=', at), eb('audit_log.id', '<', id)])]),
        )
      }
      return q.orderBy('audit_log.at', 'desc').orderBy('audit_log.id', 'desc').limit(p.limit).execute()
    },
    /** A deleted account's own entries go with it. */
    async removeFor(userId: string): Promise<void> {
      await db
        .deleteFrom('audit_log')
        .where((eb) => eb.or([eb('subject_id', '=', userId), eb('actor_id', '=', userId)]))
        .execute()
    },
  }
}
export type AuditRepository = ReturnType<typeof createAuditRepository>
