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
import type { Folder } from '../db/schema.ts'
import type { Access, Reach } from '../services/drive/access.ts'
import type { ItemPeopleService } from '../services/drive/item-people.ts'
import { folderJson } from '../services/drive/json.ts'
import type { ListCache } from '../services/drive/list-cache.ts'
import { idList, type ListingService, scopeFor } from '../services/drive/listing.ts'
import type { MemberActivity } from '../services/drive/member-activity.ts'
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
  activity: MemberActivity
  multipart: FastifyMultipartOptions
}

export const folderRoutes: FastifyPluginAsync<FolderRoutesDeps> = async (fastify, deps) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const { access, people, listing, listCache, tree, uploads, zips } = deps
  /** Folder rows as `reach` sees them, with their people fields. */
  const withPeople = async (reach: Reach, rows: Folder[]) => {
    const of = await people.of(reach, rows)
    return rows.map((f) => folderJson(f, of(f), reach))
  }
  app.addHook('preHandler', deps.auth.requireUser)
  const owner = (req: { principal?: { userId: string } }) => req.principal!.userId

  // Home is the caller's own; a shared folder takes an editor, and the new folder names them as adder.
  app.post('/create', { schema: { body: CreateFolderBody, response: { 201: FolderJson } } }, async (req, reply) => {
    const reach = await access.parent(owner(req), req.body.parent, 'edit')
    const addedBy = reach.role === 'owner' ? null : reach.callerId
    const row = await tree.createFolder(reach.ownerId, req.body.name, req.body.parent, undefined, addedBy)
    await deps.activity.record(reach, 'drive.create-folder', [row.name])
    return reply.code(201).send(folderJson(row, (await people.of(reach, [row]))(row), reach))
  })

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
      const scope = scopeFor(reach)
      return sendCached(
        listCache,
        req,
        reply,
        async () => withPeople(reach, await listing.folders(reach.ownerId, req.query, scope, reach)),
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
    async (req, reply) => {
      // A member's move dialog browses inside the share only, one folder at a time: without a
      // parent it is their own Home (theirs to move their own items in).
      const reach = await access.parent(owner(req), req.query.parent, 'view')
      const scope = scopeFor(reach)
      return sendCached(
        listCache,
        req,
        reply,
        async () => withPeople(reach, await listing.moveTargets(reach.ownerId, req.query, scope)),
        reach,
      )
    },
  )

  app.get('/download-zip', { schema: { querystring: ZipQuery } }, async (req, reply) => {
    const q = req.query
    const folderIds = idList(q.folderIDs, q['folderIDs[]'])
    const fileIds = idList(q.fileIDs, q['fileIDs[]'])
    if (folderIds.length + fileIds.length === 0) throw errors.badRequest('Select at least one file or folder')
    // Every id seen by the caller, all of one owner's drive: the zip is then planned in it.
    const reach = await access.items(
      owner(req),
      [...folderIds.map((id) => ({ id, type: 'folder' })), ...fileIds.map((id) => ({ id, type: 'file' }))],
      'view',
    )
    const { zipName, stream } = await zips.plan(reach.ownerId, folderIds, fileIds)
    reply.header('content-type', 'application/zip')
    reply.header('content-disposition', contentDisposition('attachment', zipName))
    uploadedContentHeaders(reply)
    reply.header('cache-control', 'private, no-cache')
    return reply.send(await stream())
  })

  registerItemRoutes(
    app,
    {
      type: 'folder',
      schema: FolderJson,
      json: folderJson,
      name: (f) => f.name,
      movedMessage: 'Folder moved',
      rename: tree.renameFolder,
      move: tree.moveFolder,
      trash: tree.trashFolder,
      restore: tree.restoreFolder,
      remove: tree.removeFolder,
    },
    { access, people, activity: deps.activity, listing },
  )
}
