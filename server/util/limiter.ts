// Growing waits between failed attempts. Each key counts its failures; past a few free ones,
// every failure doubles the wait before the key's next attempt is even looked at, and failures
// fade with time. The memory store is enough for one instance; the Redis one is shared by every
// instance pointed at the same Redis (DESIGN.md §5: several instances behave as one).
import type { Redis, Result } from 'ioredis'
import { sha256 } from './crypto.ts'

export interface BackoffPolicy {
  /** Failures that cost no wait. */
  free: number
  /** Wait after the first failure past the free ones; each further failure doubles it. */
  baseMs: number
  maxMs: number
  /** One failure is forgotten per this long (continuously). */
  decayMs: number
}

export interface BackoffKey {
  key: string
  policy: BackoffPolicy
}

export interface BackoffStore {
  /**
   * One step for all keys at once: when none of them is waiting, counts one failure on each and
   * answers 0 (the attempt goes ahead and counts as failed unless `refund`ed or `clear`ed);
   * otherwise counts nothing and answers the longest wait in ms. Atomic, so parallel attempts
   * cannot all slip through before the first failure is counted.
   */
  claim(keys: BackoffKey[]): Promise<number>
  /** The longest wait among the keys (0 when none waits), counting nothing. */
  waiting(keys: string[]): Promise<number>
  /** Takes back one claimed failure (the attempt succeeded) and ends the wait it started. */
  refund(key: BackoffKey): Promise<void>
  clear(key: string): Promise<void>
}

/** `until`: when the next attempt may be looked at; `t`: when `n` was last brought up to date. */
interface State {
  n: number
  t: number
  until: number
}

const decayed = (s: State, now: number, decayMs: number) => Math.max(0, s.n - Math.max(0, now - s.t) / decayMs)

function waitAfter(failures: number, p: BackoffPolicy): number {
  return failures <= p.free ? 0 : Math.min(p.maxMs, p.baseMs * 2 ** (failures - p.free - 1))
}

// A state is worth keeping while its count has not faded to nothing or its wait runs.
const expiresAt = (s: State, decayMs: number) => Math.max(s.until, s.t + s.n * decayMs)

export interface MemoryBackoffStore extends BackoffStore {
  /** The longest wait among the keys, counting nothing. */
  waitFor(keys: string[]): number
}

/**
 * Keys are hashed (an email may be 1 KiB long) and at most `maxEntries` are held: the least
 * recently failed go first when full (a Map keeps insertion order, and every update re-inserts).
 * One address cannot fill it, since its own failures are throttled; only a flood from many
 * addresses evicts, and then it costs the oldest counts, which have mostly faded anyway.
 */
export function createMemoryBackoffStore(opts: { maxEntries?: number; now?: () => number } = {}): MemoryBackoffStore {
  const maxEntries = opts.maxEntries ?? 100_000
  const now = opts.now ?? Date.now
  const states = new Map<string, State & { decayMs: number }>()
  let lastSweep = now()
  const sweep = (t: number) => {
    lastSweep = t
    for (const [k, s] of states) if (expiresAt(s, s.decayMs) <= t) states.delete(k)
  }
  const put = (id: string, state: State, decayMs: number) => {
    states.delete(id)
    // Evicting one is O(1); a full sweep here would cost every request of a flood O(maxEntries).
    if (states.size >= maxEntries) states.delete(states.keys().next().value!)
    states.set(id, { n: state.n, t: state.t, until: state.until, decayMs })
  }
  const longestWait = (ids: string[], t: number) => Math.max(0, ...ids.map((id) => (states.get(id)?.until ?? 0) - t))
  const waitFor = (keys: string[]) => longestWait(keys.map(sha256), now())
  return {
    waitFor,
    waiting: async (keys) => waitFor(keys),
    async claim(keys) {
      const t = now()
      if (t - lastSweep >= 60_000) sweep(t)
      const ids = keys.map((k) => sha256(k.key))
      const wait = longestWait(ids, t)
      if (wait > 0) return wait
      keys.forEach(({ policy }, i) => {
        const old = states.get(ids[i]!)
        const n = (old ? decayed(old, t, policy.decayMs) : 0) + 1
        put(ids[i]!, { n, t, until: t + waitAfter(n, policy) }, policy.decayMs)
      })
      return 0
    },
    async refund({ key, policy }) {
      const id = sha256(key)
      const old = states.get(id)
      if (!old) return
      const t = now()
      const n = Math.max(0, decayed(old, t, policy.decayMs) - 1)
      if (n === 0) states.delete(id)
      else put(id, { n, t, until: 0 }, policy.decayMs)
    },
    async clear(key) {
      states.delete(sha256(key))
    },
  }
}

