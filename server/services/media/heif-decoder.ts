// Decodes HEIF/HEIC (iPhone photos: HEVC, which sharp's prebuilt libvips cannot decode): with the
// system's libheif when it is installed (heif-cli.ts, a child process), else with heic-decode,
// libheif compiled to WASM, in a worker thread of its own. This module picks one. Not on the main thread:
// one 12 MP photo is ~2.5 s of synchronous WASM that would stall every request. In a worker, a
// decode that runs too long is really stopped (terminate), and the WASM heap, which only grows to
// the largest photo decoded so far, is handed back when the thread ends after a quiet spell.
import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'
import sharp from 'sharp'
import { type DecodedJpeg, decodeWithCli, findHeifCli } from './heif-cli.ts'

export type { DecodedJpeg }

/** A decode taking longer is killed: a 40 MP photo decodes in well under this on one core. */
const DECODE_TIMEOUT_MS = 60_000
/** The thread (and its WASM heap) is ended once no photo has come for this long. */
const IDLE_MS = 15_000

/**
 * CommonJS run with `eval`, so there is one thing to ship whether the server runs from source or
 * from its bundle; heic-decode is resolved by the main thread. The pixel cap is checked on the
 * image's declared size (its ispe box, with rotation) before a single pixel is decoded.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const decode = require(workerData.heicDecode)
// libheif logs a broken file's error to the console; the error is answered to the job instead.
console.log = console.error = () => {}
parentPort.on('message', async ({ id, bytes, pixelLimit }) => {
  let images
  try {
    images = await decode.all({ buffer: bytes })
    const primary = images[0]
    const pixels = primary.width * primary.height
    if (!(pixels > 0)) throw new Error('HEIF image has no size')
    if (pixels > pixelLimit) throw new Error('HEIF image of ' + primary.width + 'x' + primary.height + ' is past the pixel cap')
    const { width, height, data } = await primary.decode()
    parentPort.postMessage({ id, width, height, data }, [data.buffer])
  } catch (err) {
    parentPort.postMessage({ id, error: String((err && err.message) || err) })
  } finally {
    if (images) images.dispose()
  }
})
`

/** The WASM build's answer: RGBA pixels, orientation (irot/imir) applied. */
export interface DecodedRaw {
  width: number
  height: number
  channels: 4
  data: Uint8Array
}

export type DecodedHeif = DecodedRaw | DecodedJpeg

/** Which decoder does the work. */
export type HeifBackend = 'system' | 'wasm'

/** The declared size after rotation (boxes only, no pixel decoded), refused past the cap. */
async function checkDeclaredSize(bytes: Buffer, pixelLimit: number): Promise<void> {
  let meta
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata()
  } catch (err) {
    throw new Error(`Not a readable HEIF image: ${(err as Error).message}`, { cause: err })
  }
  const { width, height } = meta.autoOrient ?? meta
  if (!width || !height) throw new Error('HEIF image has no size')
  if (width * height > pixelLimit) throw new Error(`HEIF image of ${width}x${height} is past the pixel cap`)
}

interface Reply {
  id: number
  error?: string
  width?: number
  height?: number
  data?: Uint8ClampedArray
}

const heicDecodePath = () => createRequire(import.meta.url).resolve('heic-decode')

export interface HeifDecoderOptions {
  timeoutMs?: number
  idleMs?: number
  /** The system decoder's path (findHeifCli()); without it, the WASM thread. */
  cli?: string
  /** Where the system decoder's scratch files go (the OS temp dir by default). */
  tmpDir?: string
}

/**
 * One photo at a time (a decode holds up to 4 bytes a pixel twice), in the system decoder's
 * process or in one decoding thread.
 */
