// /user-service: thin routes (schema, auth, one service call), SPEC §7 + DESIGN.md §4.
import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { Auth } from '../plugins/auth.ts'
import type { AuthenticationResponseJSON } from '@simplewebauthn/server'
import { browserId, CHALLENGE_COOKIE, PASSKEY_COOKIE, REFRESH_COOKIE } from '../plugins/auth.ts'
import type { AccountService } from '../services/sign-in/accounts.ts'
import type { AppPasswordService } from '../services/sign-in/app-passwords.ts'
import type { AuditService } from '../services/audit.ts'
import type { InviteService } from '../services/family/invites.ts'
import type { QuotaService } from '../services/drive/quota.ts'
import type { SessionService } from '../services/sign-in/sessions.ts'
import type { TotpService } from '../services/sign-in/totp.ts'
import {
  AppPasswordsReply,
  AuditPage,
  AuditQuery,
  ChangePasswordBody,
  CreateAppPasswordBody,
  CreateAppPasswordReply,
  IdParams,
  SessionsReply,
  CreateBody,
  CreateReply,
  DisplayNameBody,
  LoginBody,
  LoginReply,
  MessageReply,
  ResetPasswordBody,
  SecondFactorBody,
  SendResetBody,
  SetPasswordBody,
  SignedInReply,
  TotpDisableBody,
  TotpEnableBody,
  TotpEnableReply,
  TotpSetupReply,
  TotpStatusReply,
  UserDetailedJson,
  UserJson,
  VerifyEmailBody,
} from '../schemas/user.ts'
import { InviteStatusReply } from '../schemas/admin.ts'
import type { ListingService } from '../services/drive/listing.ts'
import { TokenParams } from '../schemas/sharing.ts'

export interface UserRoutesDeps {
  auth: Auth
  accounts: AccountService
  sessions: SessionService
  loginPerIp: number
  /** TRASH_RETENTION_DAYS (0 = never), which the Trash screen states. */
  trashRetentionDays: number
  listing: Pick<ListingService, 'usage' | 'usedBy'>
  quota: QuotaService
  appPasswords: AppPasswordService
  audit: AuditService
  totp: TotpService
  invites: Pick<InviteService, 'status'>
  /** WebDAV's address, PUBLIC_URL + /dav/, shown beside the app passwords that sign in to it. */
  davUrl: string
}

