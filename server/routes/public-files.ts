// Routes under /file-service that do not use the access cookie: share links (no login at all)
// and video streams (the stream cookie, scoped to the stream path).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyPluginAsync } from 'fastify'
import { Type } from 'typebox'
import { errors } from '../errors.ts'
import type { Auth } from '../plugins/auth.ts'
import type { DriveRepository } from '../repositories/drive.ts'
import { IdParams } from '../schemas/files.ts'
import { blobEtag, sendBlob } from '../services/downloads.ts'
import type { SharingService } from '../services/sharing.ts'
import type { Vault } from '../storage/vault.ts'
import { isVideoType } from '../util/mime.ts'

export interface PublicRoutesDeps {
  auth: Auth
  repo: DriveRepository
  sharing: SharingService
  vault: Vault
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
  const { sharing, vault } = deps
  const limited = { rateLimit: { max: deps.publicPerIp, timeWindow: 60_000 } }

  // Only what the public page shows: never the owner, the folder or the token itself.
  app.get('/public/info/:id/:tempToken', { config: limited, schema: { params: ShareParams, response: { 200: PublicInfo } } }, async (req) => {
    const file = await sharing.publicFile(req.params.id, req.params.tempToken)
    return { filename: file.filename, uploadDate: new Date(file.upload_date).toISOString(), metadata: { size: file.size, linkType: file.link_type! } }
  })

  app.get('/public/download/:id/:tempToken', { config: limited, schema: { params: ShareParams } }, async (req, reply) => {
    const file = await sharing.publicFile(req.params.id, req.params.tempToken)
    // A HEAD (a link preview, a download manager looking first) must not use up a one-time link.
    if (req.method !== 'HEAD') await sharing.consumeOnce(file)
    // A one-time link serves the whole file once; a public link serves ranges like any download.
    const blob = {
      size: file.size,
      ...(file.link_type === 'public' && req.headers.range ? { rangeHeader: req.headers.range } : {}),
      contentType: 'application/octet-stream',
      disposition: 'attachment',
      filename: file.filename,
      etag: blobEtag(file),
      // A share link's bytes stay out of every cache, shared or private.
      cacheControl: 'no-store',
    } as const
    return sendBlob(req, reply, blob, (range) => vault.open(file, range))
  })

  app.get('/stream-video/:id', { preHandler: deps.auth.requireStreamUser, schema: { params: IdParams } }, async (req, reply) => {
    const file = await deps.repo.file(req.principal!.userId, req.params.id)
    if (!file) throw errors.notFound('File')
    const blob = {
      size: file.size,
      ...(req.headers.range ? { rangeHeader: req.headers.range } : {}),
      contentType: isVideoType(file.mime) ? file.mime : 'application/octet-stream',
      disposition: 'inline',
      filename: file.filename,
      etag: blobEtag(file),
    } as const
    return sendBlob(req, reply, blob, (range) => vault.open(file, range))
  })
}
