// The HEIF decoding thread on its own: a decode past its time limit is stopped (the thread
// ends, the next photo gets a new one), and a thread with nothing to do ends, handing back its
// WASM heap.
import { describe, expect, it } from 'vitest'
import { createHeifDecoder } from '../../../server/services/media/heif-decoder.ts'
import { heifEncAvailable, makeHeic } from '../helpers/media-fixtures.ts'

describe.skipIf(!heifEncAvailable)('the HEIF decoder thread (needs heif-enc)', () => {
  it('given a decode past the time limit, then it is stopped with a clear error and the next photo decodes in a new thread', async () => {
    const heic = await makeHeic({ width: 640, height: 480, noise: true, exif: null })
    const slow = createHeifDecoder({ timeoutMs: 1 })
    await expect(slow.decode(heic, 40_000_000)).rejects.toThrow(/was stopped/)
    expect(slow.running).toBe(false)
    slow.close()
    const decoder = createHeifDecoder({ idleMs: 200 })
    const raw = await decoder.decode(heic, 40_000_000)
    expect([raw.width, raw.height, raw.data.length]).toEqual([640, 480, 640 * 480 * 4])
    expect(decoder.threadsStarted).toBe(1)
    // Quiet for its idle time: the thread ends, and the next photo starts another.
    await expect.poll(() => decoder.running, { timeout: 10_000 }).toBe(false)
    await decoder.decode(heic, 40_000_000)
    expect(decoder.threadsStarted).toBe(2)
    decoder.close()
  })

  it('given photos at once, then they are decoded one after the other, each answered with its own pixels', async () => {
    const [a, b] = await Promise.all([makeHeic({ width: 64, height: 48 }), makeHeic({ width: 48, height: 64 })])
    const decoder = createHeifDecoder()
    const [da, db] = await Promise.all([decoder.decode(a!, 1e6), decoder.decode(b!, 1e6)])
    expect([da.width, da.height, db.width, db.height]).toEqual([64, 48, 48, 64])
    await expect(decoder.decode(a!, 100)).rejects.toThrow(/past the pixel cap/)
    decoder.close()
  })
})
