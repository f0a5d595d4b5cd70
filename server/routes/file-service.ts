// /file-service: thin routes (schema, auth, one service call), SPEC §7 + DESIGN.md §4.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyMultipartOptions } from '@fastify/multipart'
import type { FastifyPluginAsync } from 'fastify'
import { Type } from 'typebox'
import { errors } from '../errors.ts'
import type { Auth } from '../plugins/auth.ts'
import { withMultipart } from '../plugins/multipart.ts'
import type { DriveRepository } from '../repositories/drive.ts'
import {
  FileJson,
  FileListQuery,
  IdBody,
  IdParams,
  ItemsBody,
  MoveBody,
  MoveItemsBody,
  RenameBody,
  ShareReply,
  SuggestedQuery,
  SuggestedReply,
} from '../schemas/files.ts'
import { MessageReply } from '../schemas/user.ts'
import { blobEtag, sendBlob, uploadedContentHeaders } from '../services/downloads.ts'
import { fileJson, folderJson } from '../services/json.ts'
import type { ListCache } from '../services/list-cache.ts'
import type { ListingService } from '../services/listing.ts'
import type { TreeService } from '../services/tree.ts'
import type { UploadService } from '../services/uploads.ts'
import type { MediaService } from '../services/media.ts'
import type { SessionService } from '../services/sessions.ts'
import type { SharingService } from '../services/sharing.ts'
import type { Vault } from '../storage/vault.ts'

export interface FileRoutesDeps {
  auth: Auth
  sessions: SessionService
  sharing: SharingService
  media: MediaService
  repo: DriveRepository
  listing: ListingService
  listCache: ListCache
  tree: TreeService
  uploads: UploadService
  vault: Vault
  multipart: FastifyMultipartOptions
}

