// /file-service: thin routes (schema, auth, one service call), SPEC §7 + DESIGN.md §4.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyMultipartOptions } from '@fastify/multipart'
import type { FastifyPluginAsync } from 'fastify'
import { Type } from 'typebox'
import { errors } from '../errors.ts'
import type { Auth } from '../plugins/auth.ts'
import { sendBlob, uploadedContentHeaders } from '../plugins/blob-reply.ts'
import { sendCached, sendCachedJson } from '../plugins/cached-json.ts'
import { multipartBody, withMultipart } from '../plugins/multipart.ts'
import {
  FileJson,
  FileListQuery,
  FileReply,
  IdParams,
  ShareReply,
  SuggestedQuery,
  SuggestedReply,
  TEXT_PREVIEW_HEADERS,
} from '../schemas/files.ts'
import { MediaInfoReply } from '../schemas/media.ts'
import { MessageReply } from '../schemas/user.ts'
import type { Access } from '../services/drive/access.ts'
import type { DownloadService } from '../services/drive/downloads.ts'
import type { ItemPeopleService } from '../services/drive/item-people.ts'
import type { FileCopies } from '../services/drive/file-copy.ts'
import { fileJson, fileListJson, folderJson } from '../services/drive/json.ts'
import type { ListCache } from '../services/drive/list-cache.ts'
import { flag, type ListingService, scopeFor } from '../services/drive/listing.ts'
import type { MemberActivity } from '../services/drive/member-activity.ts'
import { mediaInfoReply } from '../services/media/media-info.ts'
import type { MediaService } from '../services/media/previews.ts'
import type { TextPreviews } from '../services/media/text-preview.ts'
import type { SessionService } from '../services/sign-in/sessions.ts'
import type { SharingService } from '../services/sharing/links.ts'
import type { Timeline } from '../services/drive/timeline.ts'
import type { TreeService } from '../services/drive/tree.ts'
import type { UploadService } from '../services/drive/uploads.ts'
import { registerItemRoutes, registerMultiRoutes } from './item-routes.ts'

export interface FileRoutesDeps {
  auth: Auth
  access: Access
  people: ItemPeopleService
  sessions: SessionService
  sharing: SharingService
  media: MediaService
  textPreviews: TextPreviews
  downloads: DownloadService
  listing: ListingService
  listCache: ListCache
  tree: TreeService
  uploads: UploadService
  copies: FileCopies
  timeline: Timeline
  activity: MemberActivity
  multipart: FastifyMultipartOptions
}

const owner = (req: { principal?: { userId: string } }) => req.principal!.userId
const ok = (message: string) => ({ message })

export const fileRoutes: FastifyPluginAsync<FileRoutesDeps> = async (fastify, deps) => {
  // The viewer's <video> cannot send the access cookie's path: it carries the stream cookie.
  await fastify.register(async (scope) => {
    const app = scope.withTypeProvider<TypeBoxTypeProvider>()
    app.get(
      '/stream-video/:id',
      { preHandler: deps.auth.requireStreamUser, schema: { params: IdParams } },
      async (req, reply) => {
        const reach = await deps.access.file(owner(req), req.params.id, 'view')
        return sendBlob(req, reply, await deps.downloads.video(reach.ownerId, req.params.id))
      },
    )
  })
  // `deps` came with this plugin's prefix, which the child inherits already.
  await fastify.register(signedInRoutes, { ...deps, prefix: '' })
}

