// Fixed-window counters. The memory one is enough for one instance; the Redis one is shared by
// every instance pointed at the same Redis (DESIGN.md §5: several instances behave as one).
import type { Redis, Result } from 'ioredis'
import { sha256 } from './crypto.ts'

export interface WindowLimiter {
  /** Milliseconds until the key may try again, or 0 when it is under its limit. */
  blockedFor(key: string): Promise<number>
  hit(key: string): Promise<void>
  reset(key: string): Promise<void>
}

// Entries expire with their window, so memory stays bounded by the number of keys seen in one
// window.
export function createWindowLimiter(max: number, windowMs: number, now: () => number = Date.now): WindowLimiter {
  const windows = new Map<string, { count: number; start: number }>()
  const current = (key: string, t: number) => {
    const w = windows.get(key)
    if (w && t - w.start < windowMs) return w
    if (w) windows.delete(key)
    return undefined
  }
  let lastSweep = now()
  const sweep = (t: number) => {
    if (t - lastSweep < windowMs) return
    lastSweep = t
    for (const [k, w] of windows) if (t - w.start >= windowMs) windows.delete(k)
  }
  return {
    async blockedFor(key) {
      const t = now()
      const w = current(key, t)
      return w && w.count >= max ? w.start + windowMs - t : 0
    },
    async hit(key) {
      const t = now()
      sweep(t)
      const w = current(key, t)
      if (w) w.count++
      else windows.set(key, { count: 1, start: t })
    },
    async reset(key) {
      windows.delete(key)
    },
  }
}

// The first hit opens the window and sets its expiry in the same atomic step, so a key is never
// left without one; later hits never extend it (a fixed window, as in memory). A key found
// without an expiry (written by hand, say) gets one rather than blocking forever.
const HIT_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 or redis.call('PTTL', KEYS[1]) == -1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`

// Count and remaining window read in one step, so the answer never mixes two windows.
const WAIT_SCRIPT = `
local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n < tonumber(ARGV[1]) then return 0 end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then return 0 end
return ttl`

declare module 'ioredis' {
  interface RedisCommander<Context> {
    cumulusWindowHit(key: string, windowMs: number): Result<number, Context>
    cumulusWindowWait(key: string, max: number): Result<number, Context>
  }
}

export interface RedisLimiterLog {
  warn(obj: object, msg: string): void
  info(obj: object, msg: string): void
}

/**
 * The same fixed window kept in Redis. When Redis fails, hits are counted in this instance's
 * memory instead (and still honoured once Redis is back, until their window ends): a Redis
 * outage then weakens the limit to one instance's view instead of lifting it, and no request
 * fails because of it.
 */
export function createRedisWindowLimiter(opts: {
  redis: Redis
  max: number
  windowMs: number
  /** Names this limiter's keys; keys below it are hashed, so no address is stored in Redis. */
  prefix: string
  log: RedisLimiterLog
}): WindowLimiter {
  const { redis, max, windowMs, prefix, log } = opts
  if (typeof redis.cumulusWindowHit !== 'function') {
    redis.defineCommand('cumulusWindowHit', { numberOfKeys: 1, lua: HIT_SCRIPT })
    redis.defineCommand('cumulusWindowWait', { numberOfKeys: 1, lua: WAIT_SCRIPT })
  }
  const local = createWindowLimiter(max, windowMs)
  const redisKey = (key: string) => prefix + sha256(key)
  // One warning per outage, not one per request.
  let degraded = false
  const failed = (err: unknown) => {
    if (degraded) return
    degraded = true
    log.warn({ err, prefix }, 'rate limit: Redis failed, counting in this instance until it answers again')
  }
  const answered = () => {
    if (!degraded) return
    degraded = false
    log.info({ prefix }, 'rate limit: Redis answers again, counting across instances')
  }

  return {
    async blockedFor(key) {
      const inMemory = await local.blockedFor(key)
      try {
        const shared = Number(await redis.cumulusWindowWait(redisKey(key), max))
        answered()
        return Math.max(shared, inMemory)
      } catch (err) {
        failed(err)
        return inMemory
      }
    },
    async hit(key) {
      try {
        await redis.cumulusWindowHit(redisKey(key), windowMs)
        answered()
      } catch (err) {
        failed(err)
        await local.hit(key)
      }
    },
    async reset(key) {
      await local.reset(key)
      try {
        await redis.del(redisKey(key))
        answered()
      } catch (err) {
        failed(err)
      }
    },
  }
}
