// Encryption at rest (DESIGN.md §5): a random data key per file, wrapped by ENCRYPTION_KEY, and the
// contents sealed as fixed-size AES-256-GCM chunks so a range read decrypts only the chunks it
// touches. Pure: node:crypto and node:stream only, no I/O, so it wraps any BlobStore.
//
// Stored blob layout (v1):
//   header   8 bytes   'CMLSENC' + version 0x01 (fixed size: chunk offsets need no header read)
//   chunk i  plainLen(i) bytes of ciphertext, then its 16-byte GCM tag
// Every chunk holds chunkSize plaintext bytes (kept in `enc`) except the last, which holds 1..chunkSize (0 for
// an empty file: an empty file still has one final chunk, so cutting a blob to its header fails).
//   nonce(i) = nonceBase (8 random bytes per file) || uint32be(i)
//   aad(i)   = header || uint32be(i) || final flag (1 byte)
// The index in the AAD (and nonce) pins each chunk to its position, so reordering or swapping
// chunks fails; the final flag makes "this is the end" authenticated, so dropping whole trailing
// chunks fails too even when the size was taken from the (truncated) blob itself.
//
// File contents are sealed with WebCrypto, not createCipheriv: its jobs run in libuv's thread
// pool, beside the main thread (an upload's busiest: parsing, hashing), and write ciphertext and
// tag into one buffer, where Cipheriv.update zero-fills a second buffer and copies its output into
// it on the main thread (for GCM it always does: it sizes its output one byte too long). WebCrypto
// copies a job's input before encrypt() returns (the spec's rule; a test holds Node to it), so
// buffers handed in may be reused at once. Downloads open chunks in worker threads instead
// (Decryptor.updateInThreads, chunk-opener.ts).
// Measured in tests/bench/README.md.
import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual, webcrypto } from 'node:crypto'
import { Transform, type TransformCallback } from 'node:stream'
import type { ByteRange } from './blob-store.ts'
import { ChunkAuthError, ChunkSlots, openChunk } from './chunk-opener.ts'
import { Lender } from './loans.ts'

/** Any failure to authenticate or parse encrypted data: tampering, truncation, a wrong key. */
export class CipherError extends Error {
  override name = 'CipherError'
}

/**
 * Plaintext bytes per chunk of a new file. The size is kept in each file's `enc`, so files sealed
 * with 64 KiB chunks (before issue #18) read as they are. 1 MiB: a WebCrypto job has a fixed cost
 * on the main thread (~20 µs), small against 1 MiB of AES-GCM (~0.4 ms); a range read opens at
 * most two chunks more than it needs (~1 ms).
 */
export const CHUNK_SIZE = 1024 * 1024
/** Sealing jobs one stream keeps running at once: 3 sealed 256 MiB uploads ~5% faster than 2 in paired runs, 4 no faster. */
const IN_FLIGHT = 3
export const TAG_SIZE = 16
const HEADER = Buffer.from('CMLSENC\x01', 'latin1')
export const HEADER_SIZE = HEADER.length
const KEY_SIZE = 32
const NONCE_SIZE = 12
const NONCE_BASE_SIZE = 8
// The chunk index is the last 4 bytes of the nonce; never let it wrap (that would reuse a nonce).
const MAX_CHUNKS = 2 ** 32
const WRAP_AAD = Buffer.from('cumulus:data-key:v1')
const CHECK_LABEL = 'cumulus:key-check:v1'
const B64URL = /^[A-Za-z0-9_-]*$/

// ---- keys ------------------------------------------------------------------------------------

function assertKey(key: Buffer, what: string): void {
  if (!Buffer.isBuffer(key) || key.length !== KEY_SIZE) throw new CipherError(`${what} must be ${KEY_SIZE} bytes`)
}

function b64(buf: Buffer): string {
  return buf.toString('base64url')
}

/** Strict base64url decode: Buffer.from silently skips bad characters, which would hide corruption. */
function unb64(text: string | undefined, length: number, what: string): Buffer {
  const buf = text !== undefined && B64URL.test(text) ? Buffer.from(text, 'base64url') : undefined
  if (!buf || buf.length !== length) throw new CipherError(`malformed ${what}`)
  return buf
}

/** Wraps a 32-byte data key with the 32-byte master key: `k1.<nonce>.<ciphertext>.<tag>` (base64url). */
export function wrapKey(master: Buffer, dataKey: Buffer): string {
  assertKey(master, 'ENCRYPTION_KEY')
  assertKey(dataKey, 'data key')
  const nonce = randomBytes(NONCE_SIZE)
  const c = createCipheriv('aes-256-gcm', master, nonce, { authTagLength: TAG_SIZE })
  c.setAAD(WRAP_AAD)
  const sealed = Buffer.concat([c.update(dataKey), c.final()])
  return ['k1', b64(nonce), b64(sealed), b64(c.getAuthTag())].join('.')
}

