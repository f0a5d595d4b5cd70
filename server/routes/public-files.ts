// Share links under /file-service: no login at all, limited per address.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyPluginAsync } from 'fastify'
import { Type } from 'typebox'
import { sendBlob } from '../plugins/blob-reply.ts'
import type { DownloadService } from '../services/downloads.ts'
import type { SharingService } from '../services/sharing.ts'

export interface PublicRoutesDeps {
  sharing: SharingService
  downloads: DownloadService
  publicPerIp: number
}

const ShareParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }), tempToken: Type.String({ minLength: 1, maxLength: 128 }) })
export const PublicInfo = Type.Object({
  filename: Type.String(),
  uploadDate: Type.String(),
  metadata: Type.Object({ size: Type.Number(), linkType: Type.Union([Type.Literal('public'), Type.Literal('one')]) }),
})

export const publicRoutes: FastifyPluginAsync<PublicRoutesDeps> = async (fastify, deps) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const limited = { rateLimit: { max: deps.publicPerIp, timeWindow: 60_000 } }

  // Only what the public page shows: never the owner, the folder or the token itself.
  app.get('/public/info/:id/:tempToken', { config: limited, schema: { params: ShareParams, response: { 200: PublicInfo } } }, async (req) => {
    const file = await deps.sharing.publicFile(req.params.id, req.params.tempToken)
    return { filename: file.filename, uploadDate: new Date(file.upload_date).toISOString(), metadata: { size: file.size, linkType: file.link_type! } }
  })

  app.get('/public/download/:id/:tempToken', { config: limited, schema: { params: ShareParams } }, async (req, reply) =>
    sendBlob(req, reply, await deps.downloads.shared(req.params.id, req.params.tempToken, req.method === 'HEAD', req.headers.range)),
  )
}
