// The spec's share links under /file-service (SPEC §7): no login at all, limited per address.
// They read the same links as /share-service (services/sharing/link-access.ts).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyPluginAsync } from 'fastify'
import { Type } from 'typebox'
import { PublicInfo } from '../schemas/files.ts'
import { sendBlob } from '../plugins/blob-reply.ts'
import { withLimitPage } from '../plugins/limit-page.ts'
import type { SharedAccess } from '../services/sharing/link-access.ts'

export interface PublicRoutesDeps {
  shared: SharedAccess
  publicPerIp: number
}

const ShareParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64 }),
  tempToken: Type.String({ minLength: 1, maxLength: 128 }),
})

export const publicRoutes: FastifyPluginAsync<PublicRoutesDeps> = async (fastify, deps) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const limited = { rateLimit: { max: deps.publicPerIp, timeWindow: 60_000 } }

  // Only what the public page shows: never the owner, the folder or the token itself.
  app.get(
    '/public/info/:id/:tempToken',
    { config: limited, schema: { params: ShareParams, response: { 200: PublicInfo } } },
    async (req) => deps.shared.legacyInfo(req.params.id, req.params.tempToken),
  )

  app.get('/public/download/:id/:tempToken', { config: limited, schema: { params: ShareParams } }, async (req, reply) =>
    withLimitPage(req, reply, async () =>
      sendBlob(
        req,
        reply,
        await deps.shared.legacyDownload(req.params.id, req.params.tempToken, req.method === 'HEAD'),
      ),
    ),
  )
}
