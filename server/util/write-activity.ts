// Requests that change things (uploads, WebDAV PUTs, moves, deletes), as background work sees
// them: how many are in flight and when the last one ended. Background queues give them the
// right of way with it (services/content/queue.ts): a family's uploads are what they wait for,
// the index can catch up a moment later.
export function createWriteActivity(now: () => number = () => performance.now()) {
  let inFlight = 0
  let lastEnd = Number.NEGATIVE_INFINITY
  return {
    begin(): void {
      inFlight++
    },
    end(): void {
      inFlight--
      lastEnd = now()
    },
    /** Whether writes are coming in: one is in flight, or one ended within the last `ms`. */
    busy(ms: number): boolean {
      return inFlight > 0 || now() - lastEnd < ms
    },
  }
}
export type WriteActivity = ReturnType<typeof createWriteActivity>

/** Methods that only read (HTTP's and WebDAV's); every other request counts as a write. */
export const READ_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS', 'PROPFIND', 'REPORT', 'SEARCH'])
