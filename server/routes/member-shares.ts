// /share-service member shares (DESIGN.md §8 "Sharing between accounts"): the owner's access list
// of an item, "Shared with me", and the people picker. Signed-in callers only; the rules are
// services/sharing/members.ts's. Thin routes: schema, one service call, reply.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyPluginAsync } from 'fastify'
import type { Auth } from '../plugins/auth.ts'
import {
  CreateMemberShareBody,
  MemberShareParams,
  MemberShareQuery,
  MemberShareReply,
  MemberSharesReply,
  PeopleQuery,
  PeopleReply,
  SharedWithMeQuery,
  SharedWithMeReply,
  UpdateMemberShareBody,
} from '../schemas/sharing.ts'
import { MessageReply } from '../schemas/user.ts'
import type { MemberSharing } from '../services/sharing/members.ts'

export interface MemberShareRoutesDeps {
  auth: Auth
  members: MemberSharing
}

export const memberShareRoutes: FastifyPluginAsync<MemberShareRoutesDeps> = async (fastify, deps) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const { members } = deps
  const caller = (req: { principal?: { userId: string } }) => req.principal!.userId
  app.addHook('preHandler', deps.auth.requireUser)

  app.post(
    '/members',
    { schema: { body: CreateMemberShareBody, response: { 201: MemberShareReply } } },
    async (req, reply) => reply.code(201).send({ share: await members.create(caller(req), req.body, req.ip) }),
  )
  app.get(
    '/members',
    { schema: { querystring: MemberShareQuery, response: { 200: MemberSharesReply } } },
    async (req) => ({
      shares: await members.list(caller(req), req.query.itemType, req.query.itemId),
    }),
  )
  app.patch(
    '/members/:id',
    { schema: { params: MemberShareParams, body: UpdateMemberShareBody, response: { 200: MemberShareReply } } },
    async (req) => ({ share: await members.setRole(caller(req), req.params.id, req.body.role, req.ip) }),
  )
  app.delete(
    '/members/:id',
    { schema: { params: MemberShareParams, response: { 200: MessageReply } } },
    async (req) => {
      await members.remove(caller(req), req.params.id, req.ip)
      return { message: 'Share removed' }
    },
  )
  app.get(
    '/shared-with-me',
    { schema: { querystring: SharedWithMeQuery, response: { 200: SharedWithMeReply } } },
    async (req, reply) => {
      // Someone else's change (a share made or ended) changes it: never kept by a cache.
      reply.header('cache-control', 'no-store')
      return members.sharedWithMe(caller(req), req.query)
    },
  )
  app.get('/people', { schema: { querystring: PeopleQuery, response: { 200: PeopleReply } } }, async (req, reply) => {
    reply.header('cache-control', 'no-store')
    return { people: await members.people(caller(req), req.query.q) }
  })
}
