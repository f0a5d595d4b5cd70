// Stored bytes in, plaintext out: a whole blob, or the chunks of a range read (storedRange).
import { createDecipheriv } from 'node:crypto'
import { Transform, type TransformCallback } from 'node:stream'
import type { ByteRange } from './blob-store.ts'
import {
  assertKey,
  assertPlainSize,
  assertRange,
  chunkAad,
  chunkCount,
  CipherError,
  chunkNonce,
  type FileParams,
  HEADER,
  HEADER_SIZE,
  parseEnc,
  plainLength,
  TAG_SIZE,
} from './cipher-format.ts'
import { ByteQueue } from './byte-queue.ts'
import { ChunkAuthError, ChunkSlots, openChunk } from './chunk-opener.ts'

/** One whole sealed chunk taken from the stored bytes, and what of its plaintext is wanted. */
interface Frame {
  index: number
  /** Its plaintext length (the tag follows it in `sealed`). */
  length: number
  sealed: Buffer
  wanted: (plain: Buffer) => Buffer
}

/** Chunks from this size up open in worker threads (updateInThreads); smaller ones cost less than the hand-over. */
const THREAD_MIN = 256 * 1024
/**
 * Slots a download keeps for chunks opening in threads and being sent: PlaintextStream keeps 3
 * stored reads opening, a fourth is being sent, and one is spare. 5 MiB per download at most.
 */
const THREAD_SLOTS = 5

/** A chunk's plaintext opened by updateInThreads; `release` once it was sent. */
export interface OpenedChunk {
  plain: Buffer
  /** Whether `plain` is a view of memory that is reused after `release` (copy it to keep it). */
  borrowed: boolean
  release: () => void
}

const noop = () => undefined

const chunkAuthError = (i: number) =>
  new CipherError(
    `chunk ${i} failed authentication: the blob was modified, truncated or reordered, or the key is wrong`,
  )

export interface DecryptOptions {
  /** Plaintext size of the whole file (from the database row). */
  plainSize: number
  /** Plaintext range wanted; the input is then exactly the bytes of storedRange(range, plainSize). */
  range?: ByteRange
}

/**
 * Stored bytes in, plaintext out, without a stream around it (DecryptStream, and downloads that
 * write straight to a response). Each chunk is decrypted whole and its tag verified before any of
 * it is returned, so no unauthenticated byte ever leaves; any failure is a CipherError.
 *
 * `update` opens chunks here, with createDecipheriv; `updateInThreads` opens large ones in worker
 * threads (downloads: PlaintextStream). Not in WebCrypto jobs as chunks are sealed: a job leaves
 * more work on the main thread than a hand-over to a worker, and costs more CPU in all (it copies
 * its input and wipes both buffers when they are freed); see chunk-opener.ts.
 */
export class Decryptor {
  private readonly queue = new ByteQueue()
  private readonly params: FileParams
  private readonly chunks: number
  private readonly plainSize: number
  private readonly first: number
  private readonly last: number
  /** Offsets within the first/last chunk of the first byte wanted and the byte after the last. */
  private readonly from: number
  private readonly to: number
  private needHeader: boolean
  private next: number
  private slots: ChunkSlots | undefined

  constructor(
    private readonly dataKey: Buffer,
    enc: string,
    options: DecryptOptions,
  ) {
    assertKey(dataKey, 'data key')
    this.params = parseEnc(enc)
    const cs = this.params.chunkSize
    const { plainSize, range } = options
    assertPlainSize(plainSize, cs)
    this.plainSize = plainSize
    this.chunks = chunkCount(plainSize, cs)
    if (range) assertRange(range, plainSize)
    this.first = range ? Math.floor(range.start / cs) : 0
    this.last = range ? Math.floor(range.end / cs) : this.chunks - 1
    this.from = range ? range.start - this.first * cs : 0
    this.to = range ? range.end - this.last * cs + 1 : plainLength(this.last, plainSize, cs)
    // Range reads start at a chunk boundary (offsets are computable), so only whole reads see the header.
    this.needHeader = !range
    this.next = this.first
  }

  /** Bytes received but not yet authenticated. */
  get heldBytes(): number {
    return this.queue.length
  }

  /**
   * Read sizes that end every read where a chunk ends (about `target` bytes each), so no chunk
   * spans two reads and none has to be copied together: the first read, then every later one.
   */
  readSizes(target: number): { first: number; rest: number } {
    const frame = this.params.chunkSize + TAG_SIZE
    const rest = Math.max(1, Math.floor(target / frame)) * frame
    return { first: rest + (this.needHeader ? HEADER_SIZE : 0), rest }
  }

  /**
   * The plaintext of every chunk `data` completes, in order (often none, often several). `borrowed`:
   * the caller reuses `data`'s memory after this returns, so the part of a chunk it begins is copied.
   */
  update(data: Buffer, borrowed = false): Buffer[] {
    const out = this.takeFrames(data).map((frame) => frame.wanted(this.open(frame)))
    if (borrowed) this.queue.own()
    return out
  }

