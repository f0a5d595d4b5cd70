// Buffers lent down a stream: memory the producer reuses once the consumer says it is done with
// it. Why: an encrypted upload's sealed 1 MiB chunks, each in an ArrayBuffer of its own, lived as
// long as they took to reach the disk, long enough to be promoted, and V8 counts such memory
// against its old-space limit; once the server had run a full GC that limit sat ~12 MB above the
// live heap, and uploads fell into a full GC every ~60 ms (4.6–5.9 s of CPU per GiB against
// 2.4–2.9). A lent view of memory that stays (one pool per process: memory per upload was
// promoted the same way) holds none of its own, promoted or not.
//
// A consumer that knows of loans (the disk writer in fs-store.ts; stores say so with
// `takesLoans`) gives each buffer back once its bytes are written. The producer never reuses a
// slot that was not given back, except through `Lender.close`, called once nothing can touch
// what was lent (the store's write has settled, in success or failure).
import type { ChunkSlots } from './chunk-opener.ts'

const loans = new WeakMap<Buffer, () => void>()

/** Says the caller is done with `buf` (its bytes written): a lent buffer goes back; any other, nothing. */
export function giveBack(buf: Buffer): void {
  const onReturn = loans.get(buf)
  if (!onReturn) return
  loans.delete(buf)
  onReturn()
}

/** One stream's loans from a pool of slots: what it lent and has not had back. */
export class Lender {
  private readonly out = new Set<number>()
  private closed = false

  constructor(private readonly pool: ChunkSlots) {}

  /** `bytes` copied into a free slot and lent; undefined when none is free, they do not fit, or the lender is closed. */
  lend(bytes: Uint8Array): Buffer | undefined {
    if (this.closed || bytes.length > this.pool.slotSize) return undefined
    const slot = this.pool.take()
    if (slot === undefined) return undefined
    this.out.add(slot)
    const view = this.pool.view(slot, bytes.length)
    view.set(bytes)
    loans.set(view, () => {
      if (this.out.delete(slot)) this.pool.release(slot)
    })
    return view
  }

  /**
   * Takes back every slot not given back and lends no more. Only once the consumer can no longer
   * touch what was lent: buffers left in the streams of a failed write never reach the writer.
   */
  close(): void {
    this.closed = true
    for (const slot of this.out) this.pool.release(slot)
    this.out.clear()
  }
}
