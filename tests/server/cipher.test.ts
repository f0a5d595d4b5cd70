import { createCipheriv, createHash, randomBytes, webcrypto } from 'node:crypto'
import { Readable, Transform, Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type ByteRange, Tally } from '../../server/storage/blob-store.ts'
import { ChunkSlots } from '../../server/storage/chunk-opener.ts'
import { formatBytes } from '../../server/util/bytes.ts'
import { giveBack, Lender } from '../../server/storage/loans.ts'
import {
  CHUNK_SIZE,
  CipherError,
  HEADER_SIZE,
  plainSizeOf,
  storedRange,
  storedSize,
  TAG_SIZE,
} from '../../server/storage/cipher-format.ts'
import {
  makeKeyCheck,
  newFileKey,
  unwrapFileKey,
  unwrapKey,
  verifyKeyCheck,
  wrapKey,
} from '../../server/storage/cipher-keys.ts'
import { createDecryptStream, Decryptor, type OpenedChunk } from '../../server/storage/decryptor.ts'
import { createEncryptStream } from '../../server/storage/encrypt-stream.ts'
import { openNote, sealNote, StagedEncryptStream } from '../../server/storage/staged-encrypt.ts'

// The layout is the same for any chunk size (each file's enc names its own), so most tests seal
// with 64 KiB chunks, the size files had before CHUNK_SIZE became 1 MiB: those files must read as
// they are, and small chunks keep the property runs quick. `at the default chunk size` runs the
// round trips again with CHUNK_SIZE.
const C = 64 * 1024
const master = randomBytes(32)
const pool = randomBytes(6 * C + 1000)
const fileKey = (chunkSize = C) => newFileKey(master, chunkSize)
const encC = fileKey().enc

/** Feeds `data` in pieces of the given sizes (cycled), so chunk boundaries fall mid-write. */
function source(data: Buffer, pieces: number[] = [data.length || 1]): Readable {
  return Readable.from(
    (function* () {
      for (let at = 0, i = 0; at < data.length; i++) {
        const n = Math.max(1, pieces[i % pieces.length]!)
        yield data.subarray(at, at + n)
        at += n
      }
    })(),
    { objectMode: false },
  )
}

async function collect(stream: Readable | Transform, into: Buffer[] = []): Promise<Buffer> {
  for await (const part of stream) into.push(part as Buffer)
  return Buffer.concat(into)
}

async function encrypt(plain: Buffer, pieces?: number[], chunkSize = C) {
  const { dataKey, enc } = fileKey(chunkSize)
  const stored = await collect(source(plain, pieces).pipe(createEncryptStream(dataKey, enc)))
  return { dataKey, enc, stored }
}

/** Decrypts `stored` (whole, or just storedRange's bytes when `range` is given); keeps what was emitted. */
async function decrypt(
  stored: Buffer,
  dataKey: Buffer,
  enc: string,
  plainSize: number,
  range?: ByteRange,
  emitted: Buffer[] = [],
) {
  const out = new Writable({
    write(chunk: Buffer, _e, done) {
      emitted.push(chunk)
      done()
    },
  })
  await pipeline(
    source(stored, [4096, 70_000, 13]),
    createDecryptStream(dataKey, enc, { plainSize, ...(range ? { range } : {}) }),
    out,
  )
  return Buffer.concat(emitted)
}

/** Reads a range the way a store would: only the stored bytes storedRange names. */
async function readRange(stored: Buffer, dataKey: Buffer, enc: string, plainSize: number, range: ByteRange) {
  const sr = storedRange(range, plainSize, enc)
  return decrypt(stored.subarray(sr.start, sr.end + 1), dataKey, enc, plainSize, range)
}

const chunkAt = (i: number) => HEADER_SIZE + i * (C + TAG_SIZE)

describe('key wrapping', () => {
  it('given a wrapped data key, then the same master key unwraps it and a wrong one fails clearly', () => {
    const dataKey = randomBytes(32)
    const wrapped = wrapKey(master, dataKey)
    expect(wrapped).toMatch(/^k1\.[\w-]+\.[\w-]+\.[\w-]+$/)
    expect(wrapKey(master, dataKey)).not.toBe(wrapped) // random nonce every time
    expect(unwrapKey(master, wrapped).equals(dataKey)).toBe(true)
    expect(() => unwrapKey(randomBytes(32), wrapped)).toThrow(CipherError)
    expect(() => unwrapKey(randomBytes(32), wrapped)).toThrow(/wrong ENCRYPTION_KEY/)
  })

  it('given a malformed or tampered wrapped key, then a CipherError, never a bad key', () => {
    const wrapped = wrapKey(master, randomBytes(32))
    const [v, n, ct, tag] = wrapped.split('.') as [string, string, string, string]
    const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1)
    for (const bad of [
      '',
      'k1.a.b',
      `k2.${n}.${ct}.${tag}`,
      `${v}.${n}.${ct}.${tag}!`,
      `${v}.${n}.${flip(ct)}.${tag}`,
      `${v}.${flip(n)}.${ct}.${tag}`,
    ]) {
      expect(() => unwrapKey(master, bad), bad).toThrow(CipherError)
    }
    expect(() => wrapKey(randomBytes(16), randomBytes(32))).toThrow(CipherError)
  })

  it('given newFileKey, then enc carries a fresh unwrappable key and nonce base per file', () => {
    const a = newFileKey(master)
    const b = newFileKey(master)
    expect(a.enc).toMatch(new RegExp(`^e1\\.${CHUNK_SIZE}\\.[\\w-]{11}\\.k1\\.`))
    expect(CHUNK_SIZE).toBe(1024 * 1024)
    expect(() => newFileKey(master, 512)).toThrow(CipherError)
    expect(a.dataKey.equals(b.dataKey)).toBe(false)
    expect(a.enc.split('.')[2]).not.toBe(b.enc.split('.')[2])
    expect(unwrapFileKey(master, a.enc).equals(a.dataKey)).toBe(true)
    expect(() => unwrapFileKey(randomBytes(32), a.enc)).toThrow(/wrong ENCRYPTION_KEY/)
  })

  it('given a key check, then only the same master key verifies it', () => {
    const check = makeKeyCheck(master)
    expect(verifyKeyCheck(master, check)).toBe(true)
    expect(verifyKeyCheck(Buffer.from(master), check)).toBe(true)
    expect(verifyKeyCheck(randomBytes(32), check)).toBe(false)
    expect(() => verifyKeyCheck(master, 'nonsense')).toThrow(CipherError)
  })
})

