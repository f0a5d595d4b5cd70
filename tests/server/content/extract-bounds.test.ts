// The text extractor's bound on a huge file (services/content/extractors.ts): a 1 GB log is read
// for its first 1 MiB only. The log is a sparse file (a real text head, then a hole to 1 GB) in a
// plain vault over the filesystem blob store, so the test needs no gigabyte of disk or upload; the
// vault's reads are wrapped to count what the extractor asked for and what it got.
import { mkdtemp, rm, stat, truncate } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable, Transform } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FileRow } from '../../../server/db/schema.ts'
import { extract } from '../../../server/services/content/extractors.ts'
import type { ByteRange } from '../../../server/storage/blob-store.ts'
import { createFsStore } from '../../../server/storage/fs-store.ts'
import { createPlainVault, type Vault } from '../../../server/storage/vault.ts'

const MiB = 1024 * 1024
const GB = 1e9
/** Reading the whole gigabyte, even of a hole, takes seconds; a bounded read takes milliseconds. */
const BOUNDED_MS = 2000

/** A vault whose reads are counted: the ranges asked for and the bytes handed out. */
function countingVault(inner: Vault) {
  const ranges: Array<ByteRange | undefined> = []
  let bytes = 0
  const vault: Vault = {
    ...inner,
    async open(blob, range) {
      ranges.push(range)
      const counter = new Transform({
        transform(chunk: Buffer, _enc, done) {
          bytes += chunk.length
          done(null, chunk)
        },
      })
      const source = await inner.open(blob, range)
      // The extractor destroys the stream it got once it has enough: the file goes with it.
      counter.once('close', () => source.destroy())
      return source.pipe(counter)
    },
  }
  return { vault, ranges, bytes: () => bytes }
}

describe('the text extractor on a 1 GB log', () => {
  let dir: string
  let file: FileRow
  let plain: Vault
  const head = Array.from(
    { length: 50_000 },
    (_, i) => `2026-12-03 06:00:${String(i % 60).padStart(2, '0')} INFO worker ${i} begonia ok\n`,
  ).join('')

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cumulus-extract-'))
    plain = createPlainVault(createFsStore(dir))
    const key = 'sparselog0001'
    await plain.put(Readable.from([Buffer.from(head)]), { key })
    // The rest of the gigabyte is a hole: no disk is written, and reads of it return zeros.
    const path = join(dir, 'blobs', key.slice(0, 2), key)
    await truncate(path, GB)
    expect((await stat(path)).size).toBe(GB)
    // The fields the extractor reads (its type, size and blob); the rest of a row plays no part.
    file = {
      id: 'sparse-log',
      filename: 'server.log',
      mime: 'text/plain',
      size: GB,
      blob_key: key,
      enc: null,
    } as FileRow
  })
  afterAll(() => rm(dir, { recursive: true, force: true }))

  it('given a 1 GB text file, then only its first 1 MiB is read, in bounded time, and that text is indexed', async () => {
    expect(head.length).toBeGreaterThan(2 * MiB)
    const counted = countingVault(plain)
    const t0 = performance.now()
    const result = await extract(counted.vault, file, { maxBytes: MiB, timeoutMs: 60_000 })
    const ms = performance.now() - t0

    // One ranged open of the first MiB, and no byte past it handed to the extractor.
    expect(counted.ranges).toEqual([{ start: 0, end: MiB - 1 }])
    expect(counted.bytes()).toBeLessThanOrEqual(MiB)
    expect(counted.bytes()).toBeGreaterThan(MiB - 64 * 1024)
    expect(ms).toBeLessThan(BOUNDED_MS)

    expect(result.state).toBe('indexed')
    const text = result.state === 'indexed' ? result.text : ''
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(MiB)
    // The text is the head's first MiB; nothing of the hole.
    expect(head.startsWith(text)).toBe(true)
    expect(text.length).toBeGreaterThan(MiB - 200)
    expect(text).toContain('worker 0 begonia')
    expect(text).not.toContain('\0')
  })

  it('given the same file read whole, then the bound is what saves the time: the read would hand out a gigabyte', async () => {
    // The control: the unbounded read of the same blob really is a gigabyte (so the test above
    // cannot pass because the store ignored the file's size).
    const counted = countingVault(plain)
    const stream = await counted.vault.open(file)
    let n = 0
    for await (const chunk of stream) {
      n += (chunk as Buffer).length
      if (n > 8 * MiB) break
    }
    stream.destroy()
    expect(n).toBeGreaterThan(8 * MiB)
    expect(counted.ranges).toEqual([undefined])
  })
})