/** The data key inside `wrapped`; a CipherError if the master key is not the one that wrapped it. */
export function unwrapKey(master: Buffer, wrapped: string): Buffer {
  assertKey(master, 'ENCRYPTION_KEY')
  const parts = wrapped.split('.')
  if (parts.length !== 4 || parts[0] !== 'k1') throw new CipherError('malformed wrapped key')
  const nonce = unb64(parts[1], NONCE_SIZE, 'wrapped key')
  const sealed = unb64(parts[2], KEY_SIZE, 'wrapped key')
  const tag = unb64(parts[3], TAG_SIZE, 'wrapped key')
  const d = createDecipheriv('aes-256-gcm', master, nonce, { authTagLength: TAG_SIZE })
  d.setAAD(WRAP_AAD)
  d.setAuthTag(tag)
  const key = d.update(sealed)
  try {
    d.final()
  } catch {
    // GCM cannot tell a wrong key from a corrupted record; the wrong key is by far the likelier.
    throw new CipherError('Cannot unwrap the file key: wrong ENCRYPTION_KEY (or the stored key is corrupt)')
  }
  return key
}

interface FileParams {
  chunkSize: number
  nonceBase: Buffer
  wrapped: string
}

/** `enc` (stored per file in the database): `e1.<chunkSize>.<nonceBase>.<wrapped key>`. */
function parseEnc(enc: string): FileParams {
  const m = /^e1\.(\d{1,9})\.([A-Za-z0-9_-]+)\.(k1\..+)$/.exec(enc)
  const chunkSize = Number(m?.[1])
  if (!m || !Number.isSafeInteger(chunkSize) || chunkSize < 1024 || chunkSize > 16 * 1024 * 1024) {
    throw new CipherError('malformed file encryption parameters')
  }
  return { chunkSize, nonceBase: unb64(m[2], NONCE_BASE_SIZE, 'file encryption parameters'), wrapped: m[3]! }
}

/**
 * A fresh data key for one blob, and `enc` to store beside the blob's row. One `enc` per blob
 * write, never reused: the nonces derive from it, and GCM with a repeated nonce leaks plaintext.
 */
export function newFileKey(master: Buffer, chunkSize = CHUNK_SIZE): { dataKey: Buffer; enc: string } {
  const dataKey = randomBytes(KEY_SIZE)
  const enc = `e1.${chunkSize}.${b64(randomBytes(NONCE_BASE_SIZE))}.${wrapKey(master, dataKey)}`
  parseEnc(enc) // the same bounds a stored enc must meet
  return { dataKey, enc }
}

/** The data key of a stored blob, from its `enc`. */
export function unwrapFileKey(master: Buffer, enc: string): Buffer {
  return unwrapKey(master, parseEnc(enc).wrapped)
}

/** A value to store once, so a restart with a different ENCRYPTION_KEY is caught before serving. */
export function makeKeyCheck(master: Buffer): string {
  assertKey(master, 'ENCRYPTION_KEY')
  // An HMAC under the key reveals nothing about it, yet only that key reproduces it.
  return `kc1.${b64(createHmac('sha256', master).update(CHECK_LABEL).digest())}`
}

/** True when `check` was made with `master`; a CipherError if `check` is not a key check at all. */
export function verifyKeyCheck(master: Buffer, check: string): boolean {
  const parts = check.split('.')
  if (parts.length !== 2 || parts[0] !== 'kc1') throw new CipherError('malformed key check')
  const expected = unb64(parts[1], 32, 'key check')
  const actual = Buffer.from(makeKeyCheck(master).slice(4), 'base64url')
  return timingSafeEqual(expected, actual)
}

// ---- layout ----------------------------------------------------------------------------------

function assertPlainSize(plainSize: number, chunkSize: number): void {
  if (!Number.isSafeInteger(plainSize) || plainSize < 0) throw new RangeError(`invalid plaintext size ${plainSize}`)
  if (chunkCount(plainSize, chunkSize) > MAX_CHUNKS) throw new CipherError('file too large to encrypt')
}

function chunkCount(plainSize: number, chunkSize: number): number {
  return plainSize === 0 ? 1 : Math.ceil(plainSize / chunkSize)
}

/** Plaintext length of chunk `i` of a file of `plainSize` bytes. */
function plainLength(i: number, plainSize: number, chunkSize: number): number {
  const last = chunkCount(plainSize, chunkSize) - 1
  return i < last ? chunkSize : plainSize - last * chunkSize
}

