// SQLite's group commit (db/wal-sync.ts): commits are not fsynced as they run, so a reply to a
// write waits here, after its handler committed and before a byte goes out, until they are on
// disk. Reads (GET/HEAD, and WebDAV's PROPFIND) go out at once. A callback hook: no promise on the common path.
import type { onSendHookHandler } from 'fastify'
import type { WalSync } from '../db/wal-sync.ts'

/** Methods that write nothing (WebDAV's PROPFIND and OPTIONS too). */
const READS = new Set(['GET', 'HEAD', 'OPTIONS', 'PROPFIND'])

export function durableReplies(walSync: Pick<WalSync, 'durable' | 'isDurable'>): onSendHookHandler {
  return (req, _reply, payload, done) => {
    if (READS.has(req.method) || walSync.isDurable()) return done(null, payload)
    walSync.durable().then(
      () => done(null, payload),
      (err: Error) => done(err),
    )
  }
}