describe('layout', () => {
  it('given plaintext sizes, then stored sizes add the header and one tag per chunk, and invert', () => {
    const cases: [number, number][] = [
      [0, 1],
      [1, 1],
      [C - 1, 1],
      [C, 1],
      [C + 1, 2],
      [5 * C + 17, 6],
    ]
    for (const [size, chunks] of cases) {
      expect(storedSize(size, encC)).toBe(HEADER_SIZE + size + chunks * TAG_SIZE)
      expect(plainSizeOf(storedSize(size, encC), encC)).toBe(size)
    }
    // Without an enc: the default chunk size.
    expect(storedSize(3 * CHUNK_SIZE + 1)).toBe(HEADER_SIZE + 3 * CHUNK_SIZE + 1 + 4 * TAG_SIZE)
    // Sizes no plaintext encrypts to: a lone header, a cut tag, an empty chunk after full ones.
    for (const bad of [0, HEADER_SIZE, HEADER_SIZE + 15, storedSize(C, encC) + 5, storedSize(C, encC) + TAG_SIZE]) {
      expect(() => plainSizeOf(bad, encC), String(bad)).toThrow(CipherError)
    }
  })

  it('given a small range, then the stored range is one chunk at a computable offset, header excluded', () => {
    const size = 5 * C + 17
    expect(storedRange({ start: 0, end: 0 }, size, encC)).toEqual({
      start: HEADER_SIZE,
      end: HEADER_SIZE + C + TAG_SIZE - 1,
    })
    expect(storedRange({ start: 3 * C + 5, end: 3 * C + 9 }, size, encC)).toEqual({
      start: chunkAt(3),
      end: chunkAt(4) - 1,
    })
    expect(storedRange({ start: size - 1, end: size - 1 }, size, encC)).toEqual({
      start: chunkAt(5),
      end: storedSize(size, encC) - 1,
    })
    expect(storedRange({ start: C - 1, end: C }, size, encC)).toEqual({ start: chunkAt(0), end: chunkAt(2) - 1 })
    expect(storedRange({ start: 0, end: size - 1 }, size, encC)).toEqual({
      start: HEADER_SIZE,
      end: storedSize(size, encC) - 1,
    })
    expect(() => storedRange({ start: 5, end: 4 }, size, encC)).toThrow(RangeError)
    expect(() => storedRange({ start: 0, end: size }, size, encC)).toThrow(RangeError)
    expect(() => storedRange({ start: 0, end: 0 }, 0, encC)).toThrow(RangeError)
  })
})

describe('encrypt and decrypt', () => {
  it.each([0, 1, C - 1, C, C + 1, 5 * C + 17])('given %i bytes, then the round trip is byte-for-byte', async (size) => {
    const plain = pool.subarray(0, size)
    const { dataKey, enc, stored } = await encrypt(plain, [1000, 1, C, 3 * C])
    expect(stored.length).toBe(storedSize(size, enc))
    expect(stored.subarray(0, HEADER_SIZE).toString('latin1')).toBe('CMLSENC\x01')
    // No plaintext run survives in the stored bytes.
    if (size >= 64) expect(stored.includes(plain.subarray(0, 64))).toBe(false)
    expect((await decrypt(stored, dataKey, enc, size)).equals(plain)).toBe(true)
  })

  it('given 20 MB of random bytes in odd-sized writes, then the round trip is byte-for-byte', async () => {
    const plain = randomBytes(20 * 1024 * 1024)
    const { dataKey, enc, stored } = await encrypt(plain, [65_537, 100, 1_000_000, 7])
    expect(stored.length).toBe(storedSize(plain.length, enc))
    expect((await decrypt(stored, dataKey, enc, plain.length)).equals(plain)).toBe(true)
  })

  it('given the same key and enc, then output does not depend on how the input was split', async () => {
    const plain = pool.subarray(0, 3 * C + 5)
    const { dataKey, enc } = fileKey()
    const a = await collect(source(plain).pipe(createEncryptStream(dataKey, enc)))
    const b = await collect(source(plain, [1, 2, 3, C - 1]).pipe(createEncryptStream(dataKey, enc)))
    expect(a.equals(b)).toBe(true)
  })

  it('given a wrong data key, then decryption fails with CipherError', async () => {
    const { enc, stored } = await encrypt(pool.subarray(0, 1000))
    await expect(decrypt(stored, randomBytes(32), enc, 1000)).rejects.toBeInstanceOf(CipherError)
  })
  it('given a tally, then it counts and hashes the plaintext as it arrives, and its limit stops the stream before the bytes past it are sealed', async () => {
    const plain = pool.subarray(0, 3 * C + 5)
    const { dataKey, enc } = fileKey()
    const tally = new Tally()
    const stored = await collect(source(plain, [1000, 7, C]).pipe(createEncryptStream(dataKey, enc, tally)))
    expect(tally.size).toBe(plain.length)
    expect(tally.digest()).toBe(createHash('sha256').update(plain).digest('hex'))
    expect((await decrypt(stored, dataKey, enc, plain.length)).equals(plain)).toBe(true)

    const limited = new Tally(2 * C)
    const sealed: Buffer[] = []
    const failed = pipeline(
      source(plain, [C / 2]),
      createEncryptStream(dataKey, enc, limited),
      new Writable({ write: (chunk: Buffer, _e, done) => (sealed.push(chunk), done()) }),
    )
    await expect(failed).rejects.toMatchObject({
      statusCode: 413,
      message: `File is larger than the limit of ${formatBytes(2 * C)}`,
    })
    // At most the chunks wholly within the limit were sealed (the first, which the second's bytes proved not final).
    expect(Buffer.concat(sealed).length).toBeLessThanOrEqual(HEADER_SIZE + 2 * (C + TAG_SIZE))
  })
})

