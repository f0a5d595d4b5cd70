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
import { LRUCache } from 'lru-cache'

const gzipAsync = promisify(gzip)
/** Below this a reply is kept uncompressed: gzip's framing would eat most of the gain. */
const GZIP_MIN_BYTES = 1024

/** A kept reply. */
export interface CachedBody {
  body: Buffer
  /** Undefined when gzip did not make it smaller. */
  gzipped?: Buffer
}

/** Per-entry bookkeeping beyond body and key (the LRU's nodes, the Buffer object). */
const ENTRY_OVERHEAD = 200
/** URLs remembered as asked once (32-bit hashes); when full it starts over, forgetting them all. */
const DOORKEEPER_MAX = 16_384

/** FNV-1a over the key's UTF-16 units: a collision only admits a reply one request early. */
function hash(key: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193)
  return h >>> 0
}

/** The key of a reply: the user, the drive version their request's session check read, the exact URL. */
export const listCacheKey = (userId: string, driveVersion: number, url: string) => `${userId}\n${driveVersion}\n${url}`

export interface ListCache {
  /** The reply kept under `key` (a hit), or undefined (a miss: build it and `offer` it). */
  get(key: string): CachedBody | undefined
  /** A reply just built for `key`: kept when its key comes a second time. Returns what to send. */
  offer(key: string, json: string): string | Buffer
  /** Entries and bytes held (tests, diagnostics). */
  stats(): { entries: number; bytes: number; hits: number; misses: number }
}

export function createListCache(maxBytes: number): ListCache {
  const lru =
    maxBytes > 0
      ? new LRUCache<string, CachedBody>({
          maxSize: maxBytes,
          sizeCalculation: (e, key) => e.body.length + (e.gzipped?.length ?? 0) + key.length * 2 + ENTRY_OVERHEAD,
        })
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
  function gzipLater(cache: LRUCache<string, CachedBody>, key: string, body: Buffer) {
    if (body.length < GZIP_MIN_BYTES) return
    gzipAsync(body).then(
      (gzipped) => {
        if (gzipped.length < body.length && cache.peek(key)?.body === body) cache.set(key, { body, gzipped })
      },
      () => undefined,
    )
  }

  return {
    get(key) {
      const cached = lru?.get(key)
      if (cached) hits++
      else misses++
      return cached
    },
    offer(key, json) {
      if (!lru || !askedBefore(key)) return json
      const body = Buffer.from(json)
      lru.set(key, { body })
      gzipLater(lru, key, body)
      return body
    },
    stats: () => ({ entries: lru?.size ?? 0, bytes: lru?.calculatedSize ?? 0, hits, misses }),
  }
}
