// tus 1.0.0 (creation, creation-with-upload, termination, expiration), DESIGN.md §7: the
// protocol's headers, mounted at two ways in that differ only in who may use them and where an
// upload goes: /file-service/uploads (the owner, signed in; `resumableRoutes`) and an upload
// link's /share-service/public/{token}/uploads (routes/share-service.ts). services/drive/
// resumable-uploads.ts holds the rules, and takes the headers' values and each piece's body as a
// stream. Same `uuid` header as every other write.
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify'
import type { UploadRow } from '../db/schema.ts'
import { errors } from '../errors.ts'
import type { Auth } from '../plugins/auth.ts'
import { lingerOnRefusal } from '../plugins/linger-on-refusal.ts'
import type { CreateInput, ResumableUploads } from '../services/drive/resumable-uploads.ts'

export interface ResumableRoutesDeps {
  auth: Auth
  resumable: ResumableUploads
}

const TUS_VERSION = '1.0.0'
const PIECE_TYPE = 'application/offset+octet-stream'

/** Metadata keys and values are short; the header as a whole is bounded by Node's header limit. */
const MAX_METADATA_VALUE = 4096

/** tus Upload-Metadata: comma-separated `key base64value` pairs (a value may be absent). */
export function parseMetadata(header: string | undefined): Map<string, string> {
  const out = new Map<string, string>()
  if (!header?.trim()) return out
  for (const pair of header.split(',')) {
    const [key, value, extra] = pair.trim().split(' ')
    if (!key || extra !== undefined || !/^[\x21-\x7e]+$/.test(key) || out.has(key))
      throw errors.badRequest('Upload-Metadata must be comma-separated "key base64value" pairs, each key once')
    if (value !== undefined && !/^[A-Za-z0-9+/]*={0,2}$/.test(value))
      throw errors.badRequest(`Upload-Metadata value of "${key}" must be base64`)
    const text = Buffer.from(value ?? '', 'base64').toString('utf8')
    if (text.length > MAX_METADATA_VALUE) throw errors.badRequest(`Upload-Metadata value of "${key}" is too long`)
    out.set(key, text)
  }
  return out
}

/** A whole number of bytes from a header, or a 400 naming the header. */
export function byteCount(value: string | undefined, header: string): number {
  const n = value !== undefined && /^\d{1,16}$/.test(value.trim()) ? Number(value.trim()) : NaN
  if (!Number.isSafeInteger(n)) throw errors.badRequest(`${header} must be a whole number of bytes`)
  return n
}

/** Whose uploads a request may touch: the owner, and the link it came through (null = signed in). */
export interface UploadPrincipal {
  owner: string
  linkId: string | null
}

/** One way in to the protocol. */
export interface TusMount {
  resumable: ResumableUploads
  /** Checks the request's right to be here (runs before every route but OPTIONS). */
  guard?: preHandlerHookHandler
  /** Whose uploads the request reaches, checked afresh on every request (a revoked link stops at once). */
  principal(req: FastifyRequest): Promise<UploadPrincipal>
  /**
   * POST: the new upload's row, where this way in puts it. `input` reads the request's tus
   * headers (400, 413): called once this way in has checked what it checks first.
   */
  create(req: FastifyRequest, input: () => CreateInput): Promise<UploadRow>
  /** The upload's URL (Location). */
  location(req: FastifyRequest, row: UploadRow): string
  /** Route options of the creating POST (a rate limit). */
  createConfig?: Record<string, unknown>
}

/** The headers a reply about an upload carries: its offset, then its file, or while unfinished its expiry. */
function uploadHeaders(reply: FastifyReply, row: UploadRow, { offset, fileId }: { offset: number; fileId?: string }) {
  reply.header('upload-offset', String(offset))
  if (fileId) reply.header('cumulus-file-id', fileId)
  else reply.header('upload-expires', new Date(row.expires_at).toUTCString())
}

/** Registers OPTIONS, POST /uploads and HEAD / PATCH / DELETE /uploads/:id on `app` for one way in. */
export async function mountTus(app: FastifyInstance, mount: TusMount): Promise<void> {
  const { resumable } = mount
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
    if (mount.guard) scope.addHook('preHandler', mount.guard)
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
      done(errors.tusVersion(TUS_VERSION))
    })
    const mine = async (req: FastifyRequest<{ Params: { id: string } }>) => {
      const { owner, linkId } = await mount.principal(req)
      return resumable.upload(owner, req.params.id, linkId)
    }

    scope.post('/uploads', { config: { upload: true, ...mount.createConfig } }, async (req, reply) => {
      const header = (name: string) => req.headers[name] as string | undefined
      const typed = req.headers['content-type']?.split(';')[0]?.trim() === PIECE_TYPE
      const length = header('upload-length')
      const whole = typed && length !== undefined && header('content-length') === length
      const row = await mount.create(req, () => {
        if (header('upload-defer-length') !== undefined)
          throw errors.badRequest('Upload-Defer-Length is not supported: send Upload-Length')
        const bytes = byteCount(length, 'Upload-Length')
        resumable.checkLength(bytes)
        return { length: bytes, meta: parseMetadata(header('upload-metadata')), withBody: typed, whole }
      })
      reply.header('location', mount.location(req, row))
      if (row.length === 0) uploadHeaders(reply, row, await resumable.finishEmpty(row))
      else if (typed) uploadHeaders(reply, row, await resumable.receive(row, 0, req.raw))
      else uploadHeaders(reply, row, { offset: 0 })
      return reply.code(201).send()
    })

    scope.head<{ Params: { id: string } }>('/uploads/:id', async (req, reply) => {
      const row = await mine(req)
      reply.header('upload-length', String(row.length))
      reply.header('cache-control', 'no-store')
      uploadHeaders(reply, row, await resumable.progress(row))
      return reply.code(200).send()
    })

    scope.patch<{ Params: { id: string } }>('/uploads/:id', { config: { upload: true } }, async (req, reply) => {
      if (req.headers['content-type']?.split(';')[0]?.trim() !== PIECE_TYPE) throw errors.tusPieceType(PIECE_TYPE)
      const at = byteCount(req.headers['upload-offset'] as string | undefined, 'Upload-Offset')
      const row = await mine(req)
      uploadHeaders(reply, row, await resumable.receive(row, at, req.raw))
      return reply.code(204).send()
    })

    scope.delete<{ Params: { id: string } }>('/uploads/:id', async (req, reply) => {
      const { owner, linkId } = await mount.principal(req)
      await resumable.terminate(owner, req.params.id, linkId)
      return reply.code(204).send()
    })
  })
}

/** /file-service/uploads: the signed-in owner's uploads, into their own folders. */
export const resumableRoutes: FastifyPluginAsync<ResumableRoutesDeps> = async (app, { auth, resumable }) => {
  const owner = (req: FastifyRequest) => req.principal!.userId
  await mountTus(app, {
    resumable,
    guard: auth.requireUser,
    principal: async (req) => ({ owner: owner(req), linkId: null }),
    create: (req, input) => resumable.create(owner(req), input()),
    location: (_req, row) => `/file-service/uploads/${row.id}`,
  })
}