const signedInRoutes: FastifyPluginAsync<FileRoutesDeps> = async (fastify, deps) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const { access, people, listing, listCache, tree, uploads, downloads } = deps
  app.addHook('preHandler', deps.auth.requireUser)

  await withMultipart(app, deps.multipart, (scope) =>
    scope.post('/upload', { config: { upload: true }, schema: { response: { 201: FileJson } } }, async (req, reply) => {
      if (!req.isMultipart()) throw errors.badRequest('Uploads must be multipart/form-data')
      const { row, reach } = await uploads.uploadFile(owner(req), multipartBody(req, uploads.fileParser))
      return reply.code(201).send(
        // A new item has no share yet, and is the caller's own unless they are a member: the people
        // fields cost no read then.
        reach.role === 'owner' ? fileJson(row) : fileJson(row, (await people.of(reach, [row]))(row), reach),
      )
    }),
  )

  // A copy lands beside the original, in the owner's drive, sharing its blob (it costs no bytes);
  // a member's is theirs as adder.
  app.post('/:id/copy', { schema: { params: IdParams, response: { 201: FileReply } } }, async (req, reply) => {
    const reach = await access.file(owner(req), req.params.id, 'edit')
    await access.copyable(reach, req.params.id)
    const member = reach.role !== 'owner'
    const row = await deps.copies.copyFile(reach.ownerId, req.params.id, member ? reach.callerId : null)
    await deps.activity.record(reach, 'drive.copy', [row.filename])
    return reply.code(201).send({ file: fileJson(row, (await people.of(reach, [row]))(row), reach) })
  })

  app.get(
    '/list',
    { schema: { querystring: FileListQuery, response: { 200: Type.Array(FileJson) } } },
    async (req, reply) => {
      // The family timeline: the caller's media and what is shared with them, by date taken. Each
      // source is read under its owner's id from the live shares; no cache key follows them all.
      // A media search stays in the caller's own gallery.
      if (flag(req.query.mediaMode) && req.query.include === 'shared' && !req.query.search?.trim())
        // JSON text, as fileListJson writes it for the response schema (a string goes out as is).
        return reply
          .type('application/json; charset=utf-8')
          .send((await deps.timeline.page(owner(req), req.query)) as unknown as FileJson[])
      // A folder named is checked first; Home, trash, media and searches are the caller's own drive.
      const reach = await access.parent(owner(req), req.query.parent, 'view')
      const scope = scopeFor(reach)
      return sendCachedJson(
        listCache,
        req,
        reply,
        async () => {
          const rows = await listing.files(reach.ownerId, req.query, scope, reach)
          return fileListJson(rows, await people.of(reach, rows), reach)
        },
        reach,
      )
    },
  )

  app.get('/quick-list', { schema: { response: { 200: Type.Array(FileJson) } } }, (req, reply) =>
    sendCachedJson(listCache, req, reply, async () => fileListJson(await listing.quick(owner(req)))),
  )

  app.get(
    '/suggested-list',
    { schema: { querystring: SuggestedQuery, response: { 200: SuggestedReply } } },
    async (req, reply) => {
      // Inside a folder shared with the caller, the suggestions come from there (as its list's search).
      const reach = await access.parent(owner(req), req.query.parent, 'view')
      const scope = scopeFor(reach)
      return sendCached(
        listCache,
        req,
        reply,
        async () => {
          const { folders, files } = await listing.suggested(reach.ownerId, req.query, scope, reach)
          if (scope === 'drive')
            return { folderList: folders.map((f) => folderJson(f)), fileList: files.map((f) => fileJson(f)) }
          const rows = [...folders, ...files]
          const of = await people.of(reach, rows)
          return {
            folderList: folders.map((f) => folderJson(f, of(f), reach)),
            fileList: files.map((f) => fileJson(f, of(f), reach)),
          }
        },
        reach,
      )
    },
  )

  app.get('/info/:id', { schema: { params: IdParams, response: { 200: FileJson } } }, async (req, reply) => {
    const reach = await access.file(owner(req), req.params.id, 'view')
    return sendCached(
      listCache,
      req,
      reply,
      async () => {
        const row = await listing.file(reach.ownerId, req.params.id)
        return fileJson(row, (await people.of(reach, [row]))(row), reach)
      },
      reach,
    )
  })

  app.get('/download/:id', { schema: { params: IdParams } }, async (req, reply) => {
    const reach = await access.file(owner(req), req.params.id, 'view')
    return sendBlob(req, reply, await downloads.file(reach.ownerId, req.params.id))
  })

  app.get(
    '/thumbnail/:thumbnailID',
    { schema: { params: Type.Object({ thumbnailID: Type.String({ minLength: 1, maxLength: 64 }) }) } },
    async (req, reply) => {
      const reach = await access.thumbnail(owner(req), req.params.thumbnailID)
      const thumbnail = await downloads.thumbnail(reach.ownerId, req.params.thumbnailID)
      // A thumbnail id names one immutable image: cache it forever, revalidate by ETag.
      const etag = `"${thumbnail.etag}"`
      reply.header('etag', etag)
      reply.header('cache-control', 'private, max-age=31536000, immutable')
      uploadedContentHeaders(reply)
      if (req.headers['if-none-match'] === etag) return reply.code(304).send()
      reply.header('content-type', 'image/webp')
      return reply.send(await thumbnail.open())
    },
  )

  app.get('/full-thumbnail/:id', { schema: { params: IdParams } }, async (req, reply) => {
    // Made once by the thumbnail queue and stored; nothing is decoded on this path.
    const reach = await access.file(owner(req), req.params.id, 'view')
    const image = await deps.media.fullImage(await listing.file(reach.ownerId, req.params.id))
    const etag = `"${image.etag}"`
    reply.header('etag', etag)
    reply.header('cache-control', 'private, max-age=3600')
    uploadedContentHeaders(reply)
    if (req.headers['if-none-match'] === etag) return reply.code(304).send()
    reply.header('content-type', image.contentType)
    reply.header('content-length', image.size)
    return reply.send(await image.open())
  })

  app.get('/media-info/:id', { schema: { params: IdParams, response: { 200: MediaInfoReply } } }, async (req) => {
    const reach = await access.file(owner(req), req.params.id, 'view')
    return mediaInfoReply(await listing.file(reach.ownerId, req.params.id))
  })

  // The text viewer's text: never the file's own type (an .html file is text too), so a browser
  // opening it shows characters, in a sandbox, and the app reads the cut from a header.
  app.get('/text/:id', { schema: { params: IdParams } }, async (req, reply) => {
    const reach = await access.file(owner(req), req.params.id, 'view')
    const source = await deps.textPreviews.open(reach.ownerId, req.params.id)
    const etag = `"${source.etag}"`
    reply.header('etag', etag)
    reply.header('cache-control', 'private, no-cache')
    uploadedContentHeaders(reply)
    if (req.headers['if-none-match'] === etag) return reply.code(304).send()
    const text = await source.read()
    reply.header('content-type', 'text/plain; charset=utf-8')
    reply.header(TEXT_PREVIEW_HEADERS.truncated, String(text.truncated))
    reply.header(TEXT_PREVIEW_HEADERS.encoding, text.encoding)
    return reply.send(text.body)
  })

  app.get(
    '/download/access-token-stream-video',
    { schema: { response: { 200: MessageReply } } },
    async (req, reply) => {
      deps.auth.setStreamToken(req, reply, await deps.sessions.signStream(req.principal!))
      return ok('Stream token set')
    },
  )

  app.delete('/remove-stream-video-token', { schema: { response: { 200: MessageReply } } }, async (req, reply) => {
    deps.auth.clearStreamToken(req, reply)
    return ok('Stream token removed')
  })

  // Links are the owner's to make: a member gets 403 OWNER_ONLY, anyone else 404.
  const setLink = async (req: { principal?: { userId: string } }, id: string, type: 'public' | 'one' | null) => {
    const reach = await access.file(owner(req), id, 'own')
    return fileJson(await deps.sharing.setLink(reach.ownerId, id, type))
  }
  app.patch('/make-public/:id', { schema: { params: IdParams, response: { 200: ShareReply } } }, async (req) => ({
    file: await setLink(req, req.params.id, 'public'),
  }))
  app.patch('/make-one/:id', { schema: { params: IdParams, response: { 200: ShareReply } } }, async (req) => ({
    file: await setLink(req, req.params.id, 'one'),
  }))
  app.patch('/remove-link/:id', { schema: { params: IdParams, response: { 200: FileJson } } }, async (req) =>
    setLink(req, req.params.id, null),
  )

  const items = { access, people, activity: deps.activity, listing }
  registerItemRoutes(
    app,
    {
      type: 'file',
      schema: FileJson,
      json: fileJson,
      name: (f) => f.filename,
      movedMessage: 'File moved',
      rename: tree.renameFile,
      move: tree.moveFile,
      trash: tree.trashFile,
      restore: tree.restoreFile,
      remove: tree.removeFile,
    },
    items,
  )

  // The Trash screen's "Empty trash": everything in the caller's own trash (never a shared
  // owner's), deleted forever in one request.
  app.delete('/empty-trash', { schema: { response: { 200: MessageReply } } }, async (req) => {
    await tree.emptyTrash(owner(req))
    return ok('Trash emptied')
  })

  registerMultiRoutes(app, tree, items)
}
