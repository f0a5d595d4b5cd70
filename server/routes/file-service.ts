// /file-service: thin routes (schema, auth, one service call), SPEC §7 + DESIGN.md §4.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyPluginAsync } from 'fastify'
import { Type } from 'typebox'
import { errors } from '../errors.ts'
import type { Auth } from '../plugins/auth.ts'
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
  SuggestedQuery,
  SuggestedReply,
} from '../schemas/files.ts'
import { MessageReply } from '../schemas/user.ts'
import { prepareBlobReply } from '../services/downloads.ts'
import { fileJson, folderJson } from '../services/json.ts'
import type { ListingService } from '../services/listing.ts'
import type { TreeService } from '../services/tree.ts'
import type { UploadService } from '../services/uploads.ts'
import type { BlobReader } from '../services/blob-reader.ts'

export interface FileRoutesDeps {
  auth: Auth
  repo: DriveRepository
  listing: ListingService
  tree: TreeService
  uploads: UploadService
  reader: BlobReader
}

export const fileRoutes: FastifyPluginAsync<FileRoutesDeps> = async (fastify, deps) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const { repo, listing, tree, uploads, reader } = deps
  app.addHook('preHandler', deps.auth.requireUser)
  const owner = (req: { principal?: { userId: string } }) => req.principal!.userId
  const ok = (message: string) => ({ message })

  app.post('/upload', { schema: { response: { 201: FileJson } } }, async (req, reply) => {
    if (!req.isMultipart()) throw errors.badRequest('Uploads must be multipart/form-data')
    const file = await uploads.uploadFile(owner(req), req.parts())
    return reply.code(201).send(fileJson(file))
  })

  app.get('/list', { schema: { querystring: FileListQuery, response: { 200: Type.Array(FileJson) } } }, async (req) =>
    (await listing.files(owner(req), req.query)).map(fileJson),
  )

  app.get('/quick-list', { schema: { response: { 200: Type.Array(FileJson) } } }, async (req) => (await listing.quick(owner(req))).map(fileJson))

  app.get('/suggested-list', { schema: { querystring: SuggestedQuery, response: { 200: SuggestedReply } } }, async (req) => {
    const { folders, files } = await listing.suggested(owner(req), req.query)
    return { folderList: folders.map(folderJson), fileList: files.map(fileJson) }
  })

  app.get('/info/:id', { schema: { params: IdParams, response: { 200: FileJson } } }, async (req) => {
    const file = await repo.file(owner(req), req.params.id)
    if (!file) throw errors.notFound('File')
    return fileJson(file)
  })

  app.get('/download/:id', { schema: { params: IdParams } }, async (req, reply) => {
    const file = await repo.file(owner(req), req.params.id)
    if (!file) throw errors.notFound('File')
    const range = prepareBlobReply(reply, {
      size: file.size,
      rangeHeader: req.headers.range,
      contentType: 'application/octet-stream',
      disposition: 'attachment',
      filename: file.filename,
      etag: file.sha256,
    })
    return reply.send(await reader.open(file, range))
  })

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
