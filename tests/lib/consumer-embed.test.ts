// @vitest-environment node
// The kit as an outside product embeds it: the packed package (see
// helpers/packed-package.ts) in a Vite-built page that sets `<html lang="de" dir="rtl"
// data-theme="dark">`, wraps the components in `LocaleProvider` with German messages, brands them
// with `createTheme` and overrides one variable with a plain unlayered `:root` rule. Debian's
// Chromium then reports computed styles: the brand holds in dark mode (the kit's CSS is in
// `@layer cumulus`), sides follow the text direction, texts and dates are German, arrows follow dir.
import { rmSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { packConsumer, type PackedConsumer } from './helpers/packed-package.ts'

const page = {
  'index.html': `<!doctype html>
<html lang="de" dir="rtl" data-theme="dark">
  <head><meta charset="utf-8"><title>Embed</title></head>
  <body><div id="root"></div><script type="module" src="/main.js"></script></body>
</html>`,
  // A consumer's own stylesheet, unlayered, after the kit's: no !important, no selector games.
  'brand.css': ':root { --cumulus-color-danger: rgb(1, 2, 3); }\n',
  'main.js': `
    import '@cumulus/ui/style.css'
    import './brand.css'
    import { createElement as h } from 'react'
    import { createRoot } from 'react-dom/client'
    import { Button, createTheme, deMessages, FileGrid, LocaleProvider, ProgressBar, Toast, ToastRegion, UploadPanel } from '@cumulus/ui'

    const brand = createTheme({ accent: 'rgb(11, 122, 83)' })
    document.head.append(Object.assign(document.createElement('style'), { textContent: brand.toCss() }))

    const files = Array.from({ length: 6 }, (_, i) => ({ id: 'f' + i, name: 'bericht-' + i + '.pdf', size: 1536, uploadDate: new Date(Date.UTC(2024, 2, 7, 21, 5)) }))
    const uploads = [{ id: 'u1', name: 'urlaub.mp4', type: 'file', progress: 40, state: 'running', bytesPerSecond: 1536 }]
    createRoot(document.getElementById('root')).render(
      h(LocaleProvider, { locale: 'de-DE', messages: deMessages, timeZone: 'UTC' },
        h(Button, { variant: 'primary', id: 'primary' }, 'Speichern'),
        h(Button, { variant: 'danger', id: 'danger' }, 'Löschen'),
        h('div', { id: 'progress', style: { width: '200px' } }, h(ProgressBar, { label: 'Fortschritt', value: 50 })),
        h(FileGrid, { title: 'Dateien', items: files, style: { height: '400px', width: '700px' } }),
        h(UploadPanel, { items: uploads, onCancel() {}, onClose() {} }),
        h(ToastRegion, null, h(Toast, null, 'Gespeichert')),
      ),
    )
  `,
  'check.mjs': `
    import { createServer } from 'node:http'
    import { readFile } from 'node:fs/promises'
    import { extname, join } from 'node:path'
    import { build } from 'vite'
    import { chromium } from 'playwright-core'

    await build({ configFile: false, logLevel: 'silent', root: process.cwd(), define: { 'process.env.NODE_ENV': '"production"' }, build: { outDir: 'dist', emptyOutDir: true } })
    const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' }
    const server = createServer(async (req, res) => {
      const path = req.url === '/' ? '/index.html' : req.url.split('?')[0]
      try {
        const body = await readFile(join('dist', path))
        res.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' }).end(body)
      } catch {
        res.writeHead(404).end()
      }
    })
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    })
    try {
      const tab = await browser.newPage({ viewport: { width: 1024, height: 768 }, colorScheme: 'light' })
      const errors = []
      tab.on('pageerror', (error) => errors.push(String(error)))
      await tab.goto('http://127.0.0.1:' + server.address().port + '/')
      await tab.getByRole('option').first().waitFor()
      const styles = await tab.evaluate(() => {
        const css = (el, prop) => getComputedStyle(el).getPropertyValue(prop)
        const rect = (selector) => document.querySelector(selector).getBoundingClientRect()
        const fill = document.querySelector('#progress [role="progressbar"] > *')
        return {
          scheme: css(document.documentElement, 'color-scheme'),
          surface: css(document.body, '--cumulus-color-surface').trim(),
          primary: css(document.getElementById('primary'), 'background-color'),
          danger: css(document.getElementById('danger'), 'background-color'),
          accentHover: css(document.documentElement, '--cumulus-color-accent-hover').trim(),
          uploadPanel: { left: rect('[data-part="upload-panel"]').left, right: innerWidth - rect('[data-part="upload-panel"]').right },
          toasts: { left: rect('[data-part="toast-region"]').left, right: innerWidth - rect('[data-part="toast-region"]').right },
          progressOrigin: css(fill, 'transform-origin'),
          progressWidth: fill.offsetWidth,
          fileNameDir: document.querySelector('[data-part="file-name"]').getAttribute('dir'),
          fileNameBidi: css(document.querySelector('[data-part="file-name"]'), 'unicode-bidi'),
          date: document.querySelector('[data-part="file-date"]').textContent,
          heading: document.querySelector('[data-part="upload-panel-title"]').textContent,
          note: document.querySelector('[data-part="upload-item-note"]').textContent,
          cardsFlow: [...document.querySelectorAll('[role="option"]')].slice(0, 2).map((el) => Math.round(el.getBoundingClientRect().left)),
        }
      })
      await tab.getByRole('option').first().focus()
      await tab.keyboard.press('ArrowLeft')
      const afterArrowLeft = await tab.evaluate(() => document.activeElement?.getAttribute('data-index'))
      console.log(JSON.stringify({ ...styles, afterArrowLeft, errors }))
    } finally {
      await browser.close()
      server.close()
    }
  `,
}

interface Styles {
  scheme: string
  surface: string
  primary: string
  danger: string
  accentHover: string
  uploadPanel: { left: number; right: number }
  toasts: { left: number; right: number }
  progressOrigin: string
  progressWidth: number
  fileNameDir: string
  fileNameBidi: string
  date: string
  heading: string
  note: string
  cardsFlow: number[]
  afterArrowLeft: string
  errors: string[]
}

let packed: PackedConsumer
let styles: Styles

beforeAll(() => {
  packed = packConsumer(['vite', 'playwright-core'], page)
  styles = packed.run('check.mjs') as Styles
}, 240_000)

afterAll(() => {
  if (packed) rmSync(packed.work, { recursive: true, force: true })
})

describe('@cumulus/ui embedded in German, right to left, dark, with a brand accent', () => {
  it('renders without a page error, in the dark scheme', () => {
    expect(styles.errors).toEqual([])
    expect(styles.scheme).toBe('dark')
    // The kit's dark surface (lightTokens say #ffffff).
    expect(styles.surface).toBe('#171a21')
  })

  it("keeps the brand in dark mode: createTheme's accent and a plain :root override both outrank the kit's dark theme", () => {
    expect(styles.primary).toBe('rgb(11, 122, 83)')
    expect(styles.danger).toBe('rgb(1, 2, 3)')
    // White text on this green, so its dark hover darkens too (away from the text).
    expect(styles.accentHover).toBe('color-mix(in oklab, rgb(11, 122, 83) 85%, black)')
  })

  it('puts the upload panel at the inline end (left) and the toasts at the inline start (right)', () => {
    expect(styles.uploadPanel.left).toBeLessThan(40)
    expect(styles.uploadPanel.right).toBeGreaterThan(300)
    expect(styles.toasts.right).toBeLessThan(40)
    expect(styles.toasts.left).toBeGreaterThan(300)
  })

  it('fills progress from the right, and lays cards out from the right', () => {
    const [originX] = styles.progressOrigin.split(' ')
    expect(Number.parseFloat(originX as string)).toBeCloseTo(styles.progressWidth, 0)
    const [first, second] = styles.cardsFlow as [number, number]
    expect(second).toBeLessThan(first)
  })

  it('moves to the next card with ArrowLeft', () => {
    expect(styles.afterArrowLeft).toBe('1')
  })

  it('speaks German, with German dates and sizes, names isolated for bidi', () => {
    expect(styles.heading).toBe('1 Datei wird hochgeladen')
    expect(styles.note).toBe('1,5 KB/s')
    expect(styles.date).toBe('07.03.24, 21:05')
    expect(styles.fileNameDir).toBe('auto')
    expect(styles.fileNameBidi).toBe('isolate')
  })
})
