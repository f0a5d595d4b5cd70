// /admin (DESIGN.md §7): thin routes over services/family/admin.ts. Every route answers 403 to a
// signed-in user who is not an admin (401 to nobody signed in), checked before its input.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { errors } from '../errors.ts'
import type { Auth } from '../plugins/auth.ts'
import type { AdminService } from '../services/family/admin.ts'
import type { AuditService } from '../services/audit.ts'
import type { ServerStatusService } from '../services/operations/server-status.ts'
import type { GroupService } from '../services/family/groups.ts'
import type { InviteService } from '../services/family/invites.ts'
import {
  AdminCreateBody,
  AdminCreateReply,
  AdminPatchBody,
  AdminUserReply,
  AdminUsersReply,
  InviteBody,
  InviteReply,
  InvitesReply,
  AdminResetBody,
  GroupBody,
  GroupMemberBody,
  GroupMemberParams,
  GroupMemberReply,
  GroupMembersReply,
  GroupReply,
  GroupsReply,
  ServerStatusReply,
  TemporaryPasswordReply,
} from '../schemas/admin.ts'
import { AuditPage, AuditQuery, IdParams, MessageReply } from '../schemas/user.ts'

export interface AdminRoutesDeps {
  auth: Auth
  admin: AdminService
  invites: InviteService
  audit: AuditService
  groups: GroupService
  serverStatus: ServerStatusService
  /** SMTP_URL is set: the invite list tells the app, which then offers to mail. */
  mailEnabled: boolean
}

/** Routes whose options all have defaults: a request with no body at all (older clients) is `{}`. */
async function noBodyIsEmpty(req: FastifyRequest) {
  req.body ??= {}
}

export const adminRoutes: FastifyPluginAsync<AdminRoutesDeps> = async (fastify, deps) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const { auth, admin, invites, audit, groups } = deps
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

  app.patch(
    '/users/:id',
    { schema: { params: IdParams, body: AdminPatchBody, response: { 200: AdminUserReply } } },
    async (req) => ({
      user: await admin.update(me(req), req.params.id, req.body, req.ip),
    }),
  )

  app.delete('/users/:id', { schema: { params: IdParams, response: { 200: MessageReply } } }, async (req) => {
    await admin.remove(me(req), req.params.id, req.ip)
    return { message: 'User deleted' }
  })

  // No body (as clients of the first release send it) is a reset to a temporary password.
  app.post(
    '/users/:id/reset-password',
    {
      preValidation: noBodyIsEmpty,
      schema: { params: IdParams, body: AdminResetBody, response: { 200: TemporaryPasswordReply } },
    },
    async (req) =>
      req.body.mail
        ? { mailedTo: await admin.mailPasswordReset(me(req), req.params.id, req.ip) }
        : { temporaryPassword: await admin.resetPassword(me(req), req.params.id, req.ip) },
  )

  app.post(
    '/invites',
    { preValidation: noBodyIsEmpty, schema: { body: InviteBody, response: { 201: InviteReply } } },
    async (req, reply) => reply.code(201).send(await invites.create(me(req), { email: req.body.email, ip: req.ip })),
  )
  app.get('/invites', { schema: { response: { 200: InvitesReply } } }, async () => ({
    invites: await invites.list(),
    mailEnabled: deps.mailEnabled,
  }))
  app.delete('/invites/:id', { schema: { params: IdParams, response: { 200: MessageReply } } }, async (req) => {
    await invites.revoke(me(req), req.params.id, req.ip)
    return { message: 'Invite revoked' }
  })

  // Groups (services/family/groups.ts): Everyone is listed first and refuses every change.
  app.get('/groups', { schema: { response: { 200: GroupsReply } } }, async () => ({ groups: await groups.list() }))
  app.post('/groups', { schema: { body: GroupBody, response: { 201: GroupReply } } }, async (req, reply) =>
    reply.code(201).send({ group: await groups.create(me(req), req.body.name, req.ip) }),
  )
  app.patch(
    '/groups/:id',
    { schema: { params: IdParams, body: GroupBody, response: { 200: GroupReply } } },
    async (req) => ({ group: await groups.rename(me(req), req.params.id, req.body.name, req.ip) }),
  )
  app.delete('/groups/:id', { schema: { params: IdParams, response: { 200: MessageReply } } }, async (req) => {
    await groups.remove(me(req), req.params.id, req.ip)
    return { message: 'Group deleted' }
  })
  app.get(
    '/groups/:id/members',
    { schema: { params: IdParams, response: { 200: GroupMembersReply } } },
    async (req) => ({
      members: await groups.members(req.params.id),
    }),
  )
  app.post(
    '/groups/:id/members',
    { schema: { params: IdParams, body: GroupMemberBody, response: { 201: GroupMemberReply } } },
    async (req, reply) =>
      reply.code(201).send({ member: await groups.addMember(me(req), req.params.id, req.body.userId, req.ip) }),
  )
  app.delete(
    '/groups/:id/members/:userId',
    { schema: { params: GroupMemberParams, response: { 200: MessageReply } } },
    async (req) => {
      await groups.removeMember(me(req), req.params.id, req.params.userId, req.ip)
      return { message: 'Member removed' }
    },
  )

  // Settings → Server: version, uptime, storage, disk, last backup, queues, warnings.
  app.get('/server', { schema: { response: { 200: ServerStatusReply } } }, async () => deps.serverStatus.status())

  app.get('/audit', { schema: { querystring: AuditQuery, response: { 200: AuditPage } } }, async (req) =>
    audit.page(req.query),
  )
}
