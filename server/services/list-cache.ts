// Serialised drive replies (lists, info), kept per user and drive version. The same list is
// asked for again and again (each tab revalidating on focus, the viewer paging, the move dialog),
// and building one is most of its cost: the rows, fileJson, serialising. A reply is cached under
// the user, users.drive_version as read by the request's session check, and the exact URL.
// Triggers bump that version in the transaction of every write to the user's files and folders
// (migration 004), and the session check reads it before the list is built, so an entry can
// never be older than the version it is filed under; every instance reads the version from the
// shared database, so two instances behind one load balancer never serve each other stale lists.
// Old versions are never looked up again and age out of the byte-bounded LRU.
//
// A reply is kept only when its URL comes a second time (a doorkeeper, as in TinyLFU): the pages
// of a long scroll, each search typed, a folder opened once are asked for once at a version, and
// keeping them would only churn the cache, evicting the lists that do repeat, and leave dead
// buffers for the garbage collector (a bench of all-new URLs grew RSS by ~80 MB that way).
//
// A kept reply is also gzipped once (off the event loop), and sent so to browsers, which all
// accept it: a 50-file page is ~12 KB of JSON and ~1.6 KB gzipped, less to copy on every repeat
// and much less to carry over a phone's network. Replies built per request stay uncompressed:
// gzipping each would cost more CPU (~75 µs for a page) than it saves.
import { promisify } from 'node:util'
import { gzip } from 'node:zlib'
import { Negotiator } from '@fastify/accept-negotiator'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { LRUCache } from 'lru-cache'

const gzipAsync = promisify(gzip)
/** Below this a reply is kept uncompressed: gzip's framing would eat most of the gain. */
const GZIP_MIN_BYTES = 1024

interface Entry {
  body: Buffer
  /** Undefined when gzip did not make it smaller. */
  gzipped?: Buffer
}

/** Per-entry bookkeeping beyond body and key (the LRU's nodes, the Buffer object). */
const ENTRY_OVERHEAD = 200
/** URLs remembered as asked once (32-bit hashes); when full it starts over, forgetting them all. */
const DOORKEEPER_MAX = 16_384
const JSON_TYPE = 'application/json; charset=utf-8'
// Browsers send a handful of distinct accept-encoding values: remember each answer.
const encodings = new Negotiator({ supportedValues: ['gzip', 'identity'], cache: new LRUCache<string, string>({ max: 256 }) })

/** FNV-1a over the key's UTF-16 units: a collision only admits a reply one request early. */
function hash(key: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193)
  return h >>> 0
}

export interface ListCache {
  /** Sends what `build` returns as the route's JSON; builds it unless this user asked this URL at this drive version before and it was kept. */
  send(req: FastifyRequest, reply: FastifyReply, build: () => Promise<unknown>): Promise<void>
  /** Entries and bytes held (tests, diagnostics). */
  stats(): { entries: number; bytes: number; hits: number; misses: number }
}

export function createListCache(maxBytes: number): ListCache {
  const lru =
    maxBytes > 0
      ? new LRUCache<string, Entry>({ maxSize: maxBytes, sizeCalculation: (e, key) => e.body.length + (e.gzipped?.length ?? 0) + key.length * 2 + ENTRY_OVERHEAD })
      : undefined
  const askedOnce = new Set<number>()
  let hits = 0
  let misses = 0

  /** The doorkeeper: true when this key was asked once before; otherwise notes it. */
  function askedBefore(key: string): boolean {
    const h = hash(key)
    if (askedOnce.delete(h)) return true
    if (askedOnce.size >= DOORKEEPER_MAX) askedOnce.clear()
    askedOnce.add(h)
    return false
  }

  /** After the reply has gone: the entry serves uncompressed until its gzip is ready. */
  function gzipLater(cache: LRUCache<string, Entry>, key: string, body: Buffer) {
    if (body.length < GZIP_MIN_BYTES) return
    gzipAsync(body).then(
      (gzipped) => {
        if (gzipped.length < body.length && cache.peek(key)?.body === body) cache.set(key, { body, gzipped })
      },
      () => undefined,
    )
  }

  return {
    async send(req, reply, build) {
      const principal = req.principal
      if (!principal) throw new Error('list cache: the route must authenticate first')
      // The same URL may be answered compressed or not: shared caches must keep them apart.
      reply.header('vary', 'accept-encoding')
      const key = `${principal.userId}\n${principal.driveVersion}\n${req.url}`
      const cached = lru?.get(key)
      if (cached) {
        hits++
        const accept = req.headers['accept-encoding']
        reply.type(JSON_TYPE)
        if (cached.gzipped && accept && encodings.negotiate(accept) === 'gzip') reply.header('content-encoding', 'gzip').send(cached.gzipped)
        else reply.send(cached.body)
        return
      }
      misses++
      // The route's own response schema serialises it, exactly as an uncached reply would be.
      const json = reply.serialize(await build())
      reply.type(JSON_TYPE)
      if (!lru || typeof json !== 'string' || !askedBefore(key)) {
        reply.send(json)
        return
      }
      const body = Buffer.from(json)
      lru.set(key, { body })
      reply.send(body)
      gzipLater(lru, key, body)
    },
    stats: () => ({ entries: lru?.size ?? 0, bytes: lru?.calculatedSize ?? 0, hits, misses }),
  }
}
