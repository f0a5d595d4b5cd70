// A micro-probe of opening (decrypting) sealed 1 MiB chunks alone (not part of `npm run bench`):
// 1 GiB through the Decryptor on the main thread (`update`), in worker threads
// (`updateInThreads`, chunk-opener.ts), and in WebCrypto jobs for comparison; wall time and CPU
// per GiB, the main thread's and the whole process's. Run it with the malloc settings the server
// has (scripts/malloc-tunables.mjs):
//   GLIBC_TUNABLES=<MALLOC_TUNABLES> node --import tsx tests/bench/open-probe.ts
import { randomBytes, webcrypto } from 'node:crypto'
import { Readable, Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { CHUNK_SIZE, HEADER_SIZE, TAG_SIZE } from '../../server/storage/cipher-format.ts'
import { newFileKey } from '../../server/storage/cipher-keys.ts'
import { Decryptor } from '../../server/storage/decryptor.ts'
import { createEncryptStream } from '../../server/storage/encrypt-stream.ts'
import { mainThreadCpu, processCpu } from './lib/self-cpu.ts'

const GiB = 1 << 30
const SIZE = 256 << 20

const { dataKey, enc } = newFileKey(randomBytes(32), CHUNK_SIZE)
const parts: Buffer[] = []
const plain = (function* () {
  for (let i = 0; i < SIZE / 65536; i++) yield randomBytes(65536)
})()
await pipeline(
  Readable.from(plain),
  createEncryptStream(dataKey, enc),
  new Writable({ write: (c: Buffer, _e, done) => done(void parts.push(c)) }),
)
const stored = Buffer.concat(parts)
const frame = CHUNK_SIZE + TAG_SIZE
// One reused read buffer of one chunk, as PlaintextStream reads a blob file.
const read = Buffer.allocUnsafeSlow(frame)

async function measure(name: string, once: () => Promise<number>) {
  for (let round = 0; round < 3; round++) {
    const t = performance.now()
    const [m, a] = [mainThreadCpu(), processCpu()]
    for (let r = 0; r < GiB / SIZE; r++) if ((await once()) !== SIZE) throw new Error(`${name}: wrong size`)
    console.log(
      `${name.padEnd(16)} wall ${((performance.now() - t) / 1000).toFixed(2)} s/GiB, main thread ${(mainThreadCpu() - m).toFixed(2)}, all threads ${(processCpu() - a).toFixed(2)}`,
    )
  }
}

await measure('update (main)', async () => {
  const d = new Decryptor(dataKey, enc, { plainSize: SIZE })
  let n = d.update(stored.subarray(0, HEADER_SIZE)).length
  for (let at = HEADER_SIZE; at < stored.length; at += frame) {
    stored.copy(read, 0, at, at + frame)
    for (const p of d.update(read, true)) n += p.length
  }
  d.final()
  return n
})

await measure('updateInThreads', async () => {
  const d = new Decryptor(dataKey, enc, { plainSize: SIZE })
  d.updateInThreads(stored.subarray(0, HEADER_SIZE))
  // Three reads opening at once, as PlaintextStream keeps them.
  const opening: Promise<{ plain: Buffer; release: () => void }[]>[] = []
  let n = 0
  const settle = async () => {
    for (const chunk of await opening.shift()!) {
      n += chunk.plain.length
      chunk.release()
    }
  }
  for (let at = HEADER_SIZE; at < stored.length; at += frame) {
    stored.copy(read, 0, at, at + frame)
    opening.push(Promise.all(d.updateInThreads(read, true)))
    if (opening.length === 3) await settle()
  }
  while (opening.length) await settle()
  d.final()
  return n
})

// WebCrypto decrypt jobs (libuv's pool), three in flight: what storage/decryptor.ts does not use for opening.
const key = await webcrypto.subtle.importKey('raw', dataKey, 'AES-GCM', false, ['decrypt'])
const nonceBase = Buffer.from(enc.split('.')[2]!, 'base64url')
const algorithm = (i: number, final: boolean) => {
  const iv = Buffer.alloc(12)
  nonceBase.copy(iv)
  iv.writeUInt32BE(i, 8)
  const aad = Buffer.alloc(HEADER_SIZE + 5)
  stored.copy(aad, 0, 0, HEADER_SIZE)
  aad.writeUInt32BE(i, HEADER_SIZE)
  aad[HEADER_SIZE + 4] = final ? 1 : 0
  return { name: 'AES-GCM', iv, additionalData: aad, tagLength: 128 }
}
await measure('WebCrypto jobs', async () => {
  const running: Promise<ArrayBuffer>[] = []
  const chunks = SIZE / CHUNK_SIZE
  let n = 0
  for (let i = 0; i < chunks; i++) {
    stored.copy(read, 0, HEADER_SIZE + i * frame, HEADER_SIZE + (i + 1) * frame)
    running.push(webcrypto.subtle.decrypt(algorithm(i, i === chunks - 1), key, read))
    if (running.length === 3) n += (await running.shift()!).byteLength
  }
  for (const job of running) n += (await job).byteLength
  return n
})
