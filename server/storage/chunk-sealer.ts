// Seals one file's chunks, for the encrypting streams (encrypt-stream.ts, staged-encrypt.ts).
//
// File contents are sealed with WebCrypto, not createCipheriv: its jobs run in libuv's thread
// pool, beside the main thread (an upload's busiest: parsing, hashing), and write ciphertext and
// tag into one buffer, where Cipheriv.update zero-fills a second buffer and copies its output into
// it on the main thread (for GCM it always does: it sizes its output one byte too long). WebCrypto
// copies a job's input before encrypt() returns (the spec's rule; a test holds Node to it), so
// buffers handed in may be reused at once. Downloads open chunks in worker threads instead
// (Decryptor.updateInThreads, chunk-opener.ts).
// Measured in tests/bench/README.md.
import { webcrypto } from 'node:crypto'
import {
  CHUNK_SIZE,
  chunkAad,
  CipherError,
  chunkNonce,
  type FileParams,
  MAX_CHUNKS,
  TAG_SIZE,
} from './cipher-format.ts'
import { ChunkSlots } from './chunk-opener.ts'
import { Lender } from './loans.ts'

/** Sealing jobs one stream keeps running at once: 3 sealed 256 MiB uploads ~5% faster than 2 in paired runs, 4 no faster. */
const IN_FLIGHT = 3

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
 * The encrypting streams call `ready` before their first `add`, so `add` starts its job (and the job
 * copies `plain`) before it returns: the caller may reuse `plain`'s memory at once. Given a
 * lender, large sealed chunks are lent (loans.ts): the store's disk writer gives them back.
 */
export class ChunkSealer {
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
