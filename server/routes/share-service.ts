// /share-service (DESIGN.md §7 "Share links"): the owner's links (signed in), and the anonymous
// side at /share-service/public/{token}, limited per address. Thin routes: schema, one service
// call, reply.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyMultipartOptions } from '@fastify/multipart'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import type { Readable } from 'node:stream'
import type { Config } from '../config.ts'
import { errors } from '../errors.ts'
import { type Auth, isSecure } from '../plugins/auth.ts'
import { sendBlob, uploadedContentHeaders } from '../plugins/blob-reply.ts'
import { contentDisposition } from '../plugins/download-headers.ts'
import { withLimitPage } from '../plugins/limit-page.ts'
import { multipartBody, withMultipart } from '../plugins/multipart.ts'
import { mountTus } from './resumable-uploads.ts'
import { ZipQuery } from '../schemas/files.ts'
import {
  CreateLinkBody,
  FileRequestReply,
  LinkIdParams,
  LinkReply,
  LinkUploadParams,
  LinkUploadsReply,
  LinksReply,
  PublicListQuery,
  PublicListReply,
  PublicShareInfo,
  TokenFileParams,
  TokenParams,
  UnlockBody,
  UpdateLinkBody,
} from '../schemas/sharing.ts'
import { MessageReply } from '../schemas/user.ts'
import type { Access } from '../services/drive/access.ts'
import type { BlobDownload } from '../services/drive/downloads.ts'
import type { FileRequests } from '../services/sharing/file-requests.ts'
import type { ResumableUploads } from '../services/drive/resumable-uploads.ts'
import { idList } from '../services/drive/listing.ts'
import type { FullImage } from '../services/media/previews.ts'
import type { SharedAccess } from '../services/sharing/link-access.ts'
import type { SharingService } from '../services/sharing/links.ts'
import { streamZip } from '../services/drive/zip.ts'

export interface ShareRoutesDeps {
  auth: Auth
  access: Access
  sharing: SharingService
  shared: SharedAccess
  fileRequests: FileRequests
  resumable: ResumableUploads
  config: Pick<Config, 'secureCookies'>
  publicPerIp: number
  multipart: FastifyMultipartOptions
}

/** The unlock cookie: one name, a path per link, so each link's page carries only its own. */
export const SHARE_COOKIE = 'share-pass'
const linkPath = (token: string) => `/share-service/public/${encodeURIComponent(token)}`

export const shareRoutes: FastifyPluginAsync<ShareRoutesDeps> = async (fastify, deps) => {
  await fastify.register(ownerRoutes, { ...deps, prefix: '' })
  await fastify.register(publicShareRoutes, { ...deps, prefix: '/public' })
}

const ownerRoutes: FastifyPluginAsync<ShareRoutesDeps> = async (fastify, deps) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const owner = (req: { principal?: { userId: string } }) => req.principal!.userId
  app.addHook('preHandler', deps.auth.requireUser)

  // Links are the owner's to make: a member of the item gets 403 OWNER_ONLY, anyone else 404. A
  // link's own id is the owner's (the routes below find it among theirs only: 404 to all others).
  app.post('/links', { schema: { body: CreateLinkBody, response: { 201: LinkReply } } }, async (req, reply) => {
    const reach = await deps.access.item(owner(req), { id: req.body.itemId, type: req.body.itemType }, 'own')
    return reply.code(201).send({ link: await deps.sharing.create(reach.ownerId, req.body) })
  })
  app.get('/links', { schema: { response: { 200: LinksReply } } }, async (req) => ({
    links: await deps.sharing.list(owner(req)),
  }))
  app.patch(
    '/links/:id',
    { schema: { params: LinkIdParams, body: UpdateLinkBody, response: { 200: LinkReply } } },
    async (req) => ({
      link: await deps.sharing.update(owner(req), req.params.id, req.body),
    }),
  )
  app.delete('/links/:id', { schema: { params: LinkIdParams, response: { 200: MessageReply } } }, async (req) => {
    await deps.sharing.revoke(owner(req), req.params.id)
    return { message: 'Link revoked' }
  })
  // An upload link's unfinished resumable uploads: listed, and cancelled one by one.
  app.get(
    '/links/:id/uploads',
    { schema: { params: LinkIdParams, response: { 200: LinkUploadsReply } } },
    async (req) => ({
      uploads: await deps.sharing.uploads(owner(req), req.params.id),
    }),
  )
  app.delete(
    '/links/:id/uploads/:uploadId',
    { schema: { params: LinkUploadParams, response: { 200: MessageReply } } },
    async (req) => {
      await deps.sharing.cancelUpload(owner(req), req.params.id, req.params.uploadId)
      return { message: 'Upload cancelled' }
    },
  )
}

