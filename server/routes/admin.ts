// /admin (DESIGN.md §7): thin routes over services/admin.ts. Every route answers 403 to a
// signed-in user who is not an admin (401 to nobody signed in), checked before its input.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { errors } from '../errors.ts'
import type { Auth } from '../plugins/auth.ts'
import type { AccountService } from '../services/accounts.ts'
import type { AdminService } from '../services/admin.ts'
import type { AuditService } from '../services/audit.ts'
import {
  AdminCreateBody,
  AdminCreateReply,
  AdminPatchBody,
  AdminUserReply,
  AdminUsersReply,
  InviteReply,
  TemporaryPasswordReply,
} from '../schemas/admin.ts'
import { AuditPage, AuditQuery, IdParams, MessageReply } from '../schemas/user.ts'

export interface AdminRoutesDeps {
  auth: Auth
  admin: AdminService
  accounts: AccountService
  audit: AuditService
}

export const adminRoutes: FastifyPluginAsync<AdminRoutesDeps> = async (fastify, deps) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const { auth, admin, accounts, audit } = deps
  // onRequest, not preHandler: a non-admin is refused before the body is even parsed.
  app.addHook('onRequest', async (req: FastifyRequest) => {
    await auth.requireUser(req)
    if (req.principal!.role !== 'admin') throw errors.adminOnly()
  })
  const me = (req: FastifyRequest) => req.principal!.userId

  app.get('/users', { schema: { response: { 200: AdminUsersReply } } }, async () => ({ users: await admin.list() }))

  app.post('/users', { schema: { body: AdminCreateBody, response: { 201: AdminCreateReply } } }, async (req, reply) =>
    reply.code(201).send(await admin.create(me(req), req.body.email, req.body.password, req.ip)),
  )

  app.patch('/users/:id', { schema: { params: IdParams, body: AdminPatchBody, response: { 200: AdminUserReply } } }, async (req) => ({
    user: await admin.update(me(req), req.params.id, req.body, req.ip),
  }))

  app.delete('/users/:id', { schema: { params: IdParams, response: { 200: MessageReply } } }, async (req) => {
    await admin.remove(me(req), req.params.id, req.ip)
    return { message: 'User deleted' }
  })

  app.post('/users/:id/reset-password', { schema: { params: IdParams, response: { 200: TemporaryPasswordReply } } }, async (req) => ({
    temporaryPassword: await admin.resetPassword(me(req), req.params.id, req.ip),
  }))

  app.post('/invites', { schema: { response: { 201: InviteReply } } }, async (req, reply) => reply.code(201).send(await accounts.createInvite(me(req), req.ip)))

  app.get('/audit', { schema: { querystring: AuditQuery, response: { 200: AuditPage } } }, async (req) => audit.page(req.query))
}
