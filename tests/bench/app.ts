// The app phase of `npm run bench` (DESIGN.md §6 "App"): the built app, served by Cumulus, opened
// in Chromium on a 10,000-file folder. Measured per visit: the time from the first list page's
// arrival to the first cards in the DOM, long tasks over 50 ms, and how many items the DOM holds.
// The in-run baseline is the same visit to a folder of 1 file, so the ratio shows what the size costs.
// With `media`, the Media page too (issue #23): a drive of 100,000 photos, first tiles after data,
// the DOM's size, and long tasks while the gallery pages through all of it and scrolls across it.
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
  /** The user's photos (seeded as media), for the Media page rows; none skips them. */
  media?: { count: number; pagingSeconds: number }
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
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
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
    const login = await context.request.post(`${base}/user-service/login`, {
      data: { email: o.email, password: o.password },
      headers: { uuid: browserId },
    })
    if (!login.ok()) throw new Error(`bench login failed: ${login.status()}`)
    const page = await context.newPage()

    const visit = async (folder: string): Promise<AppVisit> => {
      await page.goto(`${base}/folder/${folder}`)
      await page.waitForFunction(
        () => (window as unknown as { __bench: { firstCard?: number } }).__bench.firstCard !== undefined,
        null,
        { timeout: 30_000 },
      )
      await page.waitForTimeout(500)
      return page.evaluate(() => {
        const bench = (window as unknown as { __bench: { longTasks: number[]; firstCard: number } }).__bench
        const list = performance
          .getEntriesByType('resource')
          .find((e) => e.name.includes('/file-service/list')) as PerformanceResourceTiming
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
      o.log(
        `app visit ${i + 1}/${o.runs}: 10k folder first cards ${big.at(-1)!.cardsAfterData.toFixed(0)} ms after data (1-file folder ${small.at(-1)!.cardsAfterData.toFixed(0)} ms)`,
      )
    }
    const mediaRows = o.media ? await mediaVisit(page, base, o.media, o.log) : []
    const after = (vs: AppVisit[]) => median(vs.map((v) => v.cardsAfterData))
    const longest = Math.max(0, ...big.flatMap((v) => v.longTasks))
    const dom = Math.max(...big.map((v) => v.domItems))
    return [
      {
        metric: 'app: 10k folder, first cards after data (median)',
        unit: 'ms',
        cumulus: +after(big).toFixed(0),
        baseline: +after(small).toFixed(0),
        ratio: after(big) / Math.max(1, after(small)),
        budget: '≤ 500 ms',
        ok: after(big) <= 500,
      },
      {
        metric: 'app: 10k folder, first cards after navigation',
        unit: 'ms',
        cumulus: +median(big.map((v) => v.cardsAfterNavigation)).toFixed(0),
        baseline: +median(small.map((v) => v.cardsAfterNavigation)).toFixed(0),
      },
      {
        metric: 'app: longest task while opening (10k folder)',
        unit: 'ms',
        cumulus: +longest.toFixed(0),
        budget: '≤ 50 ms',
        ok: longest <= 50,
      },
      { metric: 'app: items in the DOM (10k folder)', unit: 'items', cumulus: dom, budget: 'bounded', ok: dom < 500 },
      ...mediaRows,
    ]
  } finally {
    await browser.close()
  }
}

/** What the page holds: the loaded count (every tile says it), tiles and elements in the DOM. */
const mediaState = (page: import('@playwright/test').Page) =>
  page.evaluate(() => {
    const tiles = document.querySelectorAll('[data-collection-item]')
    return {
      loaded: Number(tiles[0]?.getAttribute('aria-setsize') ?? 0),
      tiles: tiles.length,
      nodes: document.getElementsByTagName('*').length,
    }
  })

const longTasksSince = (page: import('@playwright/test').Page, from: number) =>
  page.evaluate((n) => (window as unknown as { __bench: { longTasks: number[] } }).__bench.longTasks.slice(n), from)

const longTaskCount = (page: import('@playwright/test').Page) =>
  page.evaluate(() => (window as unknown as { __bench: { longTasks: number[] } }).__bench.longTasks.length)

/**
 * The Media page over `count` photos: first tiles after the first page's data; then paging through
 * (jump to the end, wait for the next page) for up to `pagingSeconds`; then jumps across the
 * whole loaded gallery, one a frame, the worst case of scrolling (every jump renders a new window).
 */
