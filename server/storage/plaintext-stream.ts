// An encrypted blob's plaintext as a Readable. It pulls the stored bytes itself: from a blob file
// (FileStream) into two ~1 MiB buffers it reuses, reading the next while it decrypts the last,
// each read ending where a chunk ends (so no chunk is copied together from two reads);
// from any other store through the source's iterator. Large chunks open in worker threads, up
// to AHEAD reads at once, into memory the decryptor reuses (chunk-opener.ts). Piped straight
// into an HTTP response (a download) it writes all the plaintext one read completes in one
// corked write (one writev), hands each chunk's memory back once the socket has taken it, and
// reads on.
//
// Why: through ordinary pipes (FileStream → DecryptStream → response) every 64 KiB chunk went out
// in a write of its own (the response's 16 KiB high-water mark pauses the pipe after each; on
// loopback a send costs about as much per call as per byte) and every 64 KiB read took a fresh
// buffer, so a 256 MiB download ran at 280 MB/s against 1.1 GB/s plain, AES-GCM itself being a
// small part of it.
import { ServerResponse } from 'node:http'
import { Readable } from 'node:stream'
import type { Decryptor, OpenedChunk } from './decryptor.ts'
import { FileStream } from './file-stream.ts'
import { pumpInto } from './response-pump.ts'

/**
 * Stored bytes per read from a blob file, about: whole chunks (one of 1 MiB, or 16 of a file sealed
 * with 64 KiB chunks), sent as one writev. Against 256 KiB reads, ~20% less server CPU per GiB in
 * paired runs; ~3 MiB held per download, and the copies of the chunks being opened.
 */
const READ_SIZE = 1 << 20

/** The next stored bytes (null at the end) and whether their memory is reused afterwards. */
interface Puller {
  next(): Promise<Buffer | null>
  borrowed: boolean
}

function pullFile(file: FileStream, sizes: { first: number; rest: number }): Puller {
  const bufs = [Buffer.allocUnsafeSlow(sizes.first), Buffer.allocUnsafeSlow(sizes.first)]
  let i = 0
  let ahead: Promise<number> | undefined
  return {
    borrowed: true,
    async next() {
      const n = await (ahead ?? file.readInto(bufs[i]!))
      ahead = undefined
      if (n === 0) return null
      const current = bufs[i]!.subarray(0, n)
      // The other buffer's bytes were decrypted before this call (borrowed: the decryptor copied
      // what it kept), so it takes the next read while this one is decrypted and sent.
      i ^= 1
      ahead = file.readInto(bufs[i]!.subarray(0, sizes.rest))
      ahead.catch(() => undefined)
      return current
    },
  }
}

function pullStream(source: Readable): Puller {
  const it = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>
  return {
    borrowed: false,
    next: () => it.next().then((r) => (r.done ? null : r.value)),
  }
}

/**
 * Stored reads whose chunks may be opening at once (in worker threads, Decryptor.updateInThreads):
 * with 1 MiB chunks, three, so a thread opens the next while this one sends the last. Each
 * chunk holds one of the decryptor's slots (its size) until the socket has taken it.
 */
const AHEAD = 3

export class PlaintextStream extends Readable {
  /** Per stored read, in order: its chunks' plaintext, once all are authenticated. */
  private opening: Promise<OpenedChunk[]>[] = []
  /** Plaintext authenticated but not yet handed on. */
  private ready: OpenedChunk[] = []
  /** Every stored byte read and the end authenticated (Decryptor.final). */
  private exhausted = false
  /** The read-ahead running, if one is: at most one at a time. */
  private reading: Promise<void> | undefined
  private filling = false
  private pumping = false
  private readonly puller: Puller

  private constructor(
    private readonly source: Readable,
    private readonly decryptor: Decryptor,
  ) {
    super({ highWaterMark: READ_SIZE })
    this.puller = source instanceof FileStream ? pullFile(source, decryptor.readSizes(READ_SIZE)) : pullStream(source)
  }

