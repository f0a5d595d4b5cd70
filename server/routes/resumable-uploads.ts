// /file-service/uploads: tus 1.0.0 (creation, creation-with-upload, termination, expiration),
// DESIGN.md §7. The headers of the protocol live here; services/resumable-uploads.ts holds the
// rules. Same cookies and `uuid` header as every other write.
import type { FastifyPluginAsync, FastifyReply } from 'fastify'
import type { UploadRow } from '../db/schema.ts'
import { AppError } from '../errors.ts'
import type { Auth } from '../plugins/auth.ts'
import { lingerOnRefusal } from '../plugins/linger-on-refusal.ts'
import type { ResumableUploads } from '../services/resumable-uploads.ts'
import { byteCount } from '../services/resumable-uploads.ts'

export interface ResumableRoutesDeps {
  auth: Auth
  resumable: ResumableUploads
}

const TUS_VERSION = '1.0.0'
const PIECE_TYPE = 'application/offset+octet-stream'
const owner = (req: { principal?: { userId: string } }) => req.principal!.userId
const location = (row: UploadRow) => `/file-service/uploads/${row.id}`

/** The headers a reply about an upload carries: its offset, then its file, or while unfinished its expiry. */
function uploadHeaders(reply: FastifyReply, row: UploadRow, { offset, fileId }: { offset: number; fileId?: string }) {
  reply.header('upload-offset', String(offset))
  if (fileId) reply.header('cumulus-file-id', fileId)
  else reply.header('upload-expires', new Date(row.expires_at).toUTCString())
}

export const resumableRoutes: FastifyPluginAsync<ResumableRoutesDeps> = async (app, { auth, resumable }) => {
  // The body of a piece is read by the service as it streams, never parsed or buffered.
  app.addContentTypeParser(PIECE_TYPE, (_req, _payload, done) => done(null))
  app.addHook('onRequest', (_req, reply, done) => {
    reply.header('tus-resumable', TUS_VERSION)
    done()
  })

  app.options('/uploads', async (_req, reply) => {
    reply.header('tus-version', TUS_VERSION)
    reply.header('tus-extension', 'creation,creation-with-upload,termination,expiration')
    if (resumable.maxSize !== undefined) reply.header('tus-max-size', String(resumable.maxSize))
    return reply.code(204).send()
  })

  await app.register(async (scope) => {
    scope.addHook('preHandler', auth.requireUser)
    // A piece refused before its body was read: that body must not be taken for a next request,
    // and a client still sending must still get the reply.
    scope.addHook('onError', (req, reply, _err, done) => {
      if (!req.raw.complete) reply.header('connection', 'close')
      done()
    })
    scope.addHook('onSend', lingerOnRefusal)
    scope.addHook('preHandler', (req, reply, done) => {
      if (req.headers['tus-resumable'] === TUS_VERSION) return done()
      reply.header('tus-version', TUS_VERSION)
      done(new AppError(412, 'TUS_VERSION', `Send Tus-Resumable: ${TUS_VERSION}`))
    })

    scope.post('/uploads', { config: { upload: true } }, async (req, reply) => {
      const header = (name: string) => req.headers[name] as string | undefined
      const row = await resumable.create(owner(req), { length: header('upload-length'), deferLength: header('upload-defer-length'), metadata: header('upload-metadata') })
      reply.header('location', location(row))
      const typed = req.headers['content-type']?.split(';')[0]?.trim() === PIECE_TYPE
      if (row.length === 0) uploadHeaders(reply, row, await resumable.finishEmpty(row))
      else if (typed) uploadHeaders(reply, row, await resumable.receive(row, 0, req.raw))
      else uploadHeaders(reply, row, { offset: 0 })
      return reply.code(201).send()
    })

    scope.head<{ Params: { id: string } }>('/uploads/:id', async (req, reply) => {
      const row = await resumable.upload(owner(req), req.params.id)
      reply.header('upload-length', String(row.length))
      reply.header('cache-control', 'no-store')
      uploadHeaders(reply, row, await resumable.progress(row))
      return reply.code(200).send()
    })

    scope.patch<{ Params: { id: string } }>('/uploads/:id', { config: { upload: true } }, async (req, reply) => {
      if (req.headers['content-type']?.split(';')[0]?.trim() !== PIECE_TYPE) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', `PATCH bodies must be ${PIECE_TYPE}`)
      const at = byteCount(req.headers['upload-offset'] as string | undefined, 'Upload-Offset')
      const row = await resumable.upload(owner(req), req.params.id)
      uploadHeaders(reply, row, await resumable.receive(row, at, req.raw))
      return reply.code(204).send()
    })

    scope.delete<{ Params: { id: string } }>('/uploads/:id', async (req, reply) => {
      await resumable.terminate(owner(req), req.params.id)
      return reply.code(204).send()
    })
  })
}
