// The app phase of `npm run bench` (DESIGN.md §6 "App"): the built app, served by Cumulus, opened
// in Chromium on a 10,000-file folder. Measured per visit: the time from the first list page's
// arrival to the first cards in the DOM, long tasks over 50 ms, and how many items the DOM holds.
// The in-run baseline is the same visit to a folder of 1 file, so the ratio shows what the size costs.
import { chromium } from '@playwright/test'
import type { Row } from './lib/report.ts'

export interface AppVisit {
  /** ms from the first /file-service/list response end to the first card in the DOM. */
  cardsAfterData: number
  /** ms from navigation start to the first card. */
  cardsAfterNavigation: number
  longTasks: number[]
  domItems: number
}

export interface AppPhaseOptions {
  port: number
  email: string
  password: string
  bigFolder: string
  smallFolder: string
  runs: number
  log: (msg: string) => void
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

/** Runs in the page before the app: notes long tasks and the first card's arrival. */
function instrument() {
  const w = window as unknown as { __bench: { longTasks: number[]; firstCard?: number } }
  w.__bench = { longTasks: [] }
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) w.__bench.longTasks.push(entry.duration)
  }).observe({ type: 'longtask', buffered: true })
  new MutationObserver((_, observer) => {
    if (document.querySelector('[data-collection-item]')) {
      w.__bench.firstCard = performance.now()
      observer.disconnect()
    }
  }).observe(document, { childList: true, subtree: true })
}

export async function appPhase(o: AppPhaseOptions): Promise<Row[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  })
  try {
    const base = `http://127.0.0.1:${o.port}`
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    const browserId = crypto.randomUUID()
    await context.addInitScript((id) => {
      localStorage.setItem('browser-id', id)
      localStorage.setItem('hasPreviouslyLoggedIn', 'true')
    }, browserId)
    await context.addInitScript(instrument)
    const login = await context.request.post(`${base}/user-service/login`, { data: { email: o.email, password: o.password }, headers: { uuid: browserId } })
    if (!login.ok()) throw new Error(`bench login failed: ${login.status()}`)
    const page = await context.newPage()

    const visit = async (folder: string): Promise<AppVisit> => {
      await page.goto(`${base}/folder/${folder}`)
      await page.waitForFunction(() => (window as unknown as { __bench: { firstCard?: number } }).__bench.firstCard !== undefined, null, { timeout: 30_000 })
      await page.waitForTimeout(500)
      return page.evaluate(() => {
        const bench = (window as unknown as { __bench: { longTasks: number[]; firstCard: number } }).__bench
        const list = performance.getEntriesByType('resource').find((e) => e.name.includes('/file-service/list')) as PerformanceResourceTiming
        return {
          cardsAfterData: bench.firstCard - list.responseEnd,
          cardsAfterNavigation: bench.firstCard,
          longTasks: bench.longTasks,
          domItems: document.querySelectorAll('[data-collection-item]').length,
        }
      })
    }

    // The first visit warms the caches (chunks, fonts); it is not counted.
    await visit(o.smallFolder)
    const small: AppVisit[] = []
    const big: AppVisit[] = []
    for (let i = 0; i < o.runs; i++) {
      small.push(await visit(o.smallFolder))
      big.push(await visit(o.bigFolder))
      o.log(`app visit ${i + 1}/${o.runs}: 10k folder first cards ${big.at(-1)!.cardsAfterData.toFixed(0)} ms after data (1-file folder ${small.at(-1)!.cardsAfterData.toFixed(0)} ms)`)
    }
    const after = (vs: AppVisit[]) => median(vs.map((v) => v.cardsAfterData))
    const longest = Math.max(0, ...big.flatMap((v) => v.longTasks))
    const dom = Math.max(...big.map((v) => v.domItems))
    return [
      { metric: 'app: 10k folder, first cards after data (median)', unit: 'ms', cumulus: +after(big).toFixed(0), baseline: +after(small).toFixed(0), ratio: after(big) / Math.max(1, after(small)), budget: '≤ 500 ms', ok: after(big) <= 500 },
      { metric: 'app: 10k folder, first cards after navigation', unit: 'ms', cumulus: +median(big.map((v) => v.cardsAfterNavigation)).toFixed(0), baseline: +median(small.map((v) => v.cardsAfterNavigation)).toFixed(0) },
      { metric: 'app: longest task while opening (10k folder)', unit: 'ms', cumulus: +longest.toFixed(0), budget: '≤ 50 ms', ok: longest <= 50 },
      { metric: 'app: items in the DOM (10k folder)', unit: 'items', cumulus: dom, budget: 'bounded', ok: dom < 500 },
    ]
  } finally {
    await browser.close()
  }
}
