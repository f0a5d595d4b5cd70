// Loads pdf.js on first use, so the viewers entry costs nothing until a PDF is opened, and points
// it at its worker. The worker's address is a `new URL(…, import.meta.url)` of the package's
// file: the consumer's bundler (Vite, webpack 5, Parcel) emits it as an asset; the kit's own
// build keeps the expression as it is (lib/build/keep-asset-urls.ts).
import type * as Pdfjs from 'pdfjs-dist'

export type PdfjsModule = typeof Pdfjs

let loading: Promise<PdfjsModule> | undefined

/** pdf.js, with its worker set (`workerSrc`, or the one in pdfjs-dist). */
export function loadPdfjs(workerSrc?: string): Promise<PdfjsModule> {
  loading ??= import('pdfjs-dist').then((pdfjs) => {
    if (!pdfjs.GlobalWorkerOptions.workerSrc) {
      pdfjs.GlobalWorkerOptions.workerSrc =
        workerSrc ?? new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).href
    }
    return pdfjs
  })
  return loading
}