describe('range reads', () => {
  const size = 5 * C + 17
  const plain = pool.subarray(0, size)
  const file = encrypt(plain, [C + 3])
  const ranges: [string, ByteRange][] = [
    ['the first byte', { start: 0, end: 0 }],
    ['the first 100 bytes', { start: 0, end: 99 }],
    ['a range crossing chunk boundaries', { start: C - 10, end: 3 * C + 10 }],
    ['exactly one chunk', { start: C, end: 2 * C - 1 }],
    ['the last byte', { start: size - 1, end: size - 1 }],
    ['part of the last chunk', { start: 5 * C + 3, end: size - 1 }],
    ['a middle range inside one chunk', { start: 2 * C + 100, end: 2 * C + 5000 }],
    ['the whole file', { start: 0, end: size - 1 }],
  ]

  it.each(ranges)('given %s, then exactly those bytes from only the stored range', async (_name, range) => {
    const { dataKey, enc, stored } = await file
    const sr = storedRange(range, size, enc)
    const chunks = Math.floor(range.end / C) - Math.floor(range.start / C) + 1
    expect(sr.end - sr.start + 1).toBeLessThanOrEqual(chunks * (C + TAG_SIZE))
    expect(
      (await readRange(stored, dataKey, enc, size, range)).equals(plain.subarray(range.start, range.end + 1)),
    ).toBe(true)
  })

  it('given a small range, then the stored range read is at most one chunk and a tag', async () => {
    const { enc } = await file
    for (const range of [
      { start: 0, end: 0 },
      { start: 0, end: 99 },
      { start: size - 1, end: size - 1 },
    ]) {
      const sr = storedRange(range, size, enc)
      expect(sr.end - sr.start + 1).toBeLessThanOrEqual(C + TAG_SIZE)
    }
  })

  it('given more stored bytes than the range needs, then it fails rather than guess', async () => {
    const { dataKey, enc, stored } = await file
    await expect(decrypt(stored, dataKey, enc, size, { start: 0, end: 0 })).rejects.toBeInstanceOf(CipherError)
  })

  it('given a tampered chunk inside the stored range, then the range read fails', async () => {
    const { dataKey, enc, stored } = await file
    const bad = Buffer.from(stored)
    bad[chunkAt(2) + 500]! ^= 1
    await expect(readRange(bad, dataKey, enc, size, { start: 2 * C + 10, end: 2 * C + 20 })).rejects.toBeInstanceOf(
      CipherError,
    )
    // Chunks outside the range are not read, so they cannot fail it.
    expect((await readRange(bad, dataKey, enc, size, { start: 10, end: 20 })).equals(plain.subarray(10, 21))).toBe(true)
  })

  it('given any size and any range, then exactly the right bytes (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .integer({ min: 1, max: pool.length })
          .chain((n) =>
            fc.tuple(
              fc.constant(n),
              fc.integer({ min: 0, max: n - 1 }),
              fc.integer({ min: 0, max: n - 1 }),
              fc.array(fc.integer({ min: 1, max: 2 * C }), { minLength: 1, maxLength: 4 }),
            ),
          ),
        async ([n, a, b, pieces]) => {
          const range = { start: Math.min(a, b), end: Math.max(a, b) }
          const { dataKey, enc, stored } = await encrypt(pool.subarray(0, n), pieces)
          const got = await readRange(stored, dataKey, enc, n, range)
          expect(got.equals(pool.subarray(range.start, range.end + 1))).toBe(true)
        },
      ),
      { numRuns: 60 },
    )
  })
})

