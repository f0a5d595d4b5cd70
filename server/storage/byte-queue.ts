/** A FIFO of buffers that hands out exact byte counts, copying only when a take spans buffers. */
export class ByteQueue {
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
