// Runs tasks that share a key one after another (tasks with other keys run freely). For a
// check-then-write that must not interleave with itself in this process: two WebDAV clients'
// MKCOLs of one path, which would otherwise both find nothing there and make two folders.
export function keyedLock() {
  const tails = new Map<string, Promise<unknown>>()
  return async function run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const before = tails.get(key) ?? Promise.resolve()
    const result = before.then(task, task)
    const tail = result.catch(() => undefined)
    tails.set(key, tail)
    try {
      return await result
    } finally {
      // The last task of a key forgets it, so the map holds only keys in use.
      if (tails.get(key) === tail) tails.delete(key)
    }
  }
}