describe('tampering', () => {
  const size = 5 * C + 17
  const plain = pool.subarray(0, size)
  const file = encrypt(plain)
  const last = 5

  it.each([
    ['header magic', 0, 0],
    ['header version', HEADER_SIZE - 1, 0],
    ['first ciphertext byte', chunkAt(0), 0],
    ['middle of chunk 0', chunkAt(0) + 30_000, 0],
    ['tag of chunk 0', chunkAt(1) - 1, 0],
    ['first byte of chunk 2', chunkAt(2), 2 * C],
    ['tag of chunk 3', chunkAt(4) - TAG_SIZE, 3 * C],
    ['last chunk ciphertext', chunkAt(last) + 3, last * C],
    ['last byte of the blob', storedSize(size, encC) - 1, last * C],
  ])(
    'given a flipped byte in the %s, then CipherError and no plaintext of the failed chunk',
    async (_name, at, safe) => {
      const { dataKey, enc, stored } = await file
      const bad = Buffer.from(stored)
      bad[at]! ^= 0x40
      const emitted: Buffer[] = []
      await expect(decrypt(bad, dataKey, enc, size, undefined, emitted)).rejects.toBeInstanceOf(CipherError)
      // Only chunks before the damaged one were released, and those are genuine.
      const out = Buffer.concat(emitted)
      expect(out.length).toBeLessThanOrEqual(safe)
      expect(out.equals(plain.subarray(0, out.length))).toBe(true)
    },
  )

  it('given any single flipped byte, then CipherError (property)', async () => {
    const small = await encrypt(pool.subarray(0, 2 * C + 7))
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: small.stored.length - 1 }),
        fc.integer({ min: 1, max: 255 }),
        async (at, mask) => {
          const bad = Buffer.from(small.stored)
          bad[at]! ^= mask
          await expect(decrypt(bad, small.dataKey, small.enc, 2 * C + 7)).rejects.toBeInstanceOf(CipherError)
        },
      ),
      { numRuns: 40 },
    )
  })

  it('given the blob cut by a whole chunk, then it fails whether the size comes from the row or the blob', async () => {
    const { dataKey, enc, stored } = await file
    const cut = stored.subarray(0, chunkAt(last))
    await expect(decrypt(cut, dataKey, enc, size)).rejects.toThrow(/truncated/)
    // Taking the size from the cut blob is consistent, but chunk 4 is not authenticated as final.
    expect(plainSizeOf(cut.length, enc)).toBe(5 * C)
    await expect(decrypt(cut, dataKey, enc, plainSizeOf(cut.length, enc))).rejects.toThrow(
      /chunk 4 failed authentication/,
    )
  })

  it('given the blob cut by a few bytes, then it fails', async () => {
    const { dataKey, enc, stored } = await file
    for (const n of [1, 5, TAG_SIZE, 17 + TAG_SIZE]) {
      const cut = stored.subarray(0, stored.length - n)
      await expect(decrypt(cut, dataKey, enc, size), String(n)).rejects.toBeInstanceOf(CipherError)
      let derived: number | undefined
      try {
        derived = plainSizeOf(cut.length, enc)
      } catch (err) {
        expect(err).toBeInstanceOf(CipherError)
      }
      if (derived !== undefined)
        await expect(decrypt(cut, dataKey, enc, derived), String(n)).rejects.toBeInstanceOf(CipherError)
    }
  })

  it('given an empty file cut to its header, or bytes appended, then it fails', async () => {
    const empty = await encrypt(Buffer.alloc(0))
    expect(empty.stored.length).toBe(HEADER_SIZE + TAG_SIZE)
    await expect(decrypt(empty.stored.subarray(0, HEADER_SIZE), empty.dataKey, empty.enc, 0)).rejects.toThrow(
      /truncated/,
    )
    expect(() => plainSizeOf(HEADER_SIZE, encC)).toThrow(CipherError)
    const { dataKey, enc, stored } = await file
    await expect(decrypt(Buffer.concat([stored, Buffer.from([0])]), dataKey, enc, size)).rejects.toBeInstanceOf(
      CipherError,
    )
  })

  it('given two chunks swapped, then it fails', async () => {
    const { dataKey, enc, stored } = await file
    const swap = (a: number, b: number, blob: Buffer, len = C + TAG_SIZE) => {
      const out = Buffer.from(blob)
      blob.copy(out, chunkAt(a), chunkAt(b), chunkAt(b) + len)
      blob.copy(out, chunkAt(b), chunkAt(a), chunkAt(a) + len)
      return out
    }
    await expect(decrypt(swap(1, 2, stored), dataKey, enc, size)).rejects.toBeInstanceOf(CipherError)
    // Ranges too: the chunk's index is authenticated, not just its position in the stream.
    await expect(readRange(swap(1, 2, stored), dataKey, enc, size, { start: C, end: C + 5 })).rejects.toBeInstanceOf(
      CipherError,
    )
    // Same-length first and last chunks of an exact multiple: the final flag still tells them apart.
    const even = await encrypt(pool.subarray(0, 3 * C))
    await expect(decrypt(swap(0, 2, even.stored), even.dataKey, even.enc, 3 * C)).rejects.toBeInstanceOf(CipherError)
  })

  it('given a chunk from another file at the same position, then it fails', async () => {
    const a = await file
    const b = await encrypt(pool.subarray(0, size))
    const mixed = Buffer.from(a.stored)
    b.stored.copy(mixed, chunkAt(1), chunkAt(1), chunkAt(2))
    await expect(decrypt(mixed, a.dataKey, a.enc, size)).rejects.toBeInstanceOf(CipherError)
  })
})

