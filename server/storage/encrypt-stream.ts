// Plaintext in, the stored layout of cipher-format.ts out: the Transform an upload is sealed by.
import { Transform, type TransformCallback } from 'node:stream'
import { assertKey, type FileParams, HEADER, parseEnc } from './cipher-format.ts'
import { ByteQueue } from './byte-queue.ts'
import { ChunkSealer } from './chunk-sealer.ts'
import type { Lender } from './loans.ts'

/** Sees each piece of plaintext as it arrives; an error returned fails the stream (a size limit). */
export interface PlainObserver {
  add(plain: Buffer): Error | undefined
}

/**
 * A Transform whose output is pushed by its sealing jobs as they finish, not by _transform.
 * Node's Transform holds a write back only when that write itself pushed past the high-water
 * mark; these pushes land between writes, so without `room` a consumer that stalled (a slow
 * disk, an S3 part on its way) let the stream take in the whole upload (cipher.test.ts fed 24 MiB
 * into a stalled sink: all of it taken). On the server the chunks kept that way outlived two
 * scavenges; their memory, counted as V8 external memory, brought on a full GC, after which V8's
 * old-space limit sat ~12 MB above the live heap, less than the ~33 MB of short-lived buffers an
 * upload makes between scavenges: a full GC every few tens of ms for the rest of the upload (the
 * "GC regime" of tests/bench/README.md, sessions 18 and 19).
 */
export abstract class SealingTransform extends Transform {
  private wake: (() => void) | undefined

  /** Resolves once the consumer has taken what was pushed (the readable side is below its high-water mark). */
  protected room(): Promise<void> | undefined {
    if (this.readableLength < this.readableHighWaterMark || this.destroyed) return undefined
    return new Promise((resolve) => (this.wake = resolve))
  }

  override _read(size: number): void {
    this.release()
    super._read(size)
  }

  override _destroy(err: Error | null, done: (err?: Error | null) => void): void {
    this.release()
    super._destroy(err, done)
  }

  private release(): void {
    const wake = this.wake
    this.wake = undefined
    wake?.()
  }
}

/**
 * Plaintext in, stored layout out. Holds at most a chunk and the write in progress, and the
 * chunks being sealed. An `observer` (the upload's size, limit and hash) sees the plaintext here
 * rather than in a stream of its own before this one: one hop less per piece received.
 */
export class EncryptStream extends SealingTransform {
  private readonly queue = new ByteQueue()
  private readonly params: FileParams
  private readonly sealer: ChunkSealer
  private index = 0
  private started = false

  constructor(
    dataKey: Buffer,
    enc: string,
    private readonly observer?: PlainObserver,
    lender?: Lender,
  ) {
    super()
    assertKey(dataKey, 'data key')
    this.params = parseEnc(enc)
    this.sealer = new ChunkSealer(dataKey, this.params, (sealed) => this.destroyed || this.push(sealed), lender)
  }

  /** Bytes received but not yet sealed and sent on (for tests that check memory stays bounded). */
  get heldBytes(): number {
    return this.queue.length + this.sealer.heldBytes
  }

  override _transform(data: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    const refused = this.observer?.add(data)
    if (refused) return done(refused)
    this.queue.push(data)
    // Most writes complete no chunk: no job, no promise.
    if (this.started && this.queue.length <= this.params.chunkSize) return done()
    this.seal(false).then(() => done(), done)
  }

  override _flush(done: TransformCallback): void {
    this.seal(true).then(() => done(), done)
  }

  private async seal(ending: boolean): Promise<void> {
    await this.sealer.ready()
    if (!this.started) {
      this.started = true
      this.push(HEADER)
    }
    const cs = this.params.chunkSize
    // A full chunk waits until a byte past it arrives: only then is it known not to be final.
    while (this.queue.length > cs) {
      await this.room()
      await this.sealer.add(this.index++, false, this.queue.take(cs, this.sealer.scratch()))
    }
    if (!ending) return
    await this.room()
    await this.sealer.add(this.index++, true, this.queue.take(this.queue.length, this.sealer.scratch()))
    await this.sealer.drain()
  }
}

/** A Transform from plaintext to the stored layout, for the blob of `enc`. */
export function createEncryptStream(
  dataKey: Buffer,
  enc: string,
  observer?: PlainObserver,
  lender?: Lender,
): EncryptStream {
  return new EncryptStream(dataKey, enc, observer, lender)
}
