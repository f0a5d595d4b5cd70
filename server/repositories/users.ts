import { type Kysely, sql } from 'kysely'
import type { Dialect } from '../db/database.ts'
import type { DB, NewUser, User, UserRole } from '../db/schema.ts'

/** A user as the admin's list shows it: the row's account fields and what they store. */
export interface UserUsage {
  id: string
  email: string
  display_name: string
  role: UserRole
  disabled: number
  quota: number | null
  used_bytes: number
  created_at: number
  file_count: number
  /** The latest sign-in or refresh of any of their sessions; null = never signed in. */
  last_active_at: number | null
}

/** What an admin may change on an account (services/family/admin.ts checks the last-admin rule). */
export interface AccountPatch {
  role?: UserRole
  disabled?: number
  quota?: number | null
  display_name?: string
}

export function createUsersRepository(db: Kysely<DB>, dialect: Dialect = 'sqlite') {
  /** Admins who can still act: not disabled. */
  const activeAdmins = (q: Kysely<DB>) =>
    q.selectFrom('users').select('id').where('role', '=', 'admin').where('disabled', '=', 0)

  return {
    byId: (id: string): Promise<User | undefined> =>
      db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),
    byEmail: (email: string): Promise<User | undefined> =>
      db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst(),
    async insert(user: NewUser): Promise<void> {
      await db.insertInto('users').values(user).execute()
    },
    /** Whether any account exists (a fresh server's first sign-up makes its admin). */
    hasAny: async (): Promise<boolean> => !!(await db.selectFrom('users').select('id').limit(1).executeTakeFirst()),
    /** The first account becomes the admin: makes `id` one when no admin exists yet. */
    async claimFirstAdmin(id: string): Promise<boolean> {
      const res = await db
        .updateTable('users')
        .set({ role: 'admin' })
        .where('id', '=', id)
        .where((eb) => eb.not(eb.exists(eb.selectFrom('users as a').select('a.id').where('a.role', '=', 'admin'))))
        .executeTakeFirst()
      return Number(res.numUpdatedRows) === 1
    },
    /** `mustChange`: the password is a temporary one an admin made; the user must replace it. */
    async setPassword(id: string, passwordHash: string, mustChange = false): Promise<void> {
      await db
        .updateTable('users')
        .set({ password_hash: passwordHash, must_change_password: mustChange ? 1 : 0 })
        .where('id', '=', id)
        .execute()
    },
    async setDisplayName(id: string, name: string): Promise<void> {
      await db.updateTable('users').set({ display_name: name }).where('id', '=', id).execute()
    },
    async markVerified(id: string): Promise<void> {
      await db.updateTable('users').set({ email_verified: 1 }).where('id', '=', id).execute()
    },
    /**
     * Claims the mail cooldown atomically: succeeds only when the last send of this kind is older
     * than `since`, so two concurrent requests cannot both send.
     */
    async claimMailSlot(
      id: string,
      column: 'verify_sent_at' | 'reset_sent_at',
      now: number,
      since: number,
    ): Promise<boolean> {
      const res = await db
        .updateTable('users')
        .set({ [column]: now })
        .where('id', '=', id)
        .where((eb) => eb.or([eb(column, 'is', null), eb(column, '<=', since)]))
        .executeTakeFirst()
      return Number(res.numUpdatedRows) === 1
    },
    async releaseMailSlot(id: string, column: 'verify_sent_at' | 'reset_sent_at'): Promise<void> {
      await db
        .updateTable('users')
        .set({ [column]: null })
        .where('id', '=', id)
        .execute()
    },

    /** Every account with what it stores, oldest first (a family's server: tens of rows). */
    listWithUsage: (): Promise<UserUsage[]> =>
      db
        .selectFrom('users')
        .select([
          'users.id',
          'users.email',
          'users.display_name',
          'users.role',
          'users.disabled',
          'users.quota',
          'users.used_bytes',
          'users.created_at',
        ])
        .select((eb) => [
          eb
            .selectFrom('files')
            .select((f) => f.fn.countAll<number>().as('n'))
            .whereRef('files.owner_id', '=', 'users.id')
            .as('file_count'),
          eb
            .selectFrom('sessions')
            .select((s) => s.fn.max(sql<number>`coalesce(sessions.last_seen_at, sessions.created_at)`).as('t'))
            .whereRef('sessions.user_id', '=', 'users.id')
            .as('last_active_at'),
        ])
        .orderBy('users.created_at')
        .orderBy('users.id')
        .execute()
        .then((rows) =>
          rows.map((r) => ({
            ...r,
            file_count: Number(r.file_count ?? 0),
            last_active_at: r.last_active_at === null ? null : Number(r.last_active_at),
          })),
        ),

    fileCount: async (id: string): Promise<number> =>
      Number(
        (
          await db
            .selectFrom('files')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('owner_id', '=', id)
            .executeTakeFirst()
        )?.n ?? 0,
      ),

    /**
     * Marks the account's drive as changed without a row of it changing (a member share made,
     * changed or ended): its cached lists, keyed by the version, are read afresh.
     */
    async bumpDriveVersion(id: string): Promise<void> {
      await db
        .updateTable('users')
        .set((eb) => ({ drive_version: eb('drive_version', '+', 1) }))
        .where('id', '=', id)
        .execute()
    },

    /**
     * Enabled accounts other than `exceptId`, by display name then id, `limit` after `after`: the
     * people picker reads them a page at a time and keeps those that match.
     */
    enabledPage: (
      exceptId: string,
      limit: number,
      after?: { name: string; id: string },
    ): Promise<Array<Pick<User, 'id' | 'email' | 'display_name'>>> => {
      let q = db
        .selectFrom('users')
        .select(['id', 'email', 'display_name'])
        .where('disabled', '=', 0)
        .where('id', '<>', exceptId)
      if (after)
        q = q.where((eb) =>
          eb.or([
            eb('display_name', '>', after.name),
            eb.and([eb('display_name', '=', after.name), eb('id', '>', after.id)]),
          ]),
        )
      return q.orderBy('display_name').orderBy('id').limit(limit).execute()
    },

    /**
     * Applies `patch`, unless it would leave no active admin (demoting, disabling or — with
     * `remove` — deleting the last one): then nothing changes and it answers false. One
     * transaction; on PostgreSQL the active admins' rows are locked first, so two admins
     * demoting each other at once cannot both pass.
     */
    async guardedChange(id: string, change: { patch?: AccountPatch; remove?: boolean }): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        let admins = activeAdmins(trx)
        if (dialect === 'postgres') admins = admins.forUpdate()
        const ids = (await admins.execute()).map((r) => r.id)
        const losesAdmin =
          change.remove ||
          (change.patch?.role !== undefined && change.patch.role !== 'admin') ||
          !!change.patch?.disabled
        if (losesAdmin && ids.includes(id) && ids.length <= 1) return false
        if (change.remove) await trx.deleteFrom('users').where('id', '=', id).execute()
        else if (change.patch && Object.keys(change.patch).length > 0)
          await trx.updateTable('users').set(change.patch).where('id', '=', id).execute()
        return true
      })
    },
  }
}
export type UsersRepository = ReturnType<typeof createUsersRepository>