describe('at the default chunk size', () => {
  const D = CHUNK_SIZE
  const big = randomBytes(3 * D + 17)

  it.each([0, 1, D - 1, D, D + 1, 3 * D + 17])(
    'given %i bytes in odd pieces, then the round trip is byte-for-byte',
    async (size) => {
      const plain = big.subarray(0, size)
      const { dataKey, enc, stored } = await encrypt(plain, [65_537, 100, D + 1, 7], D)
      expect(stored.length).toBe(storedSize(size, enc))
      expect((await decrypt(stored, dataKey, enc, size)).equals(plain)).toBe(true)
    },
  )

  it('given ranges, then exactly those bytes from only the chunks they touch', async () => {
    const { dataKey, enc, stored } = await encrypt(big, [300_000], D)
    for (const range of [
      { start: 0, end: 0 },
      { start: D - 5, end: D + 5 },
      { start: 2 * D + 1, end: big.length - 1 },
    ]) {
      expect(
        (await readRange(stored, dataKey, enc, big.length, range)).equals(big.subarray(range.start, range.end + 1)),
      ).toBe(true)
    }
  })

  it('given a blob sealed chunk by chunk with createCipheriv (as before WebCrypto), then it reads as it is', async () => {
    // The layout of the header comment, written out by hand: the stored blobs of earlier releases.
    const { dataKey, enc } = fileKey()
    const nonceBase = Buffer.from(enc.split('.')[2]!, 'base64url')
    const plain = pool.subarray(0, 2 * C + 99)
    const parts: Buffer[] = [Buffer.from('CMLSENC\x01', 'latin1')]
    for (let i = 0; i * C < plain.length; i++) {
      const nonce = Buffer.concat([nonceBase, Buffer.alloc(4)])
      nonce.writeUInt32BE(i, 8)
      const aad = Buffer.concat([parts[0]!, Buffer.alloc(5)])
      aad.writeUInt32BE(i, 8)
      aad[12] = (i + 1) * C >= plain.length ? 1 : 0
      const c = createCipheriv('aes-256-gcm', dataKey, nonce)
      c.setAAD(aad)
      parts.push(c.update(plain.subarray(i * C, (i + 1) * C)), c.final(), c.getAuthTag())
    }
    const stored = Buffer.concat(parts)
    expect((await decrypt(stored, dataKey, enc, plain.length)).equals(plain)).toBe(true)
    // And the streams seal the same bytes.
    expect((await collect(source(plain, [777]).pipe(createEncryptStream(dataKey, enc)))).equals(stored)).toBe(true)
  })

  it('given WebCrypto, then encrypt copies its input before it returns (the sealing streams reuse their buffer)', async () => {
    const key = await webcrypto.subtle.importKey('raw', randomBytes(32), 'AES-GCM', false, ['encrypt', 'decrypt'])
    const algorithm = { name: 'AES-GCM', iv: randomBytes(12) }
    const plain = randomBytes(D)
    const input = Buffer.from(plain)
    const sealing = webcrypto.subtle.encrypt(algorithm, key, input)
    input.fill(0)
    const sealed = Buffer.from(await sealing)
    expect(Buffer.from(await webcrypto.subtle.decrypt(algorithm, key, sealed)).equals(plain)).toBe(true)
  })
})

describe('sealed chunks lent (uploads, loans.ts)', () => {
  const D = CHUNK_SIZE
  /** Chunks from this size up are sealed in lent slots (chunk-sealer.ts's LEND_MIN). */
  const LEND = 256 * 1024
  const plain = randomBytes(12 * D + 999)

  /** Seals `plain` in 64 KiB pieces with a lender of `slots`, into a consumer that gives each chunk back after copying it, or keeps it. */
  async function seal(consumer: 'gives back' | 'keeps', slots: number) {
    const { dataKey, enc } = fileKey(D)
    const lender = new Lender(new ChunkSlots(D + TAG_SIZE, slots))
    const out: Buffer[] = []
    const memory = new Set<ArrayBufferLike>()
    await pipeline(
      source(plain, [65_536]),
      createEncryptStream(dataKey, enc, undefined, lender),
      new Writable({
        write(chunk: Buffer, _e, done) {
          // The large chunks' memory (the header and the 999-byte last chunk are never lent).
          if (chunk.length > 100_000) memory.add(chunk.buffer)
          out.push(consumer === 'keeps' ? chunk : Buffer.from(chunk))
          if (consumer === 'gives back') giveBack(chunk)
          // Later, as a disk write would: the sealer runs on meanwhile.
          setImmediate(done)
        },
      }),
    )
    lender.close()
    return { dataKey, enc, stored: Buffer.concat(out), memory }
  }

  it('given a consumer that gives chunks back, then the large chunks come from the lent memory and the blob is right', async () => {
    const { dataKey, enc, stored, memory } = await seal('gives back', 16)
    expect(memory.size).toBe(1)
    expect((await decrypt(stored, dataKey, enc, plain.length)).equals(plain)).toBe(true)
  })

  /** What `stream` emits, each chunk copied and then given back (as the disk writer does). */
  async function collectGivingBack(stream: Readable | Transform): Promise<Buffer> {
    const out: Buffer[] = []
    for await (const chunk of stream) {
      out.push(Buffer.from(chunk as Buffer))
      giveBack(chunk as Buffer)
    }
    return Buffer.concat(out)
  }

  it.each([
    [0, [65_536]],
    [LEND - 1, [65_536]],
    [D, [65_536]],
    [D + 1, [D + 1]],
    [3 * D + 17, [D]],
    [3 * D + 17, [65_536, 1, D + 3]],
  ])(
    'given %i bytes in pieces of %j, then sealing in lent slots writes the same bytes as WebCrypto',
    async (size, pieces) => {
      const { dataKey, enc } = fileKey(D)
      const lender = new Lender(new ChunkSlots(D + TAG_SIZE, 16))
      const lent = await collectGivingBack(
        source(plain.subarray(0, size), pieces).pipe(createEncryptStream(dataKey, enc, undefined, lender)),
      )
      lender.close()
      const plainly = await collect(source(plain.subarray(0, size), pieces).pipe(createEncryptStream(dataKey, enc)))
      expect(lent.equals(plainly)).toBe(true)
    },
  )

  it('given a file sealed in pieces with lent slots, then the pieces together are the blob one stream seals', async () => {
    const size = 4 * D + 1234
    const { dataKey, enc } = fileKey(D)
    const whole = await collect(source(plain.subarray(0, size), [65_536]).pipe(createEncryptStream(dataKey, enc)))
    for (const cuts of [[1], [D], [D - 1, 2 * D + 5], [300_000, 300_001, 3 * D]]) {
      const out: Buffer[] = []
      let index = 0
      let held: Buffer = Buffer.alloc(0)
      let at = 0
      for (const end of [...cuts, size]) {
        const lender = new Lender(new ChunkSlots(D + TAG_SIZE, 16))
        const sealing = new StagedEncryptStream(dataKey, enc, { plainSize: size, index, held }, lender)
        out.push(await collectGivingBack(source(plain.subarray(at, end), [65_536]).pipe(sealing)))
        lender.close()
        held = sealing.rest()
        index = sealing.chunkIndex
        at = end
      }
      expect(Buffer.concat(out).equals(whole)).toBe(true)
    }
  })

  it('given a consumer that keeps every chunk, then no lent memory is reused under it and the blob is right', async () => {
    const { dataKey, enc, stored, memory } = await seal('keeps', 4)
    // The 4 slots, then a buffer of its own for each of the other 8 large chunks.
    expect(memory.size).toBe(1 + 8)
    expect((await decrypt(stored, dataKey, enc, plain.length)).equals(plain)).toBe(true)
  })
})

