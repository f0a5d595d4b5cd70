// /folder-service: thin routes (schema, auth, one service call), SPEC §7 + DESIGN.md §4.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyMultipartOptions } from '@fastify/multipart'
import type { FastifyPluginAsync } from 'fastify'
import { Type } from 'typebox'
import { errors } from '../errors.ts'
import type { Auth } from '../plugins/auth.ts'
import { multipartBody, withMultipart } from '../plugins/multipart.ts'
import { uploadedContentHeaders } from '../plugins/blob-reply.ts'
import { contentDisposition } from '../plugins/download-headers.ts'
import { sendCached } from '../plugins/cached-json.ts'
import {
  CreateFolderBody,
  FolderJson,
  FolderListQuery,
  IdParams,
  MoveFolderListQuery,
  ZipQuery,
} from '../schemas/files.ts'
import type { Access } from '../services/drive/access.ts'
import type { ItemPeopleService } from '../services/drive/item-people.ts'
import { folderJson } from '../services/drive/json.ts'
import type { ListCache } from '../services/drive/list-cache.ts'
import { idList, type ListingService } from '../services/drive/listing.ts'
import type { TreeService } from '../services/drive/tree.ts'
import type { UploadService } from '../services/drive/uploads.ts'
import type { ZipService } from '../services/drive/zip.ts'
import { registerItemRoutes } from './item-routes.ts'

export interface FolderRoutesDeps {
  auth: Auth
  access: Access
  people: ItemPeopleService
  listing: ListingService
  listCache: ListCache
  tree: TreeService
  uploads: UploadService
  zips: ZipService
  multipart: FastifyMultipartOptions
}

export const folderRoutes: FastifyPluginAsync<FolderRoutesDeps> = async (fastify, deps) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const { access, people, listing, listCache, tree, uploads, zips } = deps
  app.addHook('preHandler', deps.auth.requireUser)
  const owner = (req: { principal?: { userId: string } }) => req.principal!.userId

  app.post('/create', { schema: { body: CreateFolderBody, response: { 201: FolderJson } } }, async (req, reply) =>
    reply.code(201).send(folderJson(await tree.createFolder(owner(req), req.body.name, req.body.parent))),
  )

  await withMultipart(app, deps.multipart, (scope) =>
    scope.post(
      '/upload',
      { config: { upload: true }, schema: { response: { 201: FolderJson } } },
      async (req, reply) => {
        if (!req.isMultipart()) throw errors.badRequest('Uploads must be multipart/form-data')
        const { row, reach } = await uploads.uploadFolder(owner(req), multipartBody(req, uploads.folderParser))
        return reply.code(201).send(
          // A new item has no share yet, and is the caller's own unless they are a member: the people
          // fields cost no read then.
          reach.role === 'owner' ? folderJson(row) : folderJson(row, (await people.of(reach, [row]))(row), reach),
        )
      },
    ),
  )

  app.get(
    '/list',
    { schema: { querystring: FolderListQuery, response: { 200: Type.Array(FolderJson) } } },
    async (req, reply) => {
      const reach = await access.parent(owner(req), req.query.parent, 'view')
      const scope = reach.role === 'owner' ? 'drive' : 'folder'
      return sendCached(
        listCache,
        req,
        reply,
        async () => {
          const rows = await listing.folders(reach.ownerId, req.query, scope)
          const of = await people.of(reach, rows)
          return rows.map((f) => folderJson(f, of(f), reach))
        },
        reach,
      )
    },
  )

  app.get('/info/:id', { schema: { params: IdParams, response: { 200: FolderJson } } }, async (req, reply) => {
    const reach = await access.folder(owner(req), req.params.id, 'view')
    return sendCached(
      listCache,
      req,
      reply,
      async () => {
        const row = await listing.folder(reach.ownerId, req.params.id)
        return folderJson(row, (await people.of(reach, [row]))(row), reach)
      },
      reach,
    )
  })

  app.get(
    '/move-folder-list',
    { schema: { querystring: MoveFolderListQuery, response: { 200: Type.Array(FolderJson) } } },
    (req, reply) =>
      sendCached(listCache, req, reply, async () =>
        (await listing.moveTargets(owner(req), req.query)).map((f) => folderJson(f)),
      ),
  )

  app.get('/download-zip', { schema: { querystring: ZipQuery } }, async (req, reply) => {
    const q = req.query
    const { zipName, stream } = await zips.plan(
      owner(req),
      idList(q.folderIDs, q['folderIDs[]']),
      idList(q.fileIDs, q['fileIDs[]']),
    )
    reply.header('content-type', 'application/zip')
    reply.header('content-disposition', contentDisposition('attachment', zipName))
    uploadedContentHeaders(reply)
    reply.header('cache-control', 'private, no-cache')
    return reply.send(await stream())
  })

  registerItemRoutes(app, {
    schema: FolderJson,
    json: folderJson,
    movedMessage: 'Folder moved',
    rename: tree.renameFolder,
    move: tree.moveFolder,
    trash: tree.trashFolder,
    restore: tree.restoreFolder,
    remove: tree.removeFolder,
  })
}
