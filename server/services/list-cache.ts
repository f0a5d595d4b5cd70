// Serialised drive replies (lists, info), kept per user and drive version. The same list is
// asked for again and again (each tab revalidating on focus, the viewer paging, the move dialog),
// and building one is most of its cost: the rows, fileJson, serialising. A reply is cached under
// the user, users.drive_version as read by the request's session check, and the exact URL.
// Triggers bump that version in the transaction of every write to the user's files and folders
// (migration 004), and the session check reads it before the list is built, so an entry can
// never be older than the version it is filed under; every instance reads the version from the
// shared database, so two instances behind one load balancer never serve each other stale lists.
// Old versions are never looked up again and age out of the byte-bounded LRU.
import type { FastifyReply, FastifyRequest } from 'fastify'
import { LRUCache } from 'lru-cache'

/** Per-entry bookkeeping beyond body and key (the LRU's nodes, the Buffer object). */
const ENTRY_OVERHEAD = 200

export interface ListCache {
  /** Sends what `build` returns as the route's JSON, building it only if this user at this drive version has not asked this URL yet. */
  send(req: FastifyRequest, reply: FastifyReply, build: () => Promise<unknown>): Promise<void>
  /** Entries and bytes held (tests, diagnostics). */
  stats(): { entries: number; bytes: number; hits: number; misses: number }
}

export function createListCache(maxBytes: number): ListCache {
  const lru = maxBytes > 0 ? new LRUCache<string, Buffer>({ maxSize: maxBytes, sizeCalculation: (body, key) => body.length + key.length * 2 + ENTRY_OVERHEAD }) : undefined
  let hits = 0
  let misses = 0
  return {
    async send(req, reply, build) {
      const principal = req.principal
      if (!principal) throw new Error('list cache: the route must authenticate first')
      const key = `${principal.userId}\n${principal.driveVersion}\n${req.url}`
      let body = lru?.get(key)
      if (body) hits++
      else {
        misses++
        // The route's own response schema serialises it, exactly as an uncached reply would be.
        const json = reply.serialize(await build())
        body = typeof json === 'string' ? Buffer.from(json) : Buffer.from(json as ArrayBuffer)
        lru?.set(key, body)
      }
      reply.type('application/json; charset=utf-8').send(body)
    },
    stats: () => ({ entries: lru?.size ?? 0, bytes: lru?.calculatedSize ?? 0, hits, misses }),
  }
}