export const userRoutes: FastifyPluginAsync<UserRoutesDeps> = async (fastify, deps) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const { auth, accounts, sessions, appPasswords, audit, totp } = deps
  const authed = { preHandler: auth.requireUser }
  // What choosing a new password needs, so a temporary password's session may call these (plugins/auth.ts).
  const choosing = { preHandler: auth.requireSession }
  // Refresh calls name the browser; the uuid rule (plugins/auth) guarantees it is present.
  const bid = (req: Parameters<typeof browserId>[0]) => browserId(req) ?? ''

  app.post('/get-token', async (req, reply) => {
    const tokens = await sessions.refresh(req.cookies[REFRESH_COOKIE], bid(req))
    auth.setTokens(req, reply, tokens)
    return { message: 'Token refreshed' }
  })

  app.get('/user', { ...choosing, schema: { response: { 200: UserJson } } }, async (req) =>
    accounts.toJson(await accounts.byId(req.principal!.userId)),
  )

  app.patch(
    '/display-name',
    { ...authed, schema: { body: DisplayNameBody, response: { 200: UserJson } } },
    async (req) => accounts.setDisplayName(req.principal!.userId, req.body.displayName, req.ip),
  )

  app.get('/user-detailed', { ...choosing, schema: { response: { 200: UserDetailedJson } } }, async (req) => {
    const user = await accounts.byId(req.principal!.userId)
    const { used, quota } = await deps.quota.usage(user.id)
    return {
      ...accounts.toJson(user),
      mustChangePassword: user.must_change_password === 1,
      activeSessions: await deps.sessions.countActive(user.id),
      storage: await deps.listing.usage(user.id),
      quota,
      used,
      usedBy: await deps.listing.usedBy(user.id),
      trashRetentionDays: deps.trashRetentionDays,
    }
  })

  app.post(
    '/login',
    {
      schema: { body: LoginBody, response: { 200: LoginReply } },
      config: { rateLimit: { max: deps.loginPerIp, timeWindow: 60_000 } },
    },
    async (req, reply) => {
      // req.ip honours TRUST_PROXY: behind a proxy it is the client's address, not the proxy's.
      const result = await accounts.login(
        req.body.email,
        req.body.password,
        bid(req),
        req.ip,
        req.headers['user-agent'],
      )
      if ('secondFactor' in result) {
        auth.setChallenge(req, reply, result.challenge)
        return { secondFactor: result.secondFactor }
      }
      auth.setTokens(req, reply, result.tokens)
      return { user: result.user, mustChangePassword: result.mustChangePassword }
    },
  )

  // The second step of a login with a second factor: the challenge cookie and a code (or a passkey's answer).
  app.post(
    '/login/second-factor',
    {
      schema: { body: SecondFactorBody, response: { 200: SignedInReply } },
      config: { rateLimit: { max: deps.loginPerIp, timeWindow: 60_000 } },
    },
    async (req, reply) => {
      const body = { ...req.body, webauthn: req.body.webauthn as AuthenticationResponseJSON | undefined }
      const { user, mustChangePassword, tokens } = await accounts.completeSignIn(
        req.cookies[CHALLENGE_COOKIE],
        bid(req),
        req.ip,
        body,
        req.cookies[PASSKEY_COOKIE],
      )
      auth.clearChallenge(req, reply)
      if (req.body.webauthn) auth.clearPasskeyCeremony(req, reply)
      auth.setTokens(req, reply, tokens)
      return { user, mustChangePassword }
    },
  )

  app.post(
    '/create',
    {
      schema: { body: CreateBody, response: { 201: CreateReply } },
      config: { rateLimit: { max: deps.loginPerIp, timeWindow: 60_000 } },
    },
    async (req, reply) => {
      const { user, emailSent, tokens } = await accounts.signup(req.body.email, req.body.password, bid(req), {
        invite: req.body.invite,
        displayName: req.body.displayName,
        client: { ip: req.ip, userAgent: req.headers['user-agent'] },
      })
      auth.setTokens(req, reply, tokens)
      return reply.code(201).send({ user, emailSent })
    },
  )

  // The invite screen asks before its form, so a used or expired link says so up front.
  app.get('/invites/:token', { schema: { params: TokenParams, response: { 200: InviteStatusReply } } }, async (req) =>
    deps.invites.status(req.params.token),
  )

  app.post('/logout', async (req, reply) => {
    await sessions.end(req.cookies[REFRESH_COOKIE], await auth.optionalUser(req))
    auth.clearTokens(req, reply)
    return { message: 'Logged out' }
  })

  app.post('/logout-all', choosing, async (req, reply) => {
    await accounts.logoutEverywhere(req.principal!.userId, req.ip)
    auth.clearTokens(req, reply)
    return { message: 'Logged out all sessions' }
  })

  app.patch(
    '/change-password',
    { ...choosing, schema: { body: ChangePasswordBody, response: { 200: MessageReply } } },
    async (req) => {
      await accounts.changePassword(
        req.principal!.userId,
        req.principal!.sessionId,
        req.body.oldPassword,
        req.body.newPassword,
        req.ip,
      )
      return { message: 'Password changed' }
    },
  )

  // An account a single sign-on made sets its first password here (no current one to ask for).
  app.post(
    '/set-password',
    { ...authed, schema: { body: SetPasswordBody, response: { 200: MessageReply } } },
    async (req) => {
      await accounts.setFirstPassword(req.principal!.userId, req.body.password, req.ip)
      return { message: 'Password set' }
    },
  )

  app.patch('/resend-verify-email', authed, async (req) => {
    await accounts.resendVerification(req.principal!.userId)
    return { message: 'Email verification resent' }
  })

  app.patch('/verify-email', { schema: { body: VerifyEmailBody, response: { 200: MessageReply } } }, async (req) => {
    await accounts.verifyEmail(req.body.emailToken)
    return { message: 'Email verified' }
  })

  app.patch(
    '/send-password-reset',
    {
      schema: { body: SendResetBody, response: { 200: MessageReply } },
      config: { rateLimit: { max: deps.loginPerIp, timeWindow: 60_000 } },
    },
    async (req) => {
      await accounts.sendPasswordReset(req.body.email)
      return { message: 'Password reset sent' }
    },
  )

  app.patch(
    '/reset-password',
    { schema: { body: ResetPasswordBody, response: { 200: MessageReply } } },
    async (req) => {
      await accounts.resetPassword(req.body.passwordToken, req.body.password)
      return { message: 'Password reset' }
    },
  )

  // Devices (DESIGN.md §7): the account's live sessions; another user's session id is 404.
  app.get('/sessions', { ...authed, schema: { response: { 200: SessionsReply } } }, async (req) => ({
    sessions: await sessions.devices(req.principal!),
  }))

  app.delete(
    '/sessions/:id',
    { ...authed, schema: { params: IdParams, response: { 200: MessageReply } } },
    async (req) => {
      await sessions.endOwn(req.principal!.userId, req.params.id)
      await audit.record({
        action: 'session.revoke',
        actorId: req.principal!.userId,
        subjectId: req.principal!.userId,
        ip: req.ip,
      })
      return { message: 'Session ended' }
    },
  )

  // App passwords: WebDAV and scripts only (services/sign-in/app-passwords.ts); the secret is in the create reply alone.
  app.post(
    '/app-passwords',
    { ...authed, schema: { body: CreateAppPasswordBody, response: { 201: CreateAppPasswordReply } } },
    async (req, reply) =>
      reply
        .code(201)
        .send(
          await appPasswords.create(
            req.principal!.userId,
            req.body.name,
            req.body.scope,
            req.body.password ?? '',
            req.ip,
          ),
        ),
  )
  app.get('/app-passwords', { ...authed, schema: { response: { 200: AppPasswordsReply } } }, async (req) => ({
    appPasswords: await appPasswords.list(req.principal!.userId),
    davUrl: deps.davUrl,
  }))
  app.delete(
    '/app-passwords/:id',
    { ...authed, schema: { params: IdParams, response: { 200: MessageReply } } },
    async (req) => {
      await appPasswords.revoke(req.principal!.userId, req.params.id, req.ip)
      return { message: 'App password revoked' }
    },
  )

  // Two-step verification with an authenticator app (services/sign-in/totp.ts).
  const totpLimit = { rateLimit: { max: deps.loginPerIp, timeWindow: 60_000 } }
  app.get('/totp', { ...authed, schema: { response: { 200: TotpStatusReply } } }, async (req) =>
    totp.status(req.principal!.userId),
  )
  app.post('/totp/setup', { ...authed, schema: { response: { 200: TotpSetupReply } } }, async (req) =>
    totp.setup(req.principal!.userId),
  )
  app.post(
    '/totp/enable',
    { ...authed, config: totpLimit, schema: { body: TotpEnableBody, response: { 200: TotpEnableReply } } },
    async (req) =>
      totp.enable(req.principal!.userId, req.principal!.sessionId, req.body.code, req.body.password ?? '', req.ip),
  )
  app.post(
    '/totp/disable',
    { ...authed, config: totpLimit, schema: { body: TotpDisableBody, response: { 200: MessageReply } } },
    async (req) => {
      await totp.disable(req.principal!.userId, req.body.password, req.ip)
      return { message: 'Two-step verification turned off' }
    },
  )

  // The account's own audit events, newest first.
  app.get('/audit', { ...authed, schema: { querystring: AuditQuery, response: { 200: AuditPage } } }, async (req) =>
    audit.page({ userId: req.principal!.userId, ...req.query }),
  )
}
