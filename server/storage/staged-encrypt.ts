// A resumable upload sealed piece by piece: each piece seals the chunks it completes, and the
// plaintext of the chunk it leaves unfinished is kept, sealed, in the staged blob's note.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { type TransformCallback } from 'node:stream'
import {
  assertKey,
  assertPlainSize,
  chunkCount,
  CipherError,
  type FileParams,
  HEADER,
  NONCE_SIZE,
  parseEnc,
  plainLength,
  TAG_SIZE,
} from './cipher-format.ts'
import { ByteQueue } from './byte-queue.ts'
import { ChunkSealer } from './chunk-sealer.ts'
import { SealingTransform } from './encrypt-stream.ts'
import type { Lender } from './loans.ts'

/** Where a piece of a resumable upload starts: chunk `index`, with `held` of its plaintext already received. */
export interface StagedPosition {
  /** Plaintext size of the whole file (known when the upload is created). */
  plainSize: number
  index: number
  held: Buffer
}

/**
 * One piece of a file that arrives in pieces (a resumable upload), plaintext in, stored layout
 * out: the header if the piece starts the file, then every chunk it completes, sealed as
 * EncryptStream would seal it (the final flag comes from the known size, not from the end of the
 * piece). The plaintext of a chunk the piece does not complete is left in `rest` when it ends,
 * for the caller to keep (sealNote) until the next piece completes it.
 */
export class StagedEncryptStream extends SealingTransform {
  private readonly queue = new ByteQueue()
  private readonly params: FileParams
  private readonly sealer: ChunkSealer
  private readonly last: number
  private index: number
  private started: boolean

  constructor(
    dataKey: Buffer,
    enc: string,
    private readonly at: StagedPosition,
    lender?: Lender,
  ) {
    super()
    assertKey(dataKey, 'data key')
    this.params = parseEnc(enc)
    this.sealer = new ChunkSealer(dataKey, this.params, (sealed) => this.destroyed || this.push(sealed), lender)
    assertPlainSize(at.plainSize, this.params.chunkSize)
    this.last = chunkCount(at.plainSize, this.params.chunkSize) - 1
    this.index = at.index
    this.started = at.index > 0 || at.held.length > 0
    this.queue.push(at.held)
  }

  /** The chunk the next byte belongs to (after the end: the count of chunks sealed). */
  get chunkIndex(): number {
    return this.index
  }

  /** Plaintext received but not sealed (after the end: what the next piece continues). */
  rest(): Buffer {
    return this.queue.take(this.queue.length)
  }

  override _transform(data: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.queue.push(data)
    // Most writes complete no chunk: no job, no promise.
    if (
      this.started &&
      this.index <= this.last &&
      this.queue.length < plainLength(this.index, this.at.plainSize, this.params.chunkSize)
    )
      return done()
    this.sealReady(false).then(() => done(), done)
  }

  override _flush(done: TransformCallback): void {
    // An empty file's one chunk is complete with no bytes at all.
    this.sealReady(true).then(() => done(), done)
  }

  private async sealReady(ending: boolean): Promise<void> {
    await this.sealer.ready()
    if (!this.started) {
      this.started = true
      this.push(HEADER)
    }
    const cs = this.params.chunkSize
    while (this.index <= this.last && this.queue.length >= plainLength(this.index, this.at.plainSize, cs)) {
      await this.room()
      const plain = this.queue.take(plainLength(this.index, this.at.plainSize, cs), this.sealer.scratch())
      const final = this.index === this.last
      await this.sealer.add(this.index++, final, plain)
    }
    if (this.index > this.last && this.queue.length > 0) throw new CipherError('more bytes than the file has')
    if (ending) await this.sealer.drain()
  }
}

const NOTE_AAD = Buffer.from('cumulus:staged-rest:v1')

function noteAad(index: number): Buffer {
  const aad = Buffer.allocUnsafe(NOTE_AAD.length + 4)
  NOTE_AAD.copy(aad, 0)
  aad.writeUInt32BE(index, NOTE_AAD.length)
  return aad
}

/**
 * The unsealed plaintext of chunk `index`, sealed for keeping beside the staged blob: a random
 * nonce each time (the note is rewritten with every piece; a derived nonce would repeat), the
 * chunk index bound in as AAD. `index (4) || nonce (12) || ciphertext || tag (16)`.
 */
export function sealNote(dataKey: Buffer, index: number, plain: Buffer): Buffer {
  assertKey(dataKey, 'data key')
  const nonce = randomBytes(NONCE_SIZE)
  const c = createCipheriv('aes-256-gcm', dataKey, nonce, { authTagLength: TAG_SIZE })
  c.setAAD(noteAad(index))
  const sealed = c.update(plain)
  c.final()
  const head = Buffer.allocUnsafe(4)
  head.writeUInt32BE(index, 0)
  return Buffer.concat([head, nonce, sealed, c.getAuthTag()])
}

/** sealNote's inverse; a CipherError if the note was altered or sealed under another key. */
export function openNote(dataKey: Buffer, note: Buffer): { index: number; plain: Buffer } {
  if (note.length < 4 + NONCE_SIZE + TAG_SIZE) throw new CipherError('malformed staged note')
  const index = note.readUInt32BE(0)
  const d = createDecipheriv('aes-256-gcm', dataKey, note.subarray(4, 4 + NONCE_SIZE), { authTagLength: TAG_SIZE })
  d.setAAD(noteAad(index))
  d.setAuthTag(note.subarray(note.length - TAG_SIZE))
  const plain = d.update(note.subarray(4 + NONCE_SIZE, note.length - TAG_SIZE))
  try {
    d.final()
  } catch {
    throw new CipherError('staged note failed authentication')
  }
  return { index, plain }
}
