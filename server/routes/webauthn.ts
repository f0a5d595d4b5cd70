// /user-service/webauthn: passkeys (services/sign-in/passkeys.ts). Thin routes: schema, auth, one service
// call. Each options reply sets the ceremony's cookie; its verify takes it.
import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server'
import type { Auth } from '../plugins/auth.ts'
import { browserId, CHALLENGE_COOKIE, PASSKEY_COOKIE } from '../plugins/auth.ts'
import type { AccountService } from '../services/sign-in/accounts.ts'
import type { PasskeyService } from '../services/sign-in/passkeys.ts'
import type { SecondFactorService } from '../services/sign-in/second-factor.ts'
import { IdParams, MessageReply, SignedInReply } from '../schemas/user.ts'
import {
  LoginOptionsBody,
  LoginVerifyBody,
  OptionsReply,
  PasskeyJson,
  PasskeysReply,
  RegisterOptionsBody,
  RegisterVerifyBody,
  RemovePasskeyBody,
  RenamePasskeyBody,
} from '../schemas/webauthn.ts'

export interface WebauthnRoutesDeps {
  auth: Auth
  accounts: Pick<AccountService, 'toJson'>
  passkeys: PasskeyService
  secondFactor: Pick<SecondFactorService, 'passkeyOptions'>
  loginPerIp: number
}

export const webauthnRoutes: FastifyPluginAsync<WebauthnRoutesDeps> = async (fastify, deps) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const { auth, passkeys } = deps
  const authed = { preHandler: auth.requireUser }
  // As the password's and the codes' doors are.
  const limited = { rateLimit: { max: deps.loginPerIp, timeWindow: 60_000 } }
  const bid = (req: Parameters<typeof browserId>[0]) => browserId(req) ?? ''

  app.get('/passkeys', { ...authed, schema: { response: { 200: PasskeysReply } } }, async (req) => ({
    passkeys: await passkeys.list(req.principal!.userId),
    available: passkeys.available(),
  }))

  app.patch(
    '/passkeys/:id',
    { ...authed, schema: { params: IdParams, body: RenamePasskeyBody, response: { 200: MessageReply } } },
    async (req) => {
      await passkeys.rename(req.principal!.userId, req.params.id, req.body.name, req.ip)
      return { message: 'Passkey renamed' }
    },
  )

  app.delete(
    '/passkeys/:id',
    {
      ...authed,
      config: limited,
      schema: { params: IdParams, body: RemovePasskeyBody, response: { 200: MessageReply } },
    },
    async (req) => {
      await passkeys.remove(req.principal!.userId, req.params.id, req.body.password, req.ip)
      return { message: 'Passkey removed' }
    },
  )

  app.post(
    '/register/options',
    { ...authed, config: limited, schema: { body: RegisterOptionsBody, response: { 200: OptionsReply } } },
    async (req, reply) => {
      const ceremony = await passkeys.registrationOptions(req.principal!.userId, bid(req), req.body.password)
      auth.setPasskeyCeremony(req, reply, ceremony)
      return { options: ceremony.options }
    },
  )

  app.post(
    '/register/verify',
    { ...authed, config: limited, schema: { body: RegisterVerifyBody, response: { 201: PasskeyJson } } },
    async (req, reply) => {
      const { userId, sessionId } = req.principal!
      const passkey = await passkeys.register(
        userId,
        sessionId,
        req.cookies[PASSKEY_COOKIE],
        bid(req),
        req.body.name,
        req.body.response as RegistrationResponseJSON,
        req.ip,
      )
      auth.clearPasskeyCeremony(req, reply)
      return reply.code(201).send(passkey)
    },
  )

  // Passwordless, or (secondFactor: true) for this browser's sign-in waiting after its password.
  app.post(
    '/login/options',
    { config: limited, schema: { body: LoginOptionsBody, response: { 200: OptionsReply } } },
    async (req, reply) => {
      const ceremony = req.body.secondFactor
        ? await deps.secondFactor.passkeyOptions(req.cookies[CHALLENGE_COOKIE], bid(req))
        : await passkeys.authenticationOptions(bid(req))
      auth.setPasskeyCeremony(req, reply, ceremony)
      return { options: ceremony.options }
    },
  )

  app.post(
    '/login/verify',
    { config: limited, schema: { body: LoginVerifyBody, response: { 200: SignedInReply } } },
    async (req, reply) => {
      const client = { ip: req.ip, userAgent: req.headers['user-agent'] }
      const { user, tokens } = await passkeys.signIn(
        req.cookies[PASSKEY_COOKIE],
        bid(req),
        client,
        req.body.response as AuthenticationResponseJSON,
      )
      auth.clearPasskeyCeremony(req, reply)
      auth.setTokens(req, reply, tokens)
      return { user: deps.accounts.toJson(user), mustChangePassword: user.must_change_password === 1 }
    },
  )
}
