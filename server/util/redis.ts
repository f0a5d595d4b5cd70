// The app's one Redis client (REDIS_URL), which holds the rate-limit counters that several
// instances share. Redis is optional infrastructure: the app starts and serves while it is down
// and the limiters degrade (see app.ts), so this client fails fast rather than queueing commands.
import { Redis } from 'ioredis'

export interface RedisLog {
  warn(obj: object, msg: string): void
  info(obj: object, msg: string): void
}

/** Connects, waiting for the first answer (or failure) so early requests find it ready. */
export async function connectRedis(url: string, log: RedisLog): Promise<Redis> {
  const connectTimeout = 2_000
  const client = new Redis(url, {
    lazyConnect: false,
    connectTimeout,
    // A limiter's answer is only useful now: with no offline queue a command made while Redis is
    // away fails at once, and one sent as the link drops is retried at most once.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    // A Redis that accepts the connection but stops answering must not hold logins.
    commandTimeout: 1_000,
    retryStrategy: (times) => Math.min(times * 200, 5_000),
  })
  // The host only: the URL may carry a password.
  const redis = new URL(url).host
  // One warning per outage, not one per reconnect attempt.
  let down = false
  client.on('error', (err: Error) => {
    if (down) return
    down = true
    log.warn(
      { err, redis },
      'Redis unreachable: until it answers, per-IP rate limits are off and failed logins count per instance',
    )
  })
  client.on('ready', () => {
    if (!down) return
    down = false
    log.info({ redis }, 'Redis answers again: rate limits are shared between instances again')
  })
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer)
      client.off('ready', done)
      client.off('error', done)
      resolve()
    }
    const timer = setTimeout(done, connectTimeout + 500)
    client.on('ready', done)
    client.on('error', done)
  })
  return client
}

/** Ends the connection: politely when it is up, at once otherwise (QUIT cannot be sent). */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status === 'ready') {
    try {
      await client.quit()
      return
    } catch {
      // Fall through: the link went away meanwhile.
    }
  }
  client.disconnect()
}
