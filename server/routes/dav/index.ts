// /dav/: WebDAV (DESIGN.md §7). HTTP only: the methods, HTTP Basic with an app password, and
// sending what methods.ts answers. Bodies are never parsed here: PUT streams into the store, and
// the XML methods' bodies are read capped by services/dav/.
import { Readable } from 'node:stream'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import type { AppPasswordScope } from '../../db/schema.ts'
import { DavError, errors } from '../../errors.ts'
import { sendBlob } from '../../plugins/blob-reply.ts'
import { lingerOnRefusal } from '../../plugins/linger-on-refusal.ts'
import type { DavService } from '../../services/dav/dav.ts'
import { errorBody } from '../../services/dav/xml.ts'
import type { AppPasswordService } from '../../services/sign-in/app-passwords.ts'
import { DAV_METHODS, type DavMethod, type DavReply, davMethods } from './methods.ts'

export interface DavRoutesDeps {
  dav: DavService
  appPasswords: Pick<AppPasswordService, 'verifyAppPassword'>
}

/** Methods of RFC 4918 that Fastify does not know; each may carry a body. */
const EXTENSION_METHODS = ['PROPFIND', 'PROPPATCH', 'MKCOL', 'COPY', 'MOVE', 'LOCK', 'UNLOCK']
const XML = 'application/xml; charset=utf-8'

/** The email and secret of a Basic Authorization header, if it is one. */
function basicCredentials(header: string | undefined): { email: string; secret: string } | undefined {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '')
  if (!m) return undefined
  const text = Buffer.from(m[1]!, 'base64').toString('utf8')
  const colon = text.indexOf(':')
  return colon > 0 ? { email: text.slice(0, colon), secret: text.slice(colon + 1) } : undefined
}

async function send(req: FastifyRequest, reply: FastifyReply, answer: DavReply) {
  reply.headers(answer.headers ?? {})
  if (answer.blob) return sendBlob(req, reply.code(answer.status), answer.blob)
  reply.code(answer.status)
  if (answer.html) return reply.send(Readable.from(answer.html, { highWaterMark: 1 }))
  if (answer.xml === undefined) return reply.send()
  reply.header('content-type', XML)
  // One chunk (a page of responses) waiting at most: a slow client holds the listing back.
  return reply.send(typeof answer.xml === 'string' ? answer.xml : Readable.from(answer.xml, { highWaterMark: 1 }))
}

export const davRoutes: FastifyPluginAsync<DavRoutesDeps> = async (app, deps) => {
  for (const method of EXTENSION_METHODS)
    if (!app.supportedMethods.includes(method)) app.addHttpMethod(method, { hasBody: true })
  // Whatever the type, the body stays unread for the service.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', (_req, _payload, done) => done(null))

  // A refusal before the body was read: the connection closes gently (plugins/linger-on-refusal).
  app.addHook('onError', (req, reply, _err, done) => {
    if (!req.raw.complete) reply.header('connection', 'close')
    done()
  })
  app.addHook('onSend', lingerOnRefusal)
  // RFC 4918 preconditions leave as their XML error body; everything else as every other error.
  app.setErrorHandler((err, _req, reply) => {
    if (!(err instanceof DavError)) throw err
    return reply.code(err.statusCode).header('content-type', XML).send(errorBody(err.condition, err.href))
  })

  const handle = davMethods(deps.dav)
  const who = new WeakMap<FastifyRequest, { owner: string; scope: AppPasswordScope }>()
  const signIn = async (req: FastifyRequest) => {
    // OPTIONS needs no credentials; with good ones its Allow is the path's (methods.ts allowedAt).
    if (req.method === 'OPTIONS') {
      const credentials = basicCredentials(req.headers.authorization)
      const found =
        credentials &&
        (await deps.appPasswords
          .verifyAppPassword(credentials.email, credentials.secret, req.ip)
          .catch(() => undefined))
      if (found) who.set(req, { owner: found.userId, scope: found.scope })
      return
    }
    const credentials = basicCredentials(req.headers.authorization)
    if (!credentials) throw errors.davUnauthorized()
    const found = await deps.appPasswords.verifyAppPassword(credentials.email, credentials.secret, req.ip)
    if (!found) throw errors.davUnauthorized()
    who.set(req, { owner: found.userId, scope: found.scope })
  }

  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    const principal = who.get(req) ?? { owner: '', scope: 'read' as const }
    const answer = await handle({
      ...principal,
      method: req.method as DavMethod,
      urlPath: req.url,
      headers: req.headers as Record<string, string | undefined>,
      body: req.raw,
    })
    return send(req, reply, answer)
  }
  // `upload`: an idle timeout instead of a deadline (a PUT, a long PROPFIND reply).
  const options = { method: [...DAV_METHODS], preHandler: signIn, handler, config: { upload: true, appPassword: true } }
  app.route({ ...options, url: '/' })
  app.route({ ...options, url: '/*' })
}