describe('a consumer that stalls (a slow disk, an S3 part on its way)', () => {
  const D = CHUNK_SIZE
  const size = 24 * D + 999
  const plain = randomBytes(size)

  /**
   * Pieces of 64 KiB a millisecond apart, as a socket delivers them: each sealing job has finished
   * before the next chunk is complete, so its output is pushed between writes, never during one.
   */
  function arriving(data: Buffer): Readable & { sent: number } {
    let at = 0
    const stream = new Readable({
      read() {
        setTimeout(() => {
          const piece = data.subarray(at, at + 65_536)
          at += piece.length
          stream.sent = at
          this.push(piece.length > 0 ? piece : null)
        }, 1)
      },
    }) as Readable & { sent: number }
    stream.sent = 0
    return stream
  }

  /** Waits until `stream` has taken nothing more for 100 ms (at most 3 s), and says how much it took. */
  async function settled(stream: { sent: number }): Promise<number> {
    for (let last = -1, t = 0; t < 3000; t += 100) {
      if (stream.sent === last) break
      last = stream.sent
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    return stream.sent
  }

  /** Pipes `plain` through `sealing` into a sink that holds its first write until released; what was taken meanwhile, then the whole output. */
  async function throughStall(sealing: Transform): Promise<{ takenWhileStalled: number; stored: Buffer }> {
    const src = arriving(plain)
    const out: Buffer[] = []
    let release: (() => void) | undefined
    const sink = new Writable({
      highWaterMark: D,
      write(chunk: Buffer, _e, done) {
        out.push(Buffer.from(chunk))
        if (out.length === 2)
          release = done // the first chunk after the header: the disk stops
        else done()
      },
    })
    const finished = pipeline(src, sealing, sink)
    const takenWhileStalled = await settled(src)
    expect(release).toBeDefined()
    release!()
    await finished
    return { takenWhileStalled, stored: Buffer.concat(out) }
  }

  it('given an upload whose consumer stalls, then the sealing stream stops taking plaintext and, once it resumes, the blob is whole', async () => {
    const { dataKey, enc } = fileKey(D)
    const { takenWhileStalled, stored } = await throughStall(createEncryptStream(dataKey, enc))
    // A chunk being gathered, three being sealed and one waiting for the consumer, and the buffers between: before, the whole upload (24 MiB).
    expect(takenWhileStalled).toBeLessThanOrEqual(8 * D)
    expect((await decrypt(stored, dataKey, enc, size)).equals(plain)).toBe(true)
  })

  it('given a resumable piece whose consumer stalls, then the staged sealing stream stops taking plaintext too', async () => {
    const { dataKey, enc } = fileKey(D)
    const sealing = new StagedEncryptStream(dataKey, enc, { plainSize: size, index: 0, held: Buffer.alloc(0) })
    const { takenWhileStalled, stored } = await throughStall(sealing)
    expect(takenWhileStalled).toBeLessThanOrEqual(8 * D)
    expect(sealing.rest().length).toBe(0)
    expect((await decrypt(stored, dataKey, enc, size)).equals(plain)).toBe(true)
  })
})

describe('opening in worker threads (downloads)', () => {
  const D = CHUNK_SIZE
  const big = randomBytes(3 * D + 300_000)

  /**
   * Feeds stored bytes to updateInThreads in reads of `size`, reusing one buffer (as
   * PlaintextStream does); the plaintext in order. `borrowed` collects, per chunk, whether it
   * opened in a thread's slot.
   */
  async function openInThreads(
    stored: Buffer,
    dataKey: Buffer,
    enc: string,
    plainSize: number,
    size: number,
    range?: ByteRange,
    borrowed: boolean[] = [],
  ) {
    const d = new Decryptor(dataKey, enc, { plainSize, ...(range ? { range } : {}) })
    const read = Buffer.alloc(size)
    const parts: Buffer[] = []
    for (let at = 0; at < stored.length; at += size) {
      const n = stored.copy(read, 0, at, at + size)
      const opening = d.updateInThreads(read.subarray(0, n), true)
      // The read buffer is reused at once: what was handed over must already be copied.
      read.fill(0xee)
      // As PlaintextStream does: each chunk's memory is released once its bytes were sent on.
      for (const chunk of await Promise.all(opening)) {
        parts.push(Buffer.from(chunk.plain))
        borrowed.push(chunk.borrowed)
        chunk.release()
      }
    }
    d.final()
    return Buffer.concat(parts)
  }

  it.each([
    ['one chunk a read', D + TAG_SIZE],
    ['reads across chunk boundaries', 700_001],
    ['many chunks a read', 5 * D],
  ])('given %s, then the same bytes as opening here', async (_name, size) => {
    const { dataKey, enc, stored } = await encrypt(big, [D], D)
    expect((await openInThreads(stored, dataKey, enc, big.length, size)).equals(big)).toBe(true)
  })

  it('given more chunks than slots, each released once sent, then every chunk opens in a slot', async () => {
    const many = randomBytes(12 * D + 5)
    const { dataKey, enc, stored } = await encrypt(many, [D], D)
    const borrowed: boolean[] = []
    expect(
      (await openInThreads(stored, dataKey, enc, many.length, D + TAG_SIZE, undefined, borrowed)).equals(many),
    ).toBe(true)
    // The last chunk (5 bytes) opens here: it is smaller than a hand-over is worth.
    expect(borrowed).toEqual([...Array<boolean>(12).fill(true), false])
  })

  it('given every slot still held, then further chunks open here and are still right', async () => {
    const many = randomBytes(8 * D)
    const { dataKey, enc, stored } = await encrypt(many, [D], D)
    const opened = await Promise.all(new Decryptor(dataKey, enc, { plainSize: many.length }).updateInThreads(stored))
    expect(opened.map((c) => c.borrowed)).toEqual([true, true, true, true, true, false, false, false])
    expect(Buffer.concat(opened.map((c) => c.plain)).equals(many)).toBe(true)
  })

  it('given ranges, then exactly those bytes', async () => {
    const { dataKey, enc, stored } = await encrypt(big, [D], D)
    for (const range of [
      { start: 5, end: 9 },
      { start: D - 5, end: 2 * D + 5 },
      { start: D, end: big.length - 1 },
    ]) {
      const sr = storedRange(range, big.length, enc)
      const part = await openInThreads(stored.subarray(sr.start, sr.end + 1), dataKey, enc, big.length, 600_000, range)
      expect(part.equals(big.subarray(range.start, range.end + 1))).toBe(true)
    }
  })

  it('given a flipped byte in a chunk, then that chunk is a CipherError naming it and the chunks before it open', async () => {
    const { dataKey, enc, stored } = await encrypt(big, [D], D)
    const bad = Buffer.from(stored)
    const at = HEADER_SIZE + 2 * (D + TAG_SIZE) + 1234
    bad[at] = bad[at]! ^ 0x01
    const d = new Decryptor(dataKey, enc, { plainSize: big.length })
    const opened = await Promise.allSettled(d.updateInThreads(bad))
    expect(opened.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled'])
    const failure = (opened[2] as PromiseRejectedResult).reason as Error
    expect(failure).toBeInstanceOf(CipherError)
    expect(failure.message).toMatch(/^chunk 2 failed authentication/)
    expect((opened[1] as PromiseFulfilledResult<OpenedChunk>).value.plain.equals(big.subarray(D, 2 * D))).toBe(true)
  })

  it('given a large chunk and a small one both tampered in one read, then both promises reject and nothing throws', async () => {
    const plain = big.subarray(0, D + 1000)
    const { dataKey, enc, stored } = await encrypt(plain, [D], D)
    const bad = Buffer.from(stored)
    bad[HEADER_SIZE + 10] = bad[HEADER_SIZE + 10]! ^ 0x01
    bad[bad.length - 20] = bad[bad.length - 20]! ^ 0x01
    const opened = await Promise.allSettled(
      new Decryptor(dataKey, enc, { plainSize: plain.length }).updateInThreads(bad),
    )
    expect(opened.map((r) => r.status === 'rejected' && r.reason instanceof CipherError)).toEqual([true, true])
  })

  it('given a wrong data key, then every chunk fails', async () => {
    const { enc, stored } = await encrypt(big, [D], D)
    const opened = await Promise.allSettled(
      new Decryptor(randomBytes(32), enc, { plainSize: big.length }).updateInThreads(stored),
    )
    expect(opened.every((r) => r.status === 'rejected' && r.reason instanceof CipherError)).toBe(true)
  })

  it('given small chunks (files sealed with 64 KiB chunks), then they open as well', async () => {
    const plain = pool.subarray(0, 3 * C + 5)
    const { dataKey, enc, stored } = await encrypt(plain)
    const out = await openInThreads(stored, dataKey, enc, plain.length, 100_000)
    expect(out.equals(plain)).toBe(true)
  })

  it('given many downloads at once, then each gets its own bytes', async () => {
    const files = await Promise.all([0, 1, 2, 3, 4, 5].map((k) => encrypt(big.subarray(k, k + 2 * D + 1000), [D], D)))
    const outs = await Promise.all(
      files.map((f, k) => openInThreads(f.stored, f.dataKey, f.enc, 2 * D + 1000, 400_000 + k)),
    )
    outs.forEach((out, k) => expect(out.equals(big.subarray(k, k + 2 * D + 1000))).toBe(true))
  })
})

describe('memory', () => {
  it('given a 200 MB stream through encrypt and decrypt, then neither ever holds more than a few chunks', async () => {
    const total = 200 * 1024 * 1024
    const piece = 64 * 1024 + 123 // misaligned with chunks on purpose
    const inHash = createHash('sha256')
    let produced = 0
    const input = new Readable({
      read() {
        if (produced >= total) return void this.push(null)
        const n = Math.min(piece, total - produced)
        const buf = Buffer.allocUnsafe(n).fill(produced & 0xff)
        buf.writeUInt32BE(produced >>> 0, 0)
        produced += n
        inHash.update(buf)
        this.push(buf)
      },
    })
    const { dataKey, enc } = fileKey(CHUNK_SIZE)
    const encStream = createEncryptStream(dataKey, enc)
    const decStream = createDecryptStream(dataKey, enc, { plainSize: total })
    const outHash = createHash('sha256')
    let received = 0
    let maxHeld = 0
    const sink = new Writable({
      write(chunk: Buffer, _e, done) {
        received += chunk.length
        outHash.update(chunk)
        // Everything either transform is holding: its input queue, its pending chunk, its output queue.
        const held =
          encStream.writableLength +
          encStream.heldBytes +
          encStream.readableLength +
          decStream.writableLength +
          decStream.heldBytes +
          decStream.readableLength
        maxHeld = Math.max(maxHeld, held)
        done()
      },
    })
    await pipeline(input, encStream, decStream, sink)
    expect(received).toBe(total)
    expect(outHash.digest('hex')).toBe(inHash.digest('hex'))
    expect(maxHeld).toBeGreaterThan(0)
    // Each side: a chunk gathering, the chunks being sealed or opened, what waits to be read.
    expect(maxHeld).toBeLessThan(8 * CHUNK_SIZE) // < 8 MiB against 200 MB streamed
  }, 120_000)
})

describe('a file sealed in pieces (resumable uploads)', () => {
  /** Seals `plain` piece by piece, carrying each piece's unsealed rest to the next as a sealed note. */
  async function sealInPieces(plain: Buffer, cuts: number[], dataKey: Buffer, enc: string) {
    const out: Buffer[] = []
    let index = 0
    let note: Buffer | undefined
    const ends = [...cuts.filter((c) => c > 0 && c < plain.length).sort((a, b) => a - b), plain.length]
    let at = 0
    for (const end of ends) {
      const held = note ? openNote(dataKey, note).plain : Buffer.alloc(0)
      const sealing = new StagedEncryptStream(dataKey, enc, { plainSize: plain.length, index, held })
      out.push(await collect(source(plain.subarray(at, end), [7777]).pipe(sealing)))
      const rest = sealing.rest()
      note = rest.length > 0 ? sealNote(dataKey, sealing.chunkIndex, rest) : undefined
      index = sealing.chunkIndex
      at = end
    }
    expect(note).toBeUndefined()
    return Buffer.concat(out)
  }

  // 40 runs of up to three chunks streamed in 7,777-byte pieces: CPU-bound, so its hang guard
  // allows for a machine shared with another worker.
  it(
    'given any cuts, then the pieces together are byte for byte the blob one stream seals',
    { timeout: 120_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 0, max: 3 * C + 500 }),
          fc.array(fc.integer({ min: 0, max: 3 * C + 500 }), { maxLength: 6 }),
          async (size, cuts) => {
            const plain = pool.subarray(0, size)
            const { dataKey, enc } = fileKey()
            const whole = await collect(source(plain).pipe(createEncryptStream(dataKey, enc)))
            const pieced = await sealInPieces(plain, cuts, dataKey, enc)
            expect(pieced.equals(whole)).toBe(true)
            expect(await decrypt(pieced, dataKey, enc, size)).toEqual(plain)
          },
        ),
        { numRuns: 40 },
      )
    },
  )

  it('given a note altered, moved to another chunk or opened with another key, then it is refused', () => {
    const { dataKey } = fileKey()
    const note = sealNote(dataKey, 3, Buffer.from('the unsealed rest'))
    expect(openNote(dataKey, note)).toEqual({ index: 3, plain: Buffer.from('the unsealed rest') })
    const flipped = Buffer.from(note)
    flipped[20]! ^= 1
    expect(() => openNote(dataKey, flipped)).toThrow(CipherError)
    const moved = Buffer.from(note)
    moved.writeUInt32BE(4, 0)
    expect(() => openNote(dataKey, moved)).toThrow(CipherError)
    expect(() => openNote(fileKey().dataKey, note)).toThrow(CipherError)
    // Two notes of the same rest never share a nonce.
    expect(
      sealNote(dataKey, 3, Buffer.from('x'))
        .subarray(4, 16)
        .equals(sealNote(dataKey, 3, Buffer.from('x')).subarray(4, 16)),
    ).toBe(false)
  })

  it('given more bytes than the file has, then sealing fails', async () => {
    const { dataKey, enc } = fileKey()
    const sealing = new StagedEncryptStream(dataKey, enc, { plainSize: 10, index: 0, held: Buffer.alloc(0) })
    await expect(collect(source(Buffer.alloc(11)).pipe(sealing))).rejects.toThrow(CipherError)
  })
})
