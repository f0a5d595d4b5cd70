// PDFs: page 1 becomes the thumbnail, its size the file's width and height, the page count goes
// in media_info. pdf.js parses uploaded bytes, which may be built to hurt: it runs in a worker
// thread of its own per job, with a V8 heap cap and a time limit after which the thread is
// terminated, so a document that spins or balloons never blocks the event loop or the process.
import { createRequire } from 'node:module'
import type { Readable } from 'node:stream'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import sharp from 'sharp'
import { isPdfType } from '../../../util/mime.ts'
import { THUMBNAIL_SIZE } from '../images.ts'
import type { Renderer } from './renderer.ts'

/** Read at most this much: a larger PDF gets no thumbnail (the bytes sit in memory while parsed). */
export const MAX_PDF_BYTES = 200 * 1024 * 1024
/** The worker's V8 heap (pdf.js's objects); the file's bytes and the canvas are outside it. */
const WORKER_HEAP_MB = 256
/** A page 1 taking longer is given up and its thread terminated: a sane one takes well under a second. */
const PDF_TIMEOUT_MS = 30_000
/** Page 1 is drawn with its longest edge this long, then scaled down: sharper text than drawing small. */
const RENDER_EDGE = THUMBNAIL_SIZE * 2
/** CSS pixels per PDF point (96 / 72): pdf.js's "100 %" and the size the viewer lays a page out at. */
const CSS_PER_POINT = 96 / 72
/** 200 inches a side, PDF's own limit for a page without UserUnit (14,400 points). */
const MAX_PAGE_PX = 14_400 * CSS_PER_POINT

export const pdfjsUrl = pathToFileURL(createRequire(import.meta.url).resolve('pdfjs-dist/legacy/build/pdf.mjs')).href

/** How a worker opens the document (`bytes` in scope): shared by this renderer and the content index's text reader. */
export const WORKER_OPEN_DOCUMENT = `  const doc = await pdfjs.getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    enableXfa: false,
    disableFontFace: true,
    useSystemFonts: false,
    useWorkerFetch: false,
    disableAutoFetch: true,
    disableStream: true,
    verbosity: 0,
  }).promise`

/**
 * The worker's code: CommonJS run with `eval`, so one thing ships whether the server runs from
 * source or from its bundle. JavaScript in the PDF never runs (isEvalSupported off, no
 * scripting, no XFA); nothing is fetched: no font, CMap or standard font data URLs are given, so
 * pdf.js falls back to its built-in glyph drawing.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
;(async () => {
  const pdfjs = await import(workerData.pdfjsUrl)
  const { bytes, edge, pixelLimit } = workerData
${WORKER_OPEN_DOCUMENT}
  const pages = doc.numPages
  const page = await doc.getPage(1)
  const base = page.getViewport({ scale: 1 })
  if (!(base.width > 0 && base.height > 0 && Number.isFinite(base.width * base.height))) throw new Error('page 1 has no size')
  const scale = Math.min(edge / Math.max(base.width, base.height), Math.sqrt(pixelLimit / (base.width * base.height)))
  const viewport = page.getViewport({ scale })
  const width = Math.max(1, Math.round(viewport.width))
  const height = Math.max(1, Math.round(viewport.height))
  const { canvas, context } = doc.canvasFactory.create(width, height)
  await page.render({ canvas, canvasContext: context, viewport, background: 'rgb(255,255,255)', annotationMode: pdfjs.AnnotationMode.ENABLE }).promise
  const rgba = context.getImageData(0, 0, width, height).data
  const out = new Uint8Array(rgba.length)
  out.set(rgba)
  parentPort.postMessage({ pages, pageWidth: base.width, pageHeight: base.height, width, height, rgba: out }, [out.buffer])
  await doc.destroy()
})().catch((err) => parentPort.postMessage({ error: String((err && err.name) || 'Error') + ': ' + String((err && err.message) || err) }))
`

interface PageOne {
  pages: number
  /** Page 1 in points, after its /Rotate. */
  pageWidth: number
  pageHeight: number
  /** The drawn page's pixels. */
  width: number
  height: number
  rgba: Uint8Array
}