function chunkOffset(i: number, chunkSize: number): number {
  return HEADER_SIZE + i * (chunkSize + TAG_SIZE)
}

const chunkSizeOf = (enc?: string) => (enc === undefined ? CHUNK_SIZE : parseEnc(enc).chunkSize)

/** Size of the stored blob for a plaintext of `plainSize` bytes. Pass `enc` to honour its chunk size. */
export function storedSize(plainSize: number, enc?: string): number {
  const cs = chunkSizeOf(enc)
  assertPlainSize(plainSize, cs)
  return HEADER_SIZE + chunkCount(plainSize, cs) * TAG_SIZE + plainSize
}

/** Inverse of storedSize; a CipherError when no plaintext size gives `stored` (a damaged blob). */
export function plainSizeOf(stored: number, enc?: string): number {
  const cs = chunkSizeOf(enc)
  const body = stored - HEADER_SIZE
  const full = Math.floor(body / (cs + TAG_SIZE))
  const rest = body - full * (cs + TAG_SIZE)
  // A tail of only a tag is an empty chunk, which exists only as the single chunk of an empty file.
  if (
    !Number.isSafeInteger(stored) ||
    body < TAG_SIZE ||
    (rest > 0 && rest < TAG_SIZE) ||
    (rest === TAG_SIZE && full > 0)
  ) {
    throw new CipherError(`no encrypted blob is ${stored} bytes long`)
  }
  return full * cs + (rest === 0 ? 0 : rest - TAG_SIZE)
}

function assertRange(range: ByteRange, plainSize: number): void {
  const { start, end } = range
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || start > end || end >= plainSize) {
    throw new RangeError(`invalid range ${start}-${end} of ${plainSize} bytes`)
  }
}

/**
 * The stored bytes (inclusive) holding exactly the chunks that intersect `plainRange`. The header is
 * not included: feed these bytes to createDecryptStream with the same `range`.
 */
export function storedRange(plainRange: ByteRange, plainSize: number, enc?: string): ByteRange {
  const cs = chunkSizeOf(enc)
  assertPlainSize(plainSize, cs)
  assertRange(plainRange, plainSize)
  const first = Math.floor(plainRange.start / cs)
  const last = Math.floor(plainRange.end / cs)
  return { start: chunkOffset(first, cs), end: chunkOffset(last, cs) + plainLength(last, plainSize, cs) + TAG_SIZE - 1 }
}

/** The chunk size of the blob of `enc`. */
export const chunkSizeFor = (enc: string): number => parseEnc(enc).chunkSize

// ---- streams ---------------------------------------------------------------------------------

function chunkNonce(base: Buffer, i: number): Buffer {
  const nonce = Buffer.allocUnsafe(NONCE_SIZE)
  base.copy(nonce, 0)
  nonce.writeUInt32BE(i, NONCE_BASE_SIZE)
  return nonce
}

function chunkAad(i: number, final: boolean): Buffer {
  const aad = Buffer.allocUnsafe(HEADER_SIZE + 5)
  HEADER.copy(aad, 0)
  aad.writeUInt32BE(i, HEADER_SIZE)
  aad[HEADER_SIZE + 4] = final ? 1 : 0
  return aad
}

/** A FIFO of buffers that hands out exact byte counts, copying only when a take spans buffers. */
class ByteQueue {
  private parts: Buffer[] = []
  private head = 0
  length = 0

  push(buf: Buffer): void {
    if (buf.length === 0) return
    this.parts.push(buf)
    this.length += buf.length
  }

  /**
   * The next `n` bytes: a view when one buffer holds them, else a copy, into `scratch` when given
   * (for a caller that is done with the bytes before it takes again).
   */
  take(n: number, scratch?: Buffer): Buffer {
    const first = this.parts[0]
    if (first && first.length - this.head >= n) {
      const out = first.subarray(this.head, this.head + n)
      this.advance(first, n)
      return out
    }
    const out = scratch && scratch.length >= n ? scratch.subarray(0, n) : Buffer.allocUnsafe(n)
    for (let filled = 0; filled < n;) {
      const part = this.parts[0]!
      const k = Math.min(part.length - this.head, n - filled)
      part.copy(out, filled, this.head, this.head + k)
      filled += k
      this.advance(part, k)
    }
    return out
  }

  /** Copies what is held into memory of its own, for a caller that reuses the buffers it pushed. */
  own(): void {
    if (this.length === 0) return
    const copy = Buffer.allocUnsafe(this.length)
    let at = 0
    for (const [k, part] of this.parts.entries()) at += part.copy(copy, at, k === 0 ? this.head : 0)
    this.parts = [copy]
    this.head = 0
  }