// The same steps as the memory store, run inside Redis so instances never interleave them.
// ARGV: now, then free, baseMs, maxMs, decayMs per key.
const CLAIM_SCRIPT = `
local now = tonumber(ARGV[1])
local wait = 0
local old = {}
for i, key in ipairs(KEYS) do
  old[i] = redis.call('HMGET', key, 'n', 't', 'u')
  local u = tonumber(old[i][3]) or 0
  if u - now > wait then wait = u - now end
end
if wait > 0 then return math.ceil(wait) end
for i, key in ipairs(KEYS) do
  local o = 2 + (i - 1) * 4
  local free, base, max, decay = tonumber(ARGV[o]), tonumber(ARGV[o + 1]), tonumber(ARGV[o + 2]), tonumber(ARGV[o + 3])
  local n = tonumber(old[i][1]) or 0
  local t = tonumber(old[i][2]) or now
  n = math.max(0, n - math.max(0, now - t) / decay) + 1
  local w = 0
  if n > free then w = math.min(max, base * 2 ^ (n - free - 1)) end
  redis.call('HSET', key, 'n', tostring(n), 't', tostring(now), 'u', tostring(now + w))
  redis.call('PEXPIRE', key, math.ceil(math.max(w, n * decay)))
end
return 0`

// ARGV: now, decayMs.
const REFUND_SCRIPT = `
local now, decay = tonumber(ARGV[1]), tonumber(ARGV[2])
local old = redis.call('HMGET', KEYS[1], 'n', 't')
if not old[1] then return 0 end
local n = math.max(0, tonumber(old[1]) - math.max(0, now - tonumber(old[2])) / decay - 1)
if n == 0 then
  redis.call('DEL', KEYS[1])
else
  redis.call('HSET', KEYS[1], 'n', tostring(n), 't', tostring(now), 'u', '0')
  redis.call('PEXPIRE', KEYS[1], math.ceil(n * decay))
end
return 0`

declare module 'ioredis' {
  interface RedisCommander<Context> {
    cumulusBackoffClaim(numberOfKeys: number, ...keysThenArgs: (string | number)[]): Result<number, Context>
    cumulusBackoffRefund(key: string, now: number, decayMs: number): Result<number, Context>
  }
}

export interface RedisLimiterLog {
  warn(obj: object, msg: string): void
  info(obj: object, msg: string): void
}

/**
 * The backoff kept in Redis. When Redis fails, failures are counted in this instance's memory
 * instead (and still honoured once Redis is back, until they fade): a Redis outage then weakens
 * the throttle to one instance's view instead of lifting it, and no login fails because of it.
 */
export function createRedisBackoffStore(opts: {
  redis: Redis
  /** Names this store's keys; keys below it are hashed, so no email or address is stored in Redis. */
  prefix: string
  log: RedisLimiterLog
  now?: () => number
}): BackoffStore {
  const { redis, prefix, log } = opts
  const now = opts.now ?? Date.now
  if (typeof redis.cumulusBackoffClaim !== 'function') {
    redis.defineCommand('cumulusBackoffClaim', { lua: CLAIM_SCRIPT })
    redis.defineCommand('cumulusBackoffRefund', { numberOfKeys: 1, lua: REFUND_SCRIPT })
  }
  const local = createMemoryBackoffStore({ now })
  const redisKey = (key: string) => prefix + sha256(key)
  // One warning per outage, not one per request.
  let degraded = false
  const failed = (err: unknown) => {
    if (degraded) return
    degraded = true
    log.warn({ err, prefix }, 'login throttle: Redis failed, counting in this instance until it answers again')
  }
  const answered = () => {
    if (!degraded) return
    degraded = false
    log.info({ prefix }, 'login throttle: Redis answers again, counting across instances')
  }

  return {
    async claim(keys) {
      // Waits started in memory during an outage still hold.
      const held = local.waitFor(keys.map((k) => k.key))
      if (held > 0) return held
      const args = [now(), ...keys.flatMap(({ policy: p }) => [p.free, p.baseMs, p.maxMs, p.decayMs])]
      try {
        const wait = Number(await redis.cumulusBackoffClaim(keys.length, ...keys.map((k) => redisKey(k.key)), ...args))
        answered()
        return wait
      } catch (err) {
        failed(err)
        return local.claim(keys)
      }
    },
    async waiting(keys) {
      const held = local.waitFor(keys)
      if (held > 0) return held
      try {
        const until = await Promise.all(keys.map((k) => redis.hget(redisKey(k), 'u')))
        answered()
        const t = now()
        return Math.max(0, ...until.map((u) => Math.ceil(Number(u ?? 0) - t)))
      } catch (err) {
        failed(err)
        return 0
      }
    },
    async refund(key) {
      await local.refund(key)
      try {
        await redis.cumulusBackoffRefund(redisKey(key.key), now(), key.policy.decayMs)
        answered()
      } catch (err) {
        failed(err)
      }
    },
    async clear(key) {
      await local.clear(key)
      try {
        await redis.del(redisKey(key))
        answered()
      } catch (err) {
        failed(err)
      }
    },
  }
}