const publicShareRoutes: FastifyPluginAsync<ShareRoutesDeps> = async (fastify, deps) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const { shared } = deps
  const limited = { rateLimit: { max: deps.publicPerIp, timeWindow: 60_000 } }
  // A link's token is in the URL: a page it opens must not hand it on in a Referer. Every API
  // reply says so already (security-headers.ts); said here too, so no later change loses it.
  app.addHook('onRequest', (_req, reply, done) => {
    reply.raw.setHeader('referrer-policy', 'no-referrer')
    done()
  })
  const pass = (req: FastifyRequest) => req.cookies[SHARE_COOKIE]
  const look = (req: FastifyRequest) => req.method === 'HEAD'

  app.get(
    '/:token',
    { config: limited, schema: { params: TokenParams, response: { 200: PublicShareInfo } } },
    async (req) => shared.info(req.params.token, pass(req)),
  )

  app.post(
    '/:token/unlock',
    { config: limited, schema: { params: TokenParams, body: UnlockBody, response: { 200: MessageReply } } },
    async (req, reply) => {
      const { pass: value, maxAgeMs } = await shared.unlock(req.params.token, req.body.password, req.ip)
      reply.setCookie(SHARE_COOKIE, value, {
        httpOnly: true,
        sameSite: 'strict',
        secure: isSecure(deps.config, req),
        path: linkPath(req.params.token),
        maxAge: Math.floor(maxAgeMs / 1000),
      })
      return { message: 'Unlocked' }
    },
  )

  app.get('/:token/download', { config: limited, schema: { params: TokenParams } }, async (req, reply) =>
    withLimitPage(req, reply, async () =>
      sendBlob(req, reply, await shared.download(req.params.token, pass(req), look(req))),
    ),
  )

  /** A preview as the page's <img> or <video> reads it; never counted as a download. */
  const sendPreview = async (
    req: FastifyRequest,
    reply: FastifyReply,
    preview: { image: FullImage } | { video: BlobDownload },
  ) => {
    if ('video' in preview) return sendBlob(req, reply, preview.video)
    const { image } = preview
    uploadedContentHeaders(reply)
    // Not cached: a revoked link must stop showing its picture at once.
    reply.header('cache-control', 'no-store')
    reply.header('content-type', image.contentType)
    reply.header('content-length', image.size)
    return reply.send(look(req) ? '' : await image.open())
  }

  app.get('/:token/preview', { config: limited, schema: { params: TokenParams } }, async (req, reply) =>
    sendPreview(req, reply, await shared.preview(req.params.token, pass(req))),
  )

  app.get('/:token/preview/:fileId', { config: limited, schema: { params: TokenFileParams } }, async (req, reply) =>
    sendPreview(req, reply, await shared.folderPreview(req.params.token, pass(req), req.params.fileId)),
  )

  app.get(
    '/:token/list',
    {
      config: limited,
      schema: { params: TokenParams, querystring: PublicListQuery, response: { 200: PublicListReply } },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store')
      return shared.list(req.params.token, pass(req), req.query)
    },
  )

  app.get('/:token/download/:fileId', { config: limited, schema: { params: TokenFileParams } }, async (req, reply) =>
    withLimitPage(req, reply, async () =>
      sendBlob(req, reply, await shared.folderFile(req.params.token, pass(req), req.params.fileId, look(req))),
    ),
  )

  const sendThumbnail = async (reply: FastifyReply, thumbnail: { open: () => Promise<Readable> }) => {
    uploadedContentHeaders(reply)
    // Not cached: a revoked link must stop showing its pictures at once.
    reply.header('cache-control', 'no-store')
    reply.header('content-type', 'image/webp')
    return reply.send(await thumbnail.open())
  }

  app.get('/:token/thumbnail/:fileId', { config: limited, schema: { params: TokenFileParams } }, async (req, reply) =>
    sendThumbnail(reply, await shared.thumbnail(req.params.token, pass(req), req.params.fileId)),
  )

  // A file link's own thumbnail: what its page shows when there is nothing to preview.
  app.get('/:token/thumbnail', { config: limited, schema: { params: TokenParams } }, async (req, reply) =>
    sendThumbnail(reply, await shared.thumbnail(req.params.token, pass(req), undefined)),
  )

  app.get(
    '/:token/zip',
    { config: limited, schema: { params: TokenParams, querystring: ZipQuery } },
    async (req, reply) => {
      const q = req.query
      const zip = await shared.zip(
        req.params.token,
        pass(req),
        idList(q.folderIDs, q['folderIDs[]']),
        idList(q.fileIDs, q['fileIDs[]']),
        look(req),
      )
      reply.header('content-type', 'application/zip')
      reply.header('content-disposition', contentDisposition('attachment', zip.zipName))
      uploadedContentHeaders(reply)
      reply.header('cache-control', 'no-store')
      if (look(req)) return reply.send('')
      return reply.send(await streamZip(zip.entries, zip.open))
    },
  )

  // File requests: one file per POST, into the shared folder; the reply names nothing in it.
  await withMultipart(app, deps.multipart, (scope) =>
    scope
      .withTypeProvider<TypeBoxTypeProvider>()
      .post(
        '/:token/upload',
        { config: { upload: true, ...limited }, schema: { params: TokenParams, response: { 201: FileRequestReply } } },
        async (req, reply) => {
          if (!req.isMultipart()) throw errors.badRequest('Uploads must be multipart/form-data')
          // Counted against the link owner's quota (the link's own limits are the service's).
          const stored = await deps.fileRequests.upload(
            req.params.token,
            pass(req),
            multipartBody(req, deps.fileRequests.parser),
          )
          return reply.code(201).send(stored)
        },
      ),
  )

  // File requests, resumable: the tus protocol of /file-service/uploads, with the link as the
  // principal. The link is checked on every request, so a revoke or an expiry stops the next PATCH.
  await fastify.register(
    async (scope) => {
      type TokenReq = FastifyRequest<{ Params: { token: string } }>
      const token = (req: FastifyRequest) => {
        const t = (req as TokenReq).params.token
        // As TokenParams bounds it for the other routes.
        if (typeof t !== 'string' || t.length === 0 || t.length > 128) throw errors.notFound('Link')
        return t
      }
      await mountTus(scope, {
        resumable: deps.resumable,
        principal: (req) => deps.fileRequests.tusPrincipal(token(req), pass(req)),
        create: (req, input) =>
          deps.resumable.createThrough(deps.fileRequests.tusTarget(token(req), pass(req)), input()),
        location: (req, row) => `${linkPath(token(req))}/uploads/${row.id}`,
        createConfig: limited,
      })
    },
    { prefix: '/:token' },
  )
}
