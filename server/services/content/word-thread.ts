// The content queue folds a document's text into its index words in a worker thread: for 1 MiB
// of text that is ~50 ms of NFKD, regex and Set work (measured on this machine), which on the main
// thread held every upload and listing behind it. One thread, started on the first document and
// unref'd while idle; it runs util/text-fold.ts's own functions (their source), so what it indexes
// is folded exactly as searches are. Should the thread die, words are made on the main thread:
// slower, never lost.
import { Worker } from 'node:worker_threads'
import type { WordLimits } from '../../repositories/content-index.ts'
import { distinctWords, foldSource } from '../../util/text-fold.ts'

const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads')
${foldSource.code}
parentPort.on('message', ({ id, text, maxBytes, maxWordLength }) => {
  parentPort.postMessage({ id, words: ${foldSource.entry}(text, maxBytes, maxWordLength) })
})
`

interface Reply {
  id: number
  words: string
}

export function createWordThread(onLost: (err: Error) => void = () => {}) {
  let worker: Worker | undefined
  let nextId = 0
  const jobs = new Map<number, (words: string | undefined) => void>()

  function thread(): Worker {
    if (worker) return worker
    const w = new Worker(WORKER_SOURCE, { eval: true, name: 'cumulus-content-words' })
    w.unref()
    w.on('message', (reply: Reply) => {
      const done = jobs.get(reply.id)
      jobs.delete(reply.id)
      if (jobs.size === 0) w.unref()
      done?.(reply.words)
    })
    const lost = (err: Error) => {
      if (worker !== w) return
      worker = undefined
      onLost(err)
      // Each waiting job makes its words itself (undefined: "do it here").
      for (const done of jobs.values()) done(undefined)
      jobs.clear()
    }
    w.on('error', lost)
    w.on('exit', (code) => lost(new Error(`content word thread exited (${code})`)))
    worker = w
    return w
  }

  return {
    /** indexWords of `text` within `limits`, made in the thread. */
    async words(text: string, limits: WordLimits): Promise<string> {
      const id = nextId++
      const w = thread()
      const got = new Promise<string | undefined>((resolve) => jobs.set(id, resolve))
      if (jobs.size === 1) w.ref()
      w.postMessage({ id, text, ...limits })
      return (await got) ?? distinctWords(text, limits.maxBytes, limits.maxWordLength)
    },
    async close(): Promise<void> {
      const w = worker
      worker = undefined
      for (const done of jobs.values()) done(undefined)
      jobs.clear()
      if (w) await w.terminate()
    },
  }
}
export type WordThread = ReturnType<typeof createWordThread>
