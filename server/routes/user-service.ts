// /user-service: thin routes (schema, auth, one service call), SPEC §7 + DESIGN.md §4.
import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { Auth } from '../plugins/auth.ts'
import { browserId, REFRESH_COOKIE } from '../plugins/auth.ts'
import type { AccountService } from '../services/accounts.ts'
import type { SessionService } from '../services/sessions.ts'
import {
  ChangePasswordBody,
  CreateBody,
  CreateReply,
  LoginBody,
  LoginReply,
  MessageReply,
  ResetPasswordBody,
  SendResetBody,
  UserDetailedJson,
  UserJson,
  VerifyEmailBody,
} from '../schemas/user.ts'

export interface UserRoutesDeps {
  auth: Auth
  accounts: AccountService
  sessions: SessionService
  loginPerIp: number
  countActiveSessions: (userId: string) => Promise<number>
  usage: (userId: string) => Promise<{ usedBytes: number; fileCount: number }>
}

export const userRoutes: FastifyPluginAsync<UserRoutesDeps> = async (fastify, deps) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const { auth, accounts, sessions } = deps
  const authed = { preHandler: auth.requireUser }
  // Refresh calls name the browser; the uuid rule (plugins/auth) guarantees it is present.
  const bid = (req: Parameters<typeof browserId>[0]) => browserId(req) ?? ''

  app.post('/get-token', async (req, reply) => {
    const tokens = await sessions.refresh(req.cookies[REFRESH_COOKIE], bid(req))
    auth.setTokens(req, reply, tokens)
    return { message: 'Token refreshed' }
  })

  app.get('/user', { ...authed, schema: { response: { 200: UserJson } } }, async (req) =>
    accounts.toJson(await accounts.byId(req.principal!.userId)),
  )

  app.get('/user-detailed', { ...authed, schema: { response: { 200: UserDetailedJson } } }, async (req) => {
    const user = await accounts.byId(req.principal!.userId)
    return { ...accounts.toJson(user), activeSessions: await deps.countActiveSessions(user.id), storage: await deps.usage(user.id) }
  })

  app.post(
    '/login',
    {
      schema: { body: LoginBody, response: { 200: LoginReply } },
      config: { rateLimit: { max: deps.loginPerIp, timeWindow: 60_000 } },
    },
    async (req, reply) => {
      // req.ip honours TRUST_PROXY: behind a proxy it is the client's address, not the proxy's.
      const { user, tokens } = await accounts.login(req.body.email, req.body.password, bid(req), req.ip)
      auth.setTokens(req, reply, tokens)
      return { user }
    },
  )

  app.post(
    '/create',
    {
      schema: { body: CreateBody, response: { 201: CreateReply } },
      config: { rateLimit: { max: deps.loginPerIp, timeWindow: 60_000 } },
    },
    async (req, reply) => {
      const { user, emailSent, tokens } = await accounts.signup(req.body.email, req.body.password, bid(req))
      auth.setTokens(req, reply, tokens)
      return reply.code(201).send({ user, emailSent })
    },
  )

  app.post('/logout', async (req, reply) => {
    await sessions.end(req.cookies[REFRESH_COOKIE], await auth.optionalUser(req))
    auth.clearTokens(req, reply)
    return { message: 'Logged out' }
  })

  app.post('/logout-all', authed, async (req, reply) => {
    await sessions.endAll(req.principal!.userId)
    auth.clearTokens(req, reply)
    return { message: 'Logged out all sessions' }
  })

  app.patch('/change-password', { ...authed, schema: { body: ChangePasswordBody, response: { 200: MessageReply } } }, async (req) => {
    await accounts.changePassword(req.principal!.userId, req.principal!.sessionId, req.body.oldPassword, req.body.newPassword)
    return { message: 'Password changed' }
  })

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

  app.patch('/reset-password', { schema: { body: ResetPasswordBody, response: { 200: MessageReply } } }, async (req) => {
    await accounts.resetPassword(req.body.passwordToken, req.body.password)
    return { message: 'Password reset' }
  })

}
