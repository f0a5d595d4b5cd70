// The fast path shared by the streams that write themselves into an HTTP response (file-stream.ts,
// plaintext-stream.ts): instead of Readable's pipe (one write per chunk, backpressure through
// events), the stream's own `pump` writes into the response, and this wires the ends: a response
// closed before the last byte (the client went away) destroys the stream even if nobody above
// does; a whole send ends the response and the Readable side, so whoever watches the stream
// (Fastify's end-of-stream) sees it done.
import type { ServerResponse } from 'node:http'
import type { Readable } from 'node:stream'

/** `pump` resolves true once every byte is written, false if the stream was destroyed on the way. */
export function pumpInto(
  stream: Readable,
  dest: ServerResponse,
  pump: (res: ServerResponse) => Promise<boolean>,
): void {
  let sent = false
  dest.once('close', () => {
    if (!sent) stream.destroy()
  })
  pump(dest).then(
    (whole) => {
      if (!whole) return
      sent = true
      dest.end()
      stream.push(null)
      stream.resume()
    },
    // A client that went away is a premature close (logged quietly), not a server error.
    (err: Error) => stream.destroy(dest.destroyed ? undefined : err),
  )
}