/** Reads the whole PDF, refused past MAX_PDF_BYTES (pdf.js needs it all: the xref sits at the end). */
export async function readPdf(source: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of source) {
    size += (chunk as Buffer).length
    if (size > MAX_PDF_BYTES) {
      source.destroy()
      throw new Error(`PDF larger than ${MAX_PDF_BYTES / 1024 / 1024} MB`)
    }
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks)
}

/**
 * Runs `source` (CommonJS, its workerData holding `pdfjsUrl`, `bytes` and `extra`'s fields) in a
 * worker thread of its own with the heap cap, handing it the PDF's bytes; resolves with the
 * first message it posts, rejects on `{ error }`, the heap cap or the time limit (then the thread
 * is terminated). The thumbnail and the content index's text both run pdf.js this way.
 */
export function runPdfWorker<T>(
  source: string,
  bytes: Buffer,
  extra: Record<string, unknown>,
  timeoutMs: number,
  what: string,
): Promise<T> {
  // Handed over, not copied, when the Buffer owns its whole memory (a large Buffer.concat does);
  // else a copy of its own. The worker then owns it, and it is freed with the thread.
  const owns =
    bytes.byteOffset === 0 &&
    bytes.byteLength === bytes.buffer.byteLength &&
    !(bytes.buffer instanceof SharedArrayBuffer)
  const data = owns ? new Uint8Array(bytes.buffer as ArrayBuffer) : Uint8Array.from(bytes)
  return new Promise((resolve, reject) => {
    const worker = new Worker(source, {
      eval: true,
      name: 'cumulus-pdf',
      workerData: { pdfjsUrl, bytes: data.buffer, ...extra },
      transferList: [data.buffer],
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
    })
    let settled = false
    const finish = (fn: () => void) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      fn()
      void worker.terminate()
    }
    const timer = setTimeout(
      () => finish(() => reject(new Error(`pdf.js did not ${what} within ${timeoutMs / 1000} s`))),
      timeoutMs,
    )
    worker.on('message', (msg: T | { error: string }) =>
      finish(() =>
        msg && typeof msg === 'object' && 'error' in msg ? reject(new Error(String(msg.error))) : resolve(msg as T),
      ),
    )
    // ERR_WORKER_OUT_OF_MEMORY when the heap cap is hit.
    worker.on('error', (err) => finish(() => reject(err)))
    worker.on('exit', (code) => finish(() => reject(new Error(`pdf worker exited (${code})`))))
  })
}

/** Draws page 1 in a worker thread of its own; rejects on a parse error, the heap cap or the time limit. */
export function renderPageOne(bytes: Buffer, pixelLimit: number, timeoutMs = PDF_TIMEOUT_MS): Promise<PageOne> {
  return runPdfWorker<PageOne>(WORKER_SOURCE, bytes, { edge: RENDER_EDGE, pixelLimit }, timeoutMs, 'draw page 1')
}

export const pdfRenderer: Renderer = {
  name: 'pdf',
  accepts: isPdfType,
  async render(file, source, ctx) {
    const bytes = await readPdf(source)
    ctx.at.stage = 'decoding'
    const page = await renderPageOne(bytes, ctx.pixelLimit)
    const thumbnail = file.thumbnail_key
      ? undefined
      : await sharp(page.rgba, { raw: { width: page.width, height: page.height, channels: 4 } })
          .flatten({ background: '#ffffff' })
          .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 75 })
          .toBuffer()
    // Width and height: page 1 in CSS pixels at 100 % zoom (points × 96/72), as the viewer lays it
    // out; a page past any paper size (a bomb's MediaBox) records none.
    const width = Math.max(1, Math.round(page.pageWidth * CSS_PER_POINT))
    const height = Math.max(1, Math.round(page.pageHeight * CSS_PER_POINT))
    const sane = Math.max(width, height) <= MAX_PAGE_PX
    return { ...(thumbnail && { thumbnail }), ...(sane && { width, height }), info: { pages: page.pages } }
  },
}
