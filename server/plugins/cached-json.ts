// Sends a drive reply through the list cache (services/drive/list-cache.ts): the kept bytes, gzipped
// when the browser takes it, or the route's JSON built and offered to the cache.
import { Negotiator } from '@fastify/accept-negotiator'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { LRUCache } from 'lru-cache'
import type { Reach } from '../services/drive/access.ts'
import { type ListCache, listCacheKey } from '../services/drive/list-cache.ts'

const JSON_TYPE = 'application/json; charset=utf-8'
// Browsers send a handful of distinct accept-encoding values: remember each answer.
const encodings = new Negotiator({
  supportedValues: ['gzip', 'identity'],
  cache: new LRUCache<string, string>({ max: 256 }),
})

/** Sends what `build` returns as the route's JSON; builds it unless this user asked this URL at this drive version before and it was kept. */
export function sendCached(
  cache: ListCache,
  req: FastifyRequest,
  reply: FastifyReply,
  build: () => Promise<unknown>,
  reach?: Reach,
): Promise<void> {
  // The route's own response schema serialises it, exactly as an uncached reply would be.
  return sendCachedJson(cache, req, reply, async () => reply.serialize(await build()), reach)
}

/**
 * The cache key of a reply. A member's view of someone else's folder is filed under the owner's
 * drive version (which every write there bumps, whoever makes it), read by the request's access
 * check before the reply is built, and under the member's role and view top (a share added,
 * changed or ended on the path changes them; an ended one fails the check before any lookup).
 */
function keyOf(req: FastifyRequest, reach: Reach | undefined): string {
  const principal = req.principal!
  if (!reach?.owner) return listCacheKey(principal.userId, principal.driveVersion, req.url)
  const version = `${reach.ownerId}:${reach.owner.driveVersion}:${reach.role}:${reach.topId}`
  return `${principal.userId}\n${version}\n${req.url}`
}

/** sendCached for a route whose `build` writes the JSON text itself (what its response schema would write). */
export async function sendCachedJson(
  cache: ListCache,
  req: FastifyRequest,
  reply: FastifyReply,
  build: () => Promise<unknown>,
  reach?: Reach,
): Promise<void> {
  if (!req.principal) throw new Error('list cache: the route must authenticate first')
  // The same URL may be answered compressed or not: shared caches must keep them apart. And none
  // may keep it at all: it is one signed-in person's view (a member's of someone else's folder,
  // which ends with the share), asked with a cookie a shared cache does not key on.
  reply.header('vary', 'accept-encoding')
  reply.header('cache-control', 'private, no-cache')
  const key = keyOf(req, reach)
  const cached = cache.get(key)
  if (cached) {
    const accept = req.headers['accept-encoding']
    reply.type(JSON_TYPE)
    if (cached.gzipped && accept && encodings.negotiate(accept) === 'gzip')
      reply.header('content-encoding', 'gzip').send(cached.gzipped)
    else reply.send(cached.body)
    return
  }
  const json = await build()
  reply.type(JSON_TYPE)
  reply.send(typeof json === 'string' ? cache.offer(key, json) : json)
}
