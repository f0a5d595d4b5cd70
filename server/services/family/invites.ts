// Invite links (DESIGN.md §8): an admin makes one (mailed when given an address and SMTP_URL is
// set), lists and revokes them; an invite ends with its maker's admin standing. The link carries
// the token; only its hash is stored. Sign-up uses it up through redeem (services/sign-in/accounts.ts
// InviteRedemption).
import type { Config } from '../../config.ts'
import { type AppError, errors } from '../../errors.ts'
import type { InviteRow, InvitesRepository } from '../../repositories/invites.ts'
import type { UsersRepository } from '../../repositories/users.ts'
import type { InviteJson, InviteReply, InviteStatusReply } from '../../schemas/admin.ts'
import { randomId, sha256 } from '../../util/crypto.ts'
import { isValidEmail, normaliseEmail } from '../../util/email.ts'
import type { AuditService } from '../audit.ts'
import { linkMail, type Mailer } from '../mailer.ts'

const iso = (t: number) => new Date(t).toISOString()

const toJson = (row: InviteRow): InviteJson => ({
  _id: row.id,
  createdBy: row.created_by && row.creator_email ? { _id: row.created_by, email: row.creator_email } : null,
  email: row.email,
  createdAt: iso(row.created_at),
  expiresAt: iso(row.expires_at),
  usedAt: row.used_at === null ? null : iso(row.used_at),
})

/** Why a token that could not be used up was refused: used, expired, or unknown (revoked, ended, made up). */
async function inviteRefusal(invites: Pick<InvitesRepository, 'byHash'>, hash: string, now: number): Promise<AppError> {
  const row = await invites.byHash(hash)
  if (!row) return errors.inviteInvalid()
  if (row.used_at !== null) return errors.inviteUsed()
  return row.expires_at <= now ? errors.inviteExpired() : errors.inviteInvalid()
}

export function createInviteService(deps: {
  config: Pick<Config, 'signup' | 'publicUrl' | 'limits'>
  invites: InvitesRepository
  users: Pick<UsersRepository, 'byId'>
  mailer: Mailer
  audit: AuditService
  now?: () => number
}) {
  const { config, invites, mailer, audit } = deps
  const now = deps.now ?? Date.now

  return {
    /** `email` given and mail on: the link is mailed, and a mail that fails leaves no invite behind. */
    async create(
      adminId: string,
      opts: { email?: string | undefined; ip?: string | undefined } = {},
    ): Promise<InviteReply> {
      if (config.signup === 'closed') throw errors.invitesNeedSignup()
      const email = opts.email === undefined || opts.email.trim() === '' ? null : normaliseEmail(opts.email)
      if (email !== null && !isValidEmail(email)) throw errors.badRequest('Email is invalid')
      const token = randomId(32)
      const t = now()
      const row = {
        id: randomId(),
        token_hash: sha256(token),
        created_by: adminId,
        email,
        created_at: t,
        expires_at: t + config.limits.inviteTtlMs,
      }
      await invites.insert(row)
      const url = `${config.publicUrl}/invite/${token}`
      const creatorEmail = (await deps.users.byId(adminId))?.email ?? null
      let emailSent = false
      if (email !== null && mailer.enabled) {
        const mail = linkMail(
          email,
          "You're invited to Cumulus",
          `${creatorEmail ?? 'The admin'} invited you to their Cumulus, a private place for your files and photos.`,
          'Create your account',
          url,
          'The link works once and expires in 7 days.',
        )
        try {
          await mailer.send(mail)
          emailSent = true
        } catch {
          await invites.delete(row.id)
          throw errors.mailFailed()
        }
      }
      await audit.record({
        action: 'admin.invite',
        actorId: adminId,
        subjectId: null,
        ip: opts.ip,
        ...(email ? { detail: email } : {}),
      })
      return {
        invite: toJson({ ...row, creator_email: creatorEmail, used_at: null }),
        url,
        expiresAt: iso(row.expires_at),
        emailSent,
      }
    },

    list: async (): Promise<InviteJson[]> => (await invites.list()).map(toJson),

    /** Any admin may revoke any invite: they are the server's, not one admin's. Unknown id → 404. */
    async revoke(adminId: string, id: string, ip?: string): Promise<void> {
      if (!(await invites.delete(id))) throw errors.notFound('Invite')
      await audit.record({ action: 'admin.invite.revoke', actorId: adminId, subjectId: null, ip })
    },

    /** For the invite screen, before its form (`valid` shows it, the others say why not); unknown, revoked or ended → 404. */
    async status(token: string): Promise<InviteStatusReply> {
      const row = await invites.byHash(sha256(token))
      if (!row) throw errors.notFound('Invite')
      const expiresAt = iso(row.expires_at)
      if (row.used_at !== null) return { status: 'used', expiresAt }
      if (row.expires_at <= now()) return { status: 'expired', expiresAt }
      return { status: 'valid', email: row.email, expiresAt }
    },

    /** Sign-up's: uses up the invite of `token`, or throws why it cannot be (used, expired, unknown). */
    async redeem(token: string): Promise<void> {
      const hash = sha256(token)
      if (!(await invites.consume(hash, now()))) throw await inviteRefusal(invites, hash, now())
    },

    /** Gives back an invite used up by a sign-up that failed after all (the address was taken meanwhile). */
    giveBack: (token: string): Promise<void> => invites.unconsume(sha256(token)),

    /** An admin demoted or deleted: the invites they left open end with their standing. */
    endOpenBy: (adminId: string) => invites.deleteOpenBy(adminId),
  }
}
export type InviteService = ReturnType<typeof createInviteService>