  private advance(part: Buffer, n: number): void {
    this.head += n
    this.length -= n
    if (this.head === part.length) {
      this.parts.shift()
      this.head = 0
    }
  }
}

const importChunkKey = (dataKey: Buffer) => webcrypto.subtle.importKey('raw', dataKey, 'AES-GCM', false, ['encrypt'])

const chunkAlgorithm = (params: FileParams, i: number, final: boolean) => ({
  name: 'AES-GCM',
  iv: chunkNonce(params.nonceBase, i),
  additionalData: chunkAad(i, final),
  tagLength: TAG_SIZE * 8,
})

/** A rejection nobody may be left to await (a stream destroyed with jobs running) must not go unhandled. */
function quiet<T>(job: Promise<T>): Promise<T> {
  job.catch(() => undefined)
  return job
}

/**
 * One file's chunks sealed in WebCrypto jobs, at most IN_FLIGHT waited on at a time, each sealed
 * chunk (ciphertext, then its tag) handed to `emit` as soon as it and those before it are done.
 * The streams below call `ready` before their first `add`, so `add` starts its job (and the job
 * copies `plain`) before it returns: the caller may reuse `plain`'s memory at once. Given a
 * lender, large sealed chunks are lent (loans.ts): the store's disk writer gives them back.
 */
class ChunkSealer {
  private key: CryptoKey | undefined
  private readonly running: Promise<void>[] = []
  private latest: Promise<void> = Promise.resolve()
  private spare: Buffer | undefined

  constructor(
    private readonly dataKey: Buffer,
    private readonly params: FileParams,
    private readonly emit: (sealed: Buffer) => void,
    private readonly lender?: Lender,
  ) {}

  async ready(): Promise<void> {
    this.key ??= await importChunkKey(this.dataKey)
  }

  /** Memory to assemble a chunk in (reused: `add` is done with it when it returns). */
  scratch(): Buffer {
    return (this.spare ??= Buffer.allocUnsafeSlow(this.params.chunkSize))
  }

  /** Bytes the jobs not yet waited on may hold (their copies of the plaintext). */
  get heldBytes(): number {
    return this.running.length * this.params.chunkSize
  }

  /** Starts sealing chunk i; resolves once fewer than IN_FLIGHT chunks are waiting to be sent on. */
  add(i: number, final: boolean, plain: Buffer): Promise<void> {
    if (i >= MAX_CHUNKS) return Promise.reject(new CipherError('file too large to encrypt'))
    const job = webcrypto.subtle.encrypt(chunkAlgorithm(this.params, i, final), this.key!, plain)
    this.latest = quiet(
      Promise.all([job, this.latest]).then(([sealed]) => this.emit(this.lent(sealed) ?? Buffer.from(sealed))),
    )
    this.running.push(this.latest)
    return this.running.length < IN_FLIGHT ? Promise.resolve() : this.running.shift()!
  }

  /** Resolves once every chunk started was sent on. */
  async drain(): Promise<void> {
    await Promise.all(this.running.splice(0))
  }

  /** A large sealed chunk copied into lent memory (loans.ts), so the job's own buffer dies young; else undefined. */
  private lent(sealed: ArrayBuffer): Buffer | undefined {
    return sealed.byteLength >= LEND_MIN ? this.lender?.lend(new Uint8Array(sealed)) : undefined
  }
}

/** Sealed chunks from this size up are lent (loans.ts); smaller ones are not worth the copy. */
const LEND_MIN = 256 * 1024

/**
 * Slots of the memory sealed chunks are lent from, one pool for the process (loans.ts): an upload
 * keeps up to ~8 between the sealer and the disk (the streams' buffers, the write in progress),
 * and one that finds none free allocates as before. 16 MiB at most, resident as far as used.
 */
const LOAN_SLOTS = 16
let loanPool: ChunkSlots | undefined

/** Lends an upload's sealed chunks from the process's pool; `close` it once the store's write has settled. */
export function uploadLender(): Lender {
  return new Lender((loanPool ??= new ChunkSlots(CHUNK_SIZE + TAG_SIZE, LOAN_SLOTS)))
}

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
abstract class SealingTransform extends Transform {
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

/** A Transform from plaintext to the stored layout, for the blob of `enc`. */
export function createEncryptStream(
  dataKey: Buffer,
  enc: string,
  observer?: PlainObserver,
  lender?: Lender,
): EncryptStream {
  return new EncryptStream(dataKey, enc, observer, lender)
}

/** A Transform from stored bytes (the whole blob, or storedRange(range)) to exactly the plaintext wanted. */
export function createDecryptStream(dataKey: Buffer, enc: string, options: DecryptOptions): DecryptStream {
  return new DecryptStream(dataKey, enc, options)
}