  /**
   * As `update`, but chunks of THREAD_MIN bytes or more are opened in worker threads, in slots of
   * memory this Decryptor keeps (chunk-opener.ts), so the caller's thread neither decrypts nor
   * allocates for them. Each promise is a chunk's plaintext once authenticated (a CipherError if
   * not), in order; `release` hands its memory back once the bytes were sent, and until then they
   * must not be kept. Smaller chunks, and any while every slot is taken, open here at once.
   */
  updateInThreads(data: Buffer, borrowed = false): Promise<OpenedChunk>[] {
    const out = this.takeFrames(data).map((frame): Promise<OpenedChunk> => {
      const slot = frame.length >= THREAD_MIN ? (this.slots ??= this.newSlots()).take() : undefined
      // A chunk that fails here rejects its promise, as one failing in a thread would, rather than
      // throwing past the jobs already started for the chunks before it.
      if (slot === undefined)
        return new Promise((resolve) =>
          resolve({ plain: frame.wanted(this.open(frame)), borrowed: false, release: noop }),
        )
      const slots = this.slots!
      const { index, length, sealed } = frame
      const chunk = {
        key: this.dataKey,
        iv: chunkNonce(this.params.nonceBase, index),
        aad: chunkAad(index, index === this.chunks - 1),
        sealed,
        length,
      }
      return openChunk(slots, slot, chunk).then(
        () => ({ plain: frame.wanted(slots.view(slot, length)), borrowed: true, release: () => slots.release(slot) }),
        (err: unknown) => {
          slots.release(slot)
          throw err instanceof ChunkAuthError ? chunkAuthError(index) : err
        },
      )
    })
    if (borrowed) this.queue.own()
    return out
  }

  /** Slots for the chunks opening and being sent: THREAD_SLOTS, or fewer if fewer chunks are wanted. */
  private newSlots(): ChunkSlots {
    return new ChunkSlots(this.params.chunkSize + TAG_SIZE, Math.min(THREAD_SLOTS, this.last - this.first + 1))
  }

  /** Every whole chunk `data` completes (views into what was pushed: open or copy them before returning). */
  private takeFrames(data: Buffer): Frame[] {
    const frames: Frame[] = []
    this.queue.push(data)
    if (this.needHeader) {
      if (this.queue.length < HEADER_SIZE) return frames
      if (!this.queue.take(HEADER_SIZE).equals(HEADER))
        throw new CipherError('not an encrypted blob, or an unsupported version')
      this.needHeader = false
    }
    while (this.next <= this.last) {
      const length = plainLength(this.next, this.plainSize, this.params.chunkSize)
      if (this.queue.length < length + TAG_SIZE) break
      const index = this.next
      const start = index === this.first ? this.from : 0
      const end = index === this.last ? this.to : length
      const wanted = (plain: Buffer) => (start === 0 && end === plain.length ? plain : plain.subarray(start, end))
      frames.push({ index, length, sealed: this.queue.take(length + TAG_SIZE), wanted })
      this.next++
    }
    if (this.next > this.last && this.queue.length > 0) throw new CipherError('unexpected bytes after the last chunk')
    return frames
  }

  /** At the end of the stored bytes: a CipherError unless every chunk wanted arrived. */
  final(): void {
    if (this.needHeader || this.next <= this.last) throw new CipherError('encrypted blob is truncated')
  }

  private open({ index: i, length, sealed }: Frame): Buffer {
    const d = createDecipheriv('aes-256-gcm', this.dataKey, chunkNonce(this.params.nonceBase, i), {
      authTagLength: TAG_SIZE,
    })
    d.setAAD(chunkAad(i, i === this.chunks - 1))
    d.setAuthTag(sealed.subarray(length))
    const plain = d.update(sealed.subarray(0, length))
    try {
      d.final()
    } catch {
      throw chunkAuthError(i)
    }
    return plain
  }
}

/** Decryptor as a Transform: stored bytes in, exactly the plaintext wanted out. */
export class DecryptStream extends Transform {
  private readonly decryptor: Decryptor

  constructor(dataKey: Buffer, enc: string, options: DecryptOptions) {
    super()
    this.decryptor = new Decryptor(dataKey, enc, options)
  }

  /** Bytes received but not yet authenticated. */
  get heldBytes(): number {
    return this.decryptor.heldBytes
  }

  override _transform(data: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    try {
      for (const plain of this.decryptor.update(data)) this.push(plain)
      done()
    } catch (err) {
      done(err as Error)
    }
  }

  override _flush(done: TransformCallback): void {
    try {
      this.decryptor.final()
      done()
    } catch (err) {
      done(err as Error)
    }
  }
}

/** A Transform from stored bytes (the whole blob, or storedRange(range)) to exactly the plaintext wanted. */
export function createDecryptStream(dataKey: Buffer, enc: string, options: DecryptOptions): DecryptStream {
  return new DecryptStream(dataKey, enc, options)
}
