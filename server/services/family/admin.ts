// The admin's side of accounts (DESIGN.md §7): list with usage, create, disable, role, quota,
// reset password, delete, invite. Every change is audited with the admin as its actor; the last
// active admin can never be demoted, disabled or deleted (409 LAST_ADMIN).
import type { User } from '../../db/schema.ts'
import { errors } from '../../errors.ts'
import type { NameChanged } from '../sharing/name-freshness.ts'
import type { AccountPatch, UsersRepository, UserUsage } from '../../repositories/users.ts'
import type { AdminCreateReply, AdminPatchBody, AdminUserJson } from '../../schemas/admin.ts'
import { formatBytes } from '../../util/bytes.ts'
import { normaliseEmail } from '../../util/email.ts'
import { checkPersonName } from '../../util/names.ts'
import type { AccountService } from '../sign-in/accounts.ts'
import { temporaryPassword } from '../sign-in/passwords.ts'
import type { AuditService } from '../audit.ts'
import type { InviteService } from './invites.ts'
import type { SessionService } from '../sign-in/sessions.ts'
import type { UserRemoval } from './user-removal.ts'

const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString())

export function createAdminService(deps: {
  users: UsersRepository
  accounts: AccountService
  sessions: SessionService
  removal: UserRemoval
  audit: AuditService
  invites: Pick<InviteService, 'endOpenBy'>
  /** Told of a display name change (services/sharing/name-freshness.ts). */
  nameChanged?: NameChanged
}) {
  const { users, accounts, sessions, removal, audit, invites } = deps

  const toJson = (u: UserUsage): AdminUserJson => ({
    _id: u.id,
    email: u.email,
    displayName: u.display_name,
    role: u.role,
    createdAt: new Date(u.created_at).toISOString(),
    disabled: u.disabled === 1,
    quota: u.quota,
    used: u.used_bytes,
    fileCount: u.file_count,
    lastActiveAt: iso(u.last_active_at),
  })

  async function one(id: string): Promise<AdminUserJson> {
    const row = (await users.listWithUsage()).find((u) => u.id === id)
    if (!row) throw errors.notFound('User')
    return toJson(row)
  }

  async function must(id: string): Promise<User> {
    return (await users.byId(id)) ?? Promise.reject(errors.notFound('User'))
  }

  const service = {
    list: async (): Promise<AdminUserJson[]> => (await users.listWithUsage()).map(toJson),

    /** No password given: a temporary one, answered once. Either way it must be changed at first sign-in. */
    async create(adminId: string, email: string, password: string | undefined, ip?: string): Promise<AdminCreateReply> {
      const temporary = password === undefined ? temporaryPassword() : undefined
      const user = await accounts.createUser(email, password ?? temporary!, true)
      await audit.record({ action: 'admin.user.create', actorId: adminId, subjectId: user.id, ip, detail: user.email })
      return { user: await one(user.id), ...(temporary ? { temporaryPassword: temporary } : {}) }
    },

    async update(adminId: string, id: string, patch: AdminPatchBody, ip?: string): Promise<AdminUserJson> {
      const before = await must(id)
      // Bytes or null (unlimited); anything else is a 400 (the schema lets it through: see AdminPatchBody).
      const quota = patch.quota
      if (
        quota !== undefined &&
        quota !== null &&
        (typeof quota !== 'number' || !Number.isSafeInteger(quota) || quota < 0)
      ) {
        throw errors.badRequest('The quota must be a whole number of bytes, or null for unlimited')
      }
      const displayName = patch.displayName === undefined ? undefined : checkPersonName(patch.displayName)
      const change: AccountPatch = {
        ...(displayName !== undefined ? { display_name: displayName } : {}),
        ...(patch.role !== undefined ? { role: patch.role } : {}),
        ...(patch.disabled !== undefined ? { disabled: patch.disabled ? 1 : 0 } : {}),
        ...(quota !== undefined ? { quota: quota as number | null } : {}),
      }
      if (!(await users.guardedChange(id, { patch: change }))) throw errors.lastAdmin()
      if (displayName !== undefined && displayName !== before.display_name) await deps.nameChanged?.(id)
      // Disabling ends every session at once: the next request of each is refused.
      if (patch.disabled) await sessions.endAll(id)
      if (patch.role === 'user' && before.role === 'admin') await invites.endOpenBy(id)
      const record = (action: Parameters<AuditService['record']>[0]['action'], detail?: string) =>
        audit.record({ action, actorId: adminId, subjectId: id, ip, ...(detail !== undefined ? { detail } : {}) })
      if (patch.disabled !== undefined && patch.disabled !== (before.disabled === 1))
        await record(patch.disabled ? 'admin.user.disable' : 'admin.user.enable')
      if (patch.role !== undefined && patch.role !== before.role) await record('admin.user.role', patch.role)
      if (displayName !== undefined && displayName !== before.display_name)
        await record('display-name.change', displayName)
      if (quota !== undefined && quota !== before.quota)
        await record('admin.user.quota', quota === null ? 'unlimited' : formatBytes(quota as number))
      return one(id)
    },

    async remove(adminId: string, id: string, ip?: string): Promise<void> {
      const { email } = await removal.remove(id)
      await invites.endOpenBy(id)
      // The entry outlives the account: it names it by email.
      await audit.record({ action: 'admin.user.delete', actorId: adminId, subjectId: null, ip, detail: email })
    },

    async resetPassword(adminId: string | null, id: string, ip?: string): Promise<string> {
      await must(id)
      const password = await accounts.setTemporaryPassword(id, adminId, ip)
      await audit.record({ action: 'admin.user.reset-password', actorId: adminId, subjectId: id, ip })
      return password
    },

    /** The reset by mail: the user gets a link to choose a password; the admin never sees one. */
    async mailPasswordReset(adminId: string, id: string, ip?: string): Promise<string> {
      const email = await accounts.mailPasswordReset(id)
      await audit.record({ action: 'admin.user.reset-password', actorId: adminId, subjectId: id, ip, detail: 'mail' })
      return email
    },

    /** For the CLI (an operator at the server's console): by email, no admin signed in. */
    async resetPasswordByEmail(email: string): Promise<string> {
      const user = await users.byEmail(normaliseEmail(email))
      if (!user) throw errors.notFound('User')
      return service.resetPassword(null, user.id, 'console')
    },
    async promoteByEmail(email: string): Promise<AdminUserJson> {
      const user = await users.byEmail(normaliseEmail(email))
      if (!user) throw errors.notFound('User')
      await users.guardedChange(user.id, { patch: { role: 'admin', disabled: 0 } })
      await audit.record({
        action: 'admin.user.role',
        actorId: null,
        subjectId: user.id,
        ip: 'console',
        detail: 'admin',
      })
      return one(user.id)
    },
  }
  return service
}
export type AdminService = ReturnType<typeof createAdminService>
