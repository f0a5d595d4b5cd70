// Deadlines for clients that send slowly: a connection held by a request that trickles in a byte
// at a time costs a descriptor for as long as the client likes. Three rules:
// - headers: Node's own headersTimeout, for every request;
// - every route but uploads: the whole body within REQUEST_TIMEOUT_SECONDS of the headers. Node's
//   requestTimeout is server-wide and would cut a large upload on a slow line, so each request
//   has a timer of its own;
// - uploads (route config `upload: true`): no total time, but cut when no byte arrives for
//   UPLOAD_IDLE_TIMEOUT_SECONDS.
// A request cut while nothing of its reply is out gets a 408; its connection is closed either way.
import type { ServerOptions } from 'node:http'
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify'
import type { Limits } from '../config.ts'
import { errorBody, errors } from '../errors.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes an upload: an idle timeout instead of a whole-request deadline. */
    upload?: boolean
  }
  interface FastifyRequest {
    bodyDeadline: NodeJS.Timeout | null
  }
}

type Timeouts = Pick<Limits, 'headersTimeoutMs' | 'requestTimeoutMs' | 'uploadIdleTimeoutMs'>

/** Options for Node's http server (Fastify's `http` option). */
export function httpServerOptions(limits: Timeouts): ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutMs,
    // Per request instead (registerRequestTimeouts), so uploads can be exempt.
    requestTimeout: 0,
    // How often Node looks for connections past the headers deadline: its 30 s default would let
    // a stalled connection live up to 30 s longer. The sweep visits only connections mid-request.
    connectionsCheckingInterval: Math.min(1000, Math.max(100, Math.round(limits.headersTimeoutMs / 10))),
  }
}

const TIMEOUT_BODY = JSON.stringify(errorBody(errors.requestTimeout()))
// Written on the socket, not through the reply: the route may still be waiting on the body and
// would answer again once the connection breaks.
const TIMEOUT_REPLY =
  'HTTP/1.1 408 Request Timeout\r\nconnection: close\r\ncontent-type: application/json; charset=utf-8\r\n' +
  `content-length: ${Buffer.byteLength(TIMEOUT_BODY)}\r\n\r\n${TIMEOUT_BODY}`

/** Cuts a request whose body has not arrived in full. */
function cut(req: FastifyRequest, reply: FastifyReply): void {
  if (req.raw.complete) return
  const socket = req.raw.socket
  if (!reply.raw.headersSent && socket.writable) socket.write(TIMEOUT_REPLY)
  socket.destroy()
}

/** Starts the per-request deadlines; call before any route is registered. */
export function registerRequestTimeouts(app: FastifyInstance, limits: Timeouts): void {
  app.decorateRequest('bodyDeadline', null)

  // Callback hooks: an async one costs a promise on every request.
  app.addHook('onRequest', (req, reply, done) => {
    req.bodyDeadline = setTimeout(cut, limits.requestTimeoutMs, req, reply).unref()
    done()
  })
  // A body still arriving after the reply (refused early) is drained by Node: the deadline covers
  // it until it ends.
  app.addHook('onResponse', (req, _reply, done) => {
    if (req.bodyDeadline && req.raw.complete) clearTimeout(req.bodyDeadline)
    done()
  })

  // Runs after the global hook above (route hooks come last): trades its deadline for the idle one.
  const uploadIdle: onRequestHookHandler = (req, reply, done) => {
    if (req.bodyDeadline) clearTimeout(req.bodyDeadline)
    req.bodyDeadline = null
    // A listener on the response keeps Node from destroying the socket on every idle spell: once
    // the body is in, a long store or commit with nothing on the wire is no reason to cut.
    reply.raw.setTimeout(limits.uploadIdleTimeoutMs, () => cut(req, reply))
    done()
  }
  app.addHook('onRoute', (route) => {
    if (!route.config?.upload) return
    const own =
      route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]
    route.onRequest = [...own, uploadIdle] as typeof route.onRequest
  })
}
