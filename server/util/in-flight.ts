/**
 * Runs `fn` over `items` with at most `limit` calls at a time, each slot taking the next item as
 * soon as its call ends (a slow item holds one slot, not a whole batch). The first failure stops
 * the slots from taking more and is what this rejects with, once the calls already running end.
 */
export async function eachInFlight<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>) {
  let next = 0
  let failed = false
  const slot = async () => {
    while (!failed && next < items.length) {
      const item = items[next++]!
      try {
        await fn(item)
      } catch (err) {
        failed = true
        throw err
      }
    }
  }
  const slots = Array.from({ length: Math.min(limit, items.length) }, slot)
  const results = await Promise.allSettled(slots)
  const rejected = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')
  if (rejected) throw rejected.reason
}