async function mediaVisit(
  page: import('@playwright/test').Page,
  base: string,
  media: { count: number; pagingSeconds: number },
  log: (msg: string) => void,
): Promise<Row[]> {
  await page.goto(`${base}/media`)
  await page.waitForFunction(
    () => (window as unknown as { __bench: { firstCard?: number } }).__bench.firstCard !== undefined,
    null,
    { timeout: 30_000 },
  )
  const first = await page.evaluate(() => {
    const bench = (window as unknown as { __bench: { firstCard: number } }).__bench
    const list = performance
      .getEntriesByType('resource')
      .find((e) => e.name.includes('/file-service/list')) as PerformanceResourceTiming
    return { afterData: bench.firstCard - list.responseEnd, afterNavigation: bench.firstCard }
  })
  await page.waitForTimeout(500)
  const opened = await mediaState(page)
  log(
    `app media: first tiles ${first.afterData.toFixed(0)} ms after data; ${opened.tiles} tiles, ${opened.nodes} elements in the DOM`,
  )

  // Paging: each jump to the bottom asks for the next page of 100.
  let mark = await longTaskCount(page)
  const pagingStart = Date.now()
  let state = opened
  let maxNodes = opened.nodes
  let maxTiles = opened.tiles
  while (state.loaded < media.count && Date.now() - pagingStart < media.pagingSeconds * 1000) {
    const before = state.loaded
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
    await page
      .waitForFunction(
        (n) => Number(document.querySelector('[data-collection-item]')?.getAttribute('aria-setsize') ?? 0) > n,
        before,
        { timeout: 10_000, polling: 50 },
      )
      .catch(() => undefined)
    state = await mediaState(page)
    maxNodes = Math.max(maxNodes, state.nodes)
    maxTiles = Math.max(maxTiles, state.tiles)
    if (state.loaded === before) break
    if (Math.floor(state.loaded / 10_000) > Math.floor(before / 10_000))
      log(`app media: ${state.loaded} photos loaded (${((Date.now() - pagingStart) / 1000).toFixed(0)} s)`)
  }
  const pagingSeconds = (Date.now() - pagingStart) / 1000
  const pagingTasks = await longTasksSince(page, mark)

  // Scrolling: 300 jumps spread over the whole height, top to bottom, one every two frames.
  mark = await longTaskCount(page)
  const jumps = 300
  for (let i = 0; i <= jumps; i++) {
    const sample = await page.evaluate(
      async ([k, n]) => {
        window.scrollTo(0, ((document.documentElement.scrollHeight - window.innerHeight) * k) / n)
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
        return {
          tiles: document.querySelectorAll('[data-collection-item]').length,
          nodes: document.getElementsByTagName('*').length,
        }
      },
      [i, jumps] as const,
    )
    maxNodes = Math.max(maxNodes, sample.nodes)
    maxTiles = Math.max(maxTiles, sample.tiles)
  }
  const scrollTasks = await longTasksSince(page, mark)
  const longestPaging = Math.max(0, ...pagingTasks)
  const longestScroll = Math.max(0, ...scrollTasks)
  log(
    `app media: ${state.loaded} photos in ${pagingSeconds.toFixed(0)} s; longest task paging ${longestPaging.toFixed(0)} ms (${pagingTasks.length} over 50), scrolling ${longestScroll.toFixed(0)} ms (${scrollTasks.length} over 50)`,
  )
  const label = `${(media.count / 1000).toFixed(0)}k media`
  return [
    {
      metric: `app: ${label}, first tiles after data`,
      unit: 'ms',
      cumulus: +first.afterData.toFixed(0),
      budget: '≤ 500 ms',
      ok: first.afterData <= 500,
    },
    { metric: `app: ${label}, first tiles after navigation`, unit: 'ms', cumulus: +first.afterNavigation.toFixed(0) },
    {
      metric: `app: ${label}, photos paged in (${pagingSeconds.toFixed(0)} s, pages of 100)`,
      unit: 'items',
      cumulus: state.loaded,
      budget: `${media.count}`,
      ok: state.loaded >= media.count,
    },
    {
      metric: `app: ${label}, tiles / elements in the DOM (max)`,
      unit: 'count',
      cumulus: `${maxTiles} / ${maxNodes}`,
      budget: 'bounded',
      ok: maxTiles < 500 && maxNodes < 5000,
    },
    {
      metric: `app: ${label}, longest task while scrolling (${jumps} jumps)`,
      unit: 'ms',
      cumulus: +longestScroll.toFixed(0),
      budget: '≤ 50 ms',
      ok: longestScroll <= 50,
    },
    {
      metric: `app: ${label}, longest task while paging in`,
      unit: 'ms',
      cumulus: +longestPaging.toFixed(0),
      budget: '≤ 50 ms',
      ok: longestPaging <= 50,
    },
  ]
}