export const fileRoutes: FastifyPluginAsync<FileRoutesDeps> = async (fastify, deps) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const { repo, listing, listCache, tree, uploads, vault } = deps
  app.addHook('preHandler', deps.auth.requireUser)
  const owner = (req: { principal?: { userId: string } }) => req.principal!.userId
  const ok = (message: string) => ({ message })

  await withMultipart(app, deps.multipart, (scope) =>
    scope.post('/upload', { config: { upload: true }, schema: { response: { 201: FileJson } } }, async (req, reply) => {
      if (!req.isMultipart()) throw errors.badRequest('Uploads must be multipart/form-data')
      const file = await uploads.uploadFile(owner(req), req.parts(uploads.fileParser))
      return reply.code(201).send(fileJson(file))
    }),
  )

  app.get('/list', { schema: { querystring: FileListQuery, response: { 200: Type.Array(FileJson) } } }, (req, reply) =>
    listCache.send(req, reply, async () => (await listing.files(owner(req), req.query)).map(fileJson)),
  )

  app.get('/quick-list', { schema: { response: { 200: Type.Array(FileJson) } } }, (req, reply) =>
    listCache.send(req, reply, async () => (await listing.quick(owner(req))).map(fileJson)),
  )

  app.get('/suggested-list', { schema: { querystring: SuggestedQuery, response: { 200: SuggestedReply } } }, (req, reply) =>
    listCache.send(req, reply, async () => {
      const { folders, files } = await listing.suggested(owner(req), req.query)
      return { folderList: folders.map(folderJson), fileList: files.map(fileJson) }
    }),
  )

  app.get('/info/:id', { schema: { params: IdParams, response: { 200: FileJson } } }, (req, reply) =>
    listCache.send(req, reply, async () => {
      const file = await repo.file(owner(req), req.params.id)
      if (!file) throw errors.notFound('File')
      return fileJson(file)
    }),
  )

  app.get('/download/:id', { schema: { params: IdParams } }, async (req, reply) => {
    const file = await repo.file(owner(req), req.params.id)
    if (!file) throw errors.notFound('File')
    const blob = { size: file.size, rangeHeader: req.headers.range, contentType: 'application/octet-stream', disposition: 'attachment', filename: file.filename, etag: blobEtag(file) } as const
    return sendBlob(req, reply, blob, (range) => vault.open(file, range))
  })

  app.get('/thumbnail/:thumbnailID', { schema: { params: Type.Object({ thumbnailID: Type.String({ minLength: 1, maxLength: 64 }) }) } }, async (req, reply) => {
    const file = await repo.db
      .selectFrom('files')
      .selectAll()
      .where('owner_id', '=', owner(req))
      .where('thumbnail_id', '=', req.params.thumbnailID)
      .executeTakeFirst()
    if (!file?.thumbnail_key) throw errors.notFound('Thumbnail')
    // A thumbnail id names one immutable image: cache it forever, revalidate by ETag.
    const etag = `"${file.thumbnail_id}"`
    reply.header('etag', etag)
    reply.header('cache-control', 'private, max-age=31536000, immutable')
    uploadedContentHeaders(reply)
    if (req.headers['if-none-match'] === etag) return reply.code(304).send()
    reply.header('content-type', 'image/webp')
    return reply.send(await vault.open({ blob_key: file.thumbnail_key, size: file.thumb_size ?? 0, enc: file.thumb_enc }))
  })

  app.get('/full-thumbnail/:id', { schema: { params: IdParams } }, async (req, reply) => {
    const file = await repo.file(owner(req), req.params.id)
    if (!file) throw errors.notFound('File')
    // Made once by the thumbnail queue and stored; nothing is decoded on this path.
    const image = await deps.media.fullImage(file)
    const etag = `"${image.etag}"`
    reply.header('etag', etag)
    reply.header('cache-control', 'private, max-age=3600')
    uploadedContentHeaders(reply)
    if (req.headers['if-none-match'] === etag) return reply.code(304).send()
    reply.header('content-type', image.contentType)
    reply.header('content-length', image.size)
    return reply.send(await image.open())
  })

  app.get('/download/access-token-stream-video', { schema: { response: { 200: MessageReply } } }, async (req, reply) => {
    deps.auth.setStreamToken(req, reply, await deps.sessions.signStream(req.principal!))
    return ok('Stream token set')
  })

  app.delete('/remove-stream-video-token', { schema: { response: { 200: MessageReply } } }, async (req, reply) => {
    deps.auth.clearStreamToken(req, reply)
    return ok('Stream token removed')
  })

  app.patch('/make-public/:id', { schema: { params: IdParams, response: { 200: ShareReply } } }, async (req) => ({
    file: fileJson(await deps.sharing.setLink(owner(req), req.params.id, 'public')),
  }))
  app.patch('/make-one/:id', { schema: { params: IdParams, response: { 200: ShareReply } } }, async (req) => ({
    file: fileJson(await deps.sharing.setLink(owner(req), req.params.id, 'one')),
  }))
  app.patch('/remove-link/:id', { schema: { params: IdParams, response: { 200: FileJson } } }, async (req) =>
    fileJson(await deps.sharing.setLink(owner(req), req.params.id, null)),
  )

  app.patch('/rename', { schema: { body: RenameBody, response: { 200: FileJson } } }, async (req) =>
    fileJson(await tree.renameFile(owner(req), req.body.id, req.body.title)),
  )
  app.patch('/move', { schema: { body: MoveBody, response: { 200: MessageReply } } }, async (req) => {
    await tree.moveFile(owner(req), req.body.id, req.body.parentID)
    return ok('File moved')
  })
  app.patch('/move-multi', { schema: { body: MoveItemsBody, response: { 200: MessageReply } } }, async (req) => {
    await tree.moveItems(owner(req), req.body.items, req.body.parentID)
    return ok('Items moved')
  })
  app.patch('/trash', { schema: { body: IdBody, response: { 200: MessageReply } } }, async (req) => {
    await tree.trashFile(owner(req), req.body.id)
    return ok('Trashed')
  })
  app.patch('/trash-multi', { schema: { body: ItemsBody, response: { 200: MessageReply } } }, async (req) => {
    await tree.trashItems(owner(req), req.body.items)
    return ok('Trashed')
  })
  app.patch('/restore', { schema: { body: IdBody, response: { 200: MessageReply } } }, async (req) => {
    await tree.restoreFile(owner(req), req.body.id)
    return ok('Restored')
  })
  app.patch('/restore-multi', { schema: { body: ItemsBody, response: { 200: MessageReply } } }, async (req) => {
    await tree.restoreItems(owner(req), req.body.items)
    return ok('Restored')
  })
  app.delete('/remove', { schema: { body: IdBody, response: { 200: MessageReply } } }, async (req) => {
    await tree.removeFile(owner(req), req.body.id)
    return ok('Deleted')
  })
  app.delete('/remove-multi', { schema: { body: ItemsBody, response: { 200: MessageReply } } }, async (req) => {
    await tree.removeItems(owner(req), req.body.items)
    return ok('Deleted')
  })
}
