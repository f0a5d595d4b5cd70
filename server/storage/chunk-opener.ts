// Opens (decrypts and authenticates) the large chunks of an encrypted download in worker threads,
// into memory the download keeps for its whole life, so its main thread neither decrypts nor
// allocates a buffer per chunk. Measured in tests/bench/README.md ("encrypted downloads").
//
// Why not on the main thread (createDecipheriv, as before): every 1 MiB chunk then came out in a
// new ArrayBuffer, and V8 counts those as external memory. At 1 GB/s that forced a scavenge every
// few MB, chunks still in flight survived two of them and were promoted, and once the server had
// run one full GC (after any upload) its old-space limit sat ~12 MB above the live heap: from then
// on a full GC every ~60 ms, 2–2.8 s of CPU per GiB downloaded against 0.5 plain. WebCrypto's
// decrypt jobs also return a new ArrayBuffer per chunk, and leave more on the main thread.
//
// Here a download has a few slots in one SharedArrayBuffer. The main thread copies a sealed chunk
// into a free slot and names the slot to a worker; the worker opens it and, only once its tag is
// verified, writes the plaintext over the slot; the main thread sends a view of the slot and frees
// it when the socket has taken the bytes.
import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'

/**
 * The worker's code. CommonJS run with `eval`, so there is one thing to ship whether the server
 * runs from source (tsx) or from its bundle. A chunk that fails authentication is answered with
 * `failed`, and its slot keeps the ciphertext: none of its plaintext is ever written out.
 */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads')
const { createDecipheriv } = require('node:crypto')
parentPort.on('message', ({ id, memory, offset, length, key, iv, aad }) => {
  const slot = Buffer.from(memory, offset, length + 16)
  let plain
  try {
    const d = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: 16 })
    d.setAAD(aad)
    d.setAuthTag(slot.subarray(length))
    plain = d.update(slot.subarray(0, length))
    d.final()
  } catch {
    return parentPort.postMessage({ id, failed: true })
  }
  plain.copy(slot, 0)
  parentPort.postMessage({ id })
})
`

/** Memory for chunks on their way, `count` slots of one sealed chunk each: a download's (opening, sending), or the pool uploads lend from (loans.ts). */
export class ChunkSlots {
  readonly memory: SharedArrayBuffer
  private readonly free: number[]

  constructor(
    /** Bytes a slot holds: a chunk's plaintext length and its tag. */
    readonly slotSize: number,
    count: number,
  ) {
    this.memory = new SharedArrayBuffer(slotSize * count)
    this.free = Array.from({ length: count }, (_, k) => count - 1 - k)
  }

  /** A free slot, or undefined when all are in use. */
  take(): number | undefined {
    return this.free.pop()
  }

  release(slot: number): void {
    this.free.push(slot)
  }

  /** `length` bytes of a slot, from its start. */
  view(slot: number, length: number): Buffer {
    return Buffer.from(this.memory, slot * this.slotSize, length)
  }
}

/** What a chunk needs to be opened: its key, nonce and AAD, and its plaintext length (the tag follows). */
export interface SealedChunk {
  key: Buffer
  iv: Buffer
  aad: Buffer
  /** Ciphertext then the 16-byte tag; copied into the slot before openChunk returns. */
  sealed: Buffer
  length: number
}

/** A chunk that failed authentication (the caller says which and why it matters). */
export class ChunkAuthError extends Error {
  override name = 'ChunkAuthError'
}

interface Reply {
  id: number
  failed?: true
}

class OpenerThread {
  private readonly worker = new Worker(WORKER_SOURCE, { eval: true, name: 'cumulus-chunk-opener' })
  private readonly jobs = new Map<number, { resolve: () => void; reject: (err: Error) => void }>()
  private nextId = 0
  dead = false

  constructor() {
    // Idle, it must not keep the process alive; while it holds jobs it must.
    this.worker.unref()
    this.worker.on('message', (reply: Reply) => this.settle(reply))
    this.worker.on('error', (err) => this.fail(err))
    this.worker.on('exit', (code) => this.fail(new Error(`chunk opener thread exited (${code})`)))
  }

  get pending(): number {
    return this.jobs.size
  }

  open(slots: ChunkSlots, slot: number, chunk: SealedChunk): Promise<void> {
    const id = this.nextId++
    const done = new Promise<void>((resolve, reject) => this.jobs.set(id, { resolve, reject }))
    if (this.jobs.size === 1) this.worker.ref()
    // Exact copies: a message clones a view's whole ArrayBuffer, and small Buffers are views of
    // Node's shared 8 KiB pool (16 KiB more per chunk for the nonce and AAD).
    const [key, iv, aad] = [chunk.key, chunk.iv, chunk.aad].map((bytes) => Uint8Array.from(bytes))
    this.worker.postMessage({
      id,
      memory: slots.memory,
      offset: slot * slots.slotSize,
      length: chunk.length,
      key,
      iv,
      aad,
    })
    return done
  }

  private settle(reply: Reply): void {
    const job = this.jobs.get(reply.id)
    this.jobs.delete(reply.id)
    if (this.jobs.size === 0) this.worker.unref()
    if (reply.failed) job?.reject(new ChunkAuthError('chunk failed authentication'))
    else job?.resolve()
  }

  private fail(err: Error): void {
    this.dead = true
    for (const job of this.jobs.values()) job.reject(err)
    this.jobs.clear()
  }
}

/** Threads at most: one core stays for the main thread (on a 2-core machine, one thread). */
const MAX_THREADS = Math.max(1, Math.min(4, availableParallelism() - 1))
const threads: OpenerThread[] = []

/** An idle thread, a new one while there are fewer than MAX_THREADS, else the one with the fewest jobs. */
function pickThread(): OpenerThread {
  for (let k = threads.length - 1; k >= 0; k--) if (threads[k]!.dead) threads.splice(k, 1)
  const idle = threads.find((t) => t.pending === 0)
  if (idle) return idle
  if (threads.length < MAX_THREADS) {
    const thread = new OpenerThread()
    threads.push(thread)
    return thread
  }
  return threads.reduce((a, b) => (b.pending < a.pending ? b : a))
}

/**
 * Opens one sealed chunk in a worker thread, in `slot` of `slots` (the chunk is copied there
 * before this returns): resolves once the slot holds its plaintext, rejects with ChunkAuthError if
 * it fails authentication. The slot stays the caller's either way.
 */
export function openChunk(slots: ChunkSlots, slot: number, chunk: SealedChunk): Promise<void> {
  if (chunk.sealed.length > slots.slotSize) throw new RangeError('chunk larger than its slot')
  chunk.sealed.copy(slots.view(slot, chunk.sealed.length))
  return pickThread().open(slots, slot, chunk)
}