  /**
   * Resolves once the first plaintext is authenticated (or the blob is known to be whole and
   * empty), so a blob that fails its integrity check at the start rejects here, before a reply
   * has begun, with the CipherError.
   */
  static async open(source: Readable, decryptor: Decryptor): Promise<PlaintextStream> {
    const stream = new PlaintextStream(source, decryptor)
    try {
      stream.ready = (await stream.nextBatch()) ?? []
    } catch (err) {
      stream.destroy()
      throw err
    }
    return stream
  }

  /** Starts reading ahead unless that is running; resolves when it stops. Never rejects. */
  private readOn(): Promise<void> {
    return (this.reading ??= this.readAhead().finally(() => (this.reading = undefined)))
  }

  /**
   * Reads on and starts opening what the reads complete, until AHEAD reads are opening or all
   * were read. A failure (a read, a malformed blob, the truncated end) takes its place in the
   * queue, so it is met in order, after the plaintext before it.
   */
  private async readAhead(): Promise<void> {
    try {
      while (this.opening.length < AHEAD && !this.exhausted && !this.destroyed) {
        const stored = await this.puller.next()
        if (stored === null) {
          this.exhausted = true
          this.decryptor.final()
          return
        }
        this.enqueue(Promise.all(this.decryptor.updateInThreads(stored, this.puller.borrowed)))
      }
    } catch (err) {
      this.exhausted = true
      this.enqueue(Promise.reject(err as Error))
    }
  }

  private enqueue(opened: Promise<OpenedChunk[]>): void {
    // Awaited in turn; one left behind by a destroyed stream must not go unhandled.
    opened.catch(() => undefined)
    this.opening.push(opened)
  }

  /** Takes what is ready, waiting for the next read's chunks first if nothing is; null once all was handed on. */
  private async nextBatch(): Promise<OpenedChunk[] | null> {
    while (this.ready.length === 0) {
      if (this.opening.length === 0) await this.readOn()
      const next = this.opening.shift()
      if (next === undefined || this.destroyed) return null
      // The reads behind it go on while it opens and is sent.
      void this.readOn()
      this.ready = await next
      if (this.destroyed) return null
    }
    const batch = this.ready
    this.ready = []
    return batch
  }

  // The general path (zip entries, thumbnails, ranges piped elsewhere): an ordinary Readable.
  override _read(): void {
    if (this.filling) return
    this.filling = true
    void this.fill().finally(() => (this.filling = false))
  }

  private async fill(): Promise<void> {
    try {
      for (;;) {
        const batch = await this.nextBatch()
        if (this.destroyed) return
        if (batch === null) return void this.push(null)
        let more = true
        // Whoever reads this stream may keep what it reads: memory the decryptor reuses is copied.
        for (const chunk of batch) {
          more = this.push(chunk.borrowed ? Buffer.from(chunk.plain) : chunk.plain)
          chunk.release()
        }
        if (!more) return
      }
    } catch (err) {
      this.destroy(err as Error)
    }
  }

  override _destroy(err: Error | null, done: (err: Error | null) => void): void {
    this.source.destroy()
    done(err)
  }

  override pipe<T extends NodeJS.WritableStream>(dest: T, options?: { end?: boolean }): T {
    // Only a fresh stream piped whole into a response takes the fast path.
    if (!(dest instanceof ServerResponse) || options || this.pumping || this.filling || this.readableFlowing !== null)
      return super.pipe(dest, options)
    this.pumping = true
    pumpInto(this, dest, (res) => this.pump(res))
    return dest
  }

  /** Sends the plaintext; false if the stream was destroyed (the response closed) on the way. */
  private async pump(res: ServerResponse): Promise<boolean> {
    const closed = new Promise<void>((_resolve, reject) =>
      this.once('close', () => reject(new Error('download aborted'))),
    )
    closed.catch(() => undefined)
    for (;;) {
      const batch = await this.nextBatch()
      if (this.destroyed) return false
      if (batch === null) return true
      res.cork()
      let more = true
      // Each chunk's memory goes back to the decryptor once the socket has taken it.
      for (const chunk of batch) more = res.write(chunk.plain, chunk.release)
      res.uncork()
      if (!more) await Promise.race([new Promise((resolve) => res.once('drain', resolve)), closed])
    }
  }
}
