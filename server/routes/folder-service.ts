// /folder-service: thin routes (schema, auth, one service call), SPEC §7 + DESIGN.md §4.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyMultipartOptions } from '@fastify/multipart'
import type { FastifyPluginAsync } from 'fastify'
import { Type } from 'typebox'
import { errors } from '../errors.ts'
import type { Auth } from '../plugins/auth.ts'
import { withMultipart } from '../plugins/multipart.ts'
import type { DriveRepository } from '../repositories/drive.ts'
import { CreateFolderBody, FolderJson, FolderListQuery, IdBody, IdParams, MoveBody, MoveFolderListQuery, RenameBody, ZipQuery } from '../schemas/files.ts'
import { MessageReply } from '../schemas/user.ts'
import type { Vault } from '../storage/vault.ts'
import { contentDisposition, uploadedContentHeaders } from '../services/downloads.ts'
import { folderJson } from '../services/json.ts'
import type { ListCache } from '../services/list-cache.ts'
import { idList, type ListingService } from '../services/listing.ts'
import type { TreeService } from '../services/tree.ts'
import type { UploadService } from '../services/uploads.ts'
import { planZip, streamZip } from '../services/zip.ts'

export interface FolderRoutesDeps {
  auth: Auth
  repo: DriveRepository
  listing: ListingService
  listCache: ListCache
  tree: TreeService
  uploads: UploadService
  vault: Vault
  multipart: FastifyMultipartOptions
}

export const folderRoutes: FastifyPluginAsync<FolderRoutesDeps> = async (fastify, deps) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const { repo, listing, listCache, tree, uploads, vault } = deps
  app.addHook('preHandler', deps.auth.requireUser)
  const owner = (req: { principal?: { userId: string } }) => req.principal!.userId
  const ok = (message: string) => ({ message })

  app.post('/create', { schema: { body: CreateFolderBody, response: { 201: FolderJson } } }, async (req, reply) =>
    reply.code(201).send(folderJson(await tree.createFolder(owner(req), req.body.name, req.body.parent))),
  )

  await withMultipart(app, deps.multipart, (scope) =>
    scope.post('/upload', { config: { upload: true }, schema: { response: { 201: FolderJson } } }, async (req, reply) => {
      if (!req.isMultipart()) throw errors.badRequest('Uploads must be multipart/form-data')
      return reply.code(201).send(folderJson(await uploads.uploadFolder(owner(req), req.parts(uploads.folderParser))))
    }),
  )

  app.get('/list', { schema: { querystring: FolderListQuery, response: { 200: Type.Array(FolderJson) } } }, (req, reply) =>
    listCache.send(req, reply, async () => (await listing.folders(owner(req), req.query)).map(folderJson)),
  )

  app.get('/info/:id', { schema: { params: IdParams, response: { 200: FolderJson } } }, (req, reply) =>
    listCache.send(req, reply, async () => {
      const folder = await repo.folder(owner(req), req.params.id)
      if (!folder) throw errors.notFound('Folder')
      return folderJson(folder)
    }),
  )

  app.get('/move-folder-list', { schema: { querystring: MoveFolderListQuery, response: { 200: Type.Array(FolderJson) } } }, (req, reply) =>
    listCache.send(req, reply, async () => (await listing.moveTargets(owner(req), req.query)).map(folderJson)),
  )

  app.get('/download-zip', { schema: { querystring: ZipQuery } }, async (req, reply) => {
    const q = req.query
    const { entries, zipName } = await planZip(repo, owner(req), idList(q.folderIDs, q['folderIDs[]']), idList(q.fileIDs, q['fileIDs[]']))
    reply.header('content-type', 'application/zip')
    reply.header('content-disposition', contentDisposition('attachment', zipName))
    uploadedContentHeaders(reply)
    reply.header('cache-control', 'private, no-cache')
    return reply.send(await streamZip(entries, (file) => vault.open(file)))
  })

  app.patch('/rename', { schema: { body: RenameBody, response: { 200: FolderJson } } }, async (req) =>
    folderJson(await tree.renameFolder(owner(req), req.body.id, req.body.title)),
  )
  app.patch('/move', { schema: { body: MoveBody, response: { 200: MessageReply } } }, async (req) => {
    await tree.moveFolder(owner(req), req.body.id, req.body.parentID)
    return ok('Folder moved')
  })
  app.patch('/trash', { schema: { body: IdBody, response: { 200: MessageReply } } }, async (req) => {
    await tree.trashFolder(owner(req), req.body.id)
    return ok('Trashed')
  })
  app.patch('/restore', { schema: { body: IdBody, response: { 200: MessageReply } } }, async (req) => {
    await tree.restoreFolder(owner(req), req.body.id)
    return ok('Restored')
  })
  app.delete('/remove', { schema: { body: IdBody, response: { 200: MessageReply } } }, async (req) => {
    await tree.removeFolder(owner(req), req.body.id)
    return ok('Deleted')
  })
}