export function createHeifDecoder(opts: HeifDecoderOptions = {}) {
  const timeoutMs = opts.timeoutMs ?? DECODE_TIMEOUT_MS
  let worker: Worker | undefined
  let idleTimer: NodeJS.Timeout | undefined
  let nextId = 0
  let chain: Promise<unknown> = Promise.resolve()
  /** The job in flight and the thread it was given to (an ended thread's late exit is not its). */
  let current: { id: number; thread: Worker; resolve(r: Reply): void; reject(err: Error): void } | undefined
  /** Threads started and photos handed to them (tests: a bomb is refused before either). */
  let started = 0
  let decodes = 0

  function end(): void {
    clearTimeout(idleTimer)
    const w = worker
    worker = undefined
    if (w) void w.terminate()
  }

  function thread(): Worker {
    if (worker) return worker
    const w = new Worker(WORKER_SOURCE, {
      eval: true,
      name: 'cumulus-heif-decoder',
      workerData: { heicDecode: heicDecodePath() },
    })
    started++
    w.unref()
    w.on('message', (reply: Reply) => {
      if (current?.thread === w && current.id === reply.id) current.resolve(reply)
    })
    const lost = (err: Error) => {
      if (worker === w) worker = undefined
      if (current?.thread === w) current.reject(err)
    }
    w.on('error', lost)
    w.on('exit', (code) => lost(new Error(`HEIF decoder thread exited (${code})`)))
    worker = w
    return w
  }

  function run(bytes: Buffer, pixelLimit: number): Promise<DecodedRaw> {
    clearTimeout(idleTimer)
    const w = thread()
    const id = nextId++
    decodes++
    return new Promise<Reply>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error(`HEIF decode took over ${timeoutMs / 1000} s and was stopped`))
        end()
      }, timeoutMs)
      const settle = () => {
        clearTimeout(timer)
        current = undefined
      }
      current = {
        id,
        thread: w,
        resolve: (r) => (settle(), resolve(r)),
        reject: (e) => (settle(), reject(e)),
      }
      w.ref()
      // A copy of just the photo's bytes (a small Buffer is a view of Node's shared pool), moved.
      const copy = Uint8Array.from(bytes)
      w.postMessage({ id, bytes: copy, pixelLimit }, [copy.buffer])
    })
      .then((reply) => {
        if (reply.error || !reply.data) throw new Error(reply.error ?? 'HEIF decode gave no pixels')
        return {
          width: reply.width!,
          height: reply.height!,
          channels: 4 as const,
          data: new Uint8Array(reply.data.buffer),
        }
      })
      .finally(() => {
        if (worker) {
          worker.unref()
          idleTimer = setTimeout(end, opts.idleMs ?? IDLE_MS)
          idleTimer.unref()
        }
      })
  }

  return {
    /** The primary image; rejects past the pixel cap (before decoding), on a broken file, or past the time limit. */
    decode(bytes: Buffer, pixelLimit: number, scratch?: { tmpDir: string }): Promise<DecodedHeif> {
      const job = chain.then(async () => {
        await checkDeclaredSize(bytes, pixelLimit)
        if (!opts.cli) return run(bytes, pixelLimit)
        decodes++
        // The job's scratch space (the server's TMP dir, as ffmpeg's), else the decoder's own.
        return decodeWithCli(opts.cli, bytes, { timeoutMs, tmpDir: scratch?.tmpDir ?? opts.tmpDir })
      })
      chain = job.catch(() => undefined)
      return job
    },
    get backend(): HeifBackend {
      return opts.cli ? 'system' : 'wasm'
    },
    get threadsStarted(): number {
      return started
    },
    get decodes(): number {
      return decodes
    },
    get running(): boolean {
      return worker !== undefined
    },
    close: end,
  }
}
export type HeifDecoder = ReturnType<typeof createHeifDecoder>

/**
 * The process's decoder, shared by the queue's jobs: the system's libheif when on PATH, unless
 * HEIF_DECODER=wasm asks for the built-in one (the bench compares the two).
 */
export const heifDecoder = createHeifDecoder({
  cli: process.env.HEIF_DECODER === 'wasm' ? undefined : findHeifCli(),
})
