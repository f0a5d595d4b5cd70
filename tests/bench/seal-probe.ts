// A micro-probe of encryption at rest's sealing alone (not part of `npm run bench`): 1 GiB of
// plaintext in 64 KiB pieces (what a socket delivers) through EncryptStream into a sink that
// drops it, per chunk size; prints wall time and CPU per GiB, the main thread's and the whole
// process's (the thread pool's jobs included). Run it with and without the malloc settings of
// scripts/malloc-tunables.mjs to see what glibc's defaults cost:
//   node --import tsx tests/bench/seal-probe.ts [chunk sizes, e.g. 65536,1048576]
//   GLIBC_TUNABLES=<MALLOC_TUNABLES> node --import tsx tests/bench/seal-probe.ts
import { randomBytes } from 'node:crypto'
import { Readable, Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { newFileKey } from '../../server/storage/cipher-keys.ts'
import { createEncryptStream } from '../../server/storage/encrypt-stream.ts'
import { mainThreadCpu, processCpu } from './lib/self-cpu.ts'

const GiB = 1 << 30
const master = randomBytes(32)
const piece = randomBytes(64 << 10)

async function seal(chunkSize: number) {
  const { dataKey, enc } = newFileKey(master, chunkSize)
  const source = Readable.from(
    (function* () {
      for (let i = 0; i < GiB / piece.length; i++) yield piece
    })(),
  )
  const sink = new Writable({ write: (_chunk, _encoding, done) => done() })
  const m0 = mainThreadCpu()
  const a0 = processCpu()
  const t0 = performance.now()
  await pipeline(source, createEncryptStream(dataKey, enc), sink)
  return { wall: (performance.now() - t0) / 1000, main: mainThreadCpu() - m0, all: processCpu() - a0 }
}

console.log(`GLIBC_TUNABLES=${process.env.GLIBC_TUNABLES ?? '(unset)'}`)
const sizes = (process.argv[2] ?? '65536,262144,1048576').split(',').map(Number)
for (let round = 0; round < 2; round++) {
  for (const size of sizes) {
    const r = await seal(size)
    console.log(
      `chunks of ${size >> 10} KiB: ${r.wall.toFixed(2)} s wall, CPU ${r.main.toFixed(2)} s main thread, ${r.all.toFixed(2)} s in all, per GiB`,
    )
  }
}
