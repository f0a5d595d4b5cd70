// A PDF's text layer for the content index: pdf.js in a worker thread of its own (the heap cap
// and time limit of renderers/pdf.ts), page after page until `maxChars` characters are had, so
// a 500 MB text layer costs as much as its first megabyte and the thread ends with it.
import { runPdfWorker, WORKER_OPEN_DOCUMENT } from '../media/renderers/pdf.ts'

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
;(async () => {
  const pdfjs = await import(workerData.pdfjsUrl)
  const { bytes, maxChars } = workerData
${WORKER_OPEN_DOCUMENT}
  let text = ''
  for (let n = 1; n <= doc.numPages && text.length < maxChars; n++) {
    const page = await doc.getPage(n)
    const content = await page.getTextContent()
    for (const item of content.items) {
      if (typeof item.str !== 'string') continue
      text += item.str + (item.hasEOL ? '\\n' : ' ')
      if (text.length >= maxChars) break
    }
    text += '\\n'
    page.cleanup()
  }
  parentPort.postMessage({ text: text.slice(0, maxChars) })
  await doc.destroy()
})().catch((err) => parentPort.postMessage({ error: String((err && err.name) || 'Error') + ': ' + String((err && err.message) || err) }))
`

export async function pdfText(bytes: Buffer, maxChars: number, timeoutMs: number): Promise<string> {
  const { text } = await runPdfWorker<{ text: string }>(WORKER_SOURCE, bytes, { maxChars }, timeoutMs, 'read the text')
  return text
}
