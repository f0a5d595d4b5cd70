// A refused upload's connection closes gently: the reply reaches a client that is still sending,
// and the rest of its body is never taken for a next request. Used by every route that takes an
// upload body (plugins/multipart.ts, routes/resumable-uploads.ts).
import type { IncomingMessage } from 'node:http'
import type { FastifyReply, FastifyRequest } from 'fastify'

/**
 * A refused upload whose whole body is at most this big is read (and dropped) to its end before
 * the connection closes, so that a client that sends everything before reading gets the error.
 */
export const DRAIN_BYTES = 16 * 1024 * 1024
/** ...unless nothing of it arrives for this long. */
const DRAIN_IDLE_MS = 10_000
/** A bigger body is not read on, but the connection stays open this long after the reply. */
const HOLD_MS = 2_000

/** Reads and drops `raw` until it ends, closes, passes `max` more bytes or idles for `idleMs`. */
function discard(raw: IncomingMessage, max: number, idleMs: number): Promise<void> {
  return new Promise((resolve) => {
    let seen = 0
    const idle = setTimeout(() => done(), idleMs).unref()
    const done = () => {
      clearTimeout(idle)
      raw.off('data', onData).off('end', done).off('close', done).off('error', done)
      raw.pause()
      resolve()
    }
    const onData = (chunk: Buffer) => {
      seen += chunk.length
      if (seen > max) done()
      else idle.refresh()
    }
    raw.on('data', onData).once('end', done).once('close', done).once('error', done)
    raw.resume()
  })
}

/**
 * onSend of an error reply to an upload (multipart, or a resumable upload's piece) whose body is
 * still arriving: a lingering close. Node
 * closes the connection as soon as such a reply is out (the error handler asks for close), and a
 * close with unread bytes is a reset: a client still sending gets EPIPE, often before it has read
 * the reply, and one that sends its whole body before reading never reads it. So the parser lets
 * go (nothing more is parsed or kept), the reply goes out with only our side shut, and the socket
 * closes once a small body has been read to its end, or a while after the reply for a big one
 * (not read: a client reading as it sends has the reply by then, and the server keeps no byte).
 */
export async function lingerOnRefusal(req: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const raw = req.raw
  if (reply.statusCode < 400 || raw.complete || raw.destroyed) return payload
  raw.unpipe()
  const socket = raw.socket
  socket.destroySoon = () => socket.end()
  const sent = new Promise((resolve) => reply.raw.once('close', resolve))
  const small = Number(raw.headers['content-length']) <= DRAIN_BYTES
  const rest = small
    ? discard(raw, DRAIN_BYTES, DRAIN_IDLE_MS)
    : sent.then(() => new Promise((resolve) => setTimeout(resolve, HOLD_MS).unref()))
  void Promise.all([rest, sent]).then(() => socket.destroy())
  return payload
}
