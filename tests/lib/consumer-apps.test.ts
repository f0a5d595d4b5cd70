// @vitest-environment node
// The kit in two fresh apps, as an outside team starts one: the packed package (see
// helpers/packed-package.ts) in a Vite + React 19 app type-checked by tsc (strict,
// exactOptionalPropertyTypes, noUncheckedIndexedAccess) and built, and in a Next.js App Router app
// built by `next build` (Turbopack, its own strict type-check) whose page is the docs' own
// (stories/guides/next-app-page.tsx). Each renders a FileGrid of 2,000 files in Debian's Chromium:
// the grid stays virtualised, the keyboard reaches the last file, and nothing is logged as an
// error (a hydration mismatch would be). Next's HTML is read before any script runs.
import { readFileSync, rmSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { packConsumer, type PackedConsumer, root } from './helpers/packed-package.ts'

const strict = {
  target: 'ES2022',
  lib: ['dom', 'dom.iterable', 'esnext'],
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  // Ariakit's own declarations don't hold under exactOptionalPropertyTypes; the kit's do (pack.test.ts).
  skipLibCheck: true,
  noEmit: true,
  module: 'esnext',
  moduleResolution: 'bundler',
  isolatedModules: true,
  jsx: 'react-jsx',
}

const files = {
  // The Vite app: the embedder's own item type, handed back typed by the grid's callbacks.
  'vite/index.html': `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Files</title></head>
<body><div id="root"></div><script type="module" src="/main.tsx"></script></body></html>`,
  'vite/main.tsx': `import '@cumulus/ui/style.css'
import { type BrowserFile, FileGrid } from '@cumulus/ui'
import { useState } from 'react'
import { createRoot } from 'react-dom/client'

interface Report extends BrowserFile {
  pages: number
}

const reports: Report[] = Array.from({ length: 2000 }, (_, i) => ({
  id: \`f\${i}\`,
  name: \`report-\${i}.pdf\`,
  size: 1024 * (i + 1),
  uploadDate: new Date(Date.UTC(2024, 2, 7, 12)),
  pages: (i % 9) + 1,
}))

function App() {
  const [opened, setOpened] = useState('')
  return (
    <>
      <output id="opened">{opened}</output>
      <FileGrid title="Files" items={reports} style={{ height: '80vh' }} onItemOpen={(report) => setOpened(\`\${report.name}, \${report.pages} pages\`)} />
    </>
  )
}

createRoot(document.getElementById('root')!).render(<App />)
`,
  // As Vite's React template has it: Vite's client types declare CSS imports.
  'vite/vite-env.d.ts': '/// <reference types="vite/client" />\n',
  'vite/tsconfig.json': JSON.stringify({ compilerOptions: strict, include: ['vite-env.d.ts', 'main.tsx'] }),
  // The Next.js app: the docs' page under app/files, the kit's stylesheet in the layout.
  'app/layout.tsx': `import '@cumulus/ui/style.css'
import type { ReactNode } from 'react'

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  )
}
`,
  'app/files/page.tsx': readFileSync(`${root}/stories/guides/next-app-page.tsx`, 'utf8'),
  'tsconfig.json': JSON.stringify({
    compilerOptions: { ...strict, resolveJsonModule: true, incremental: false, plugins: [{ name: 'next' }] },
    include: ['next-env.d.ts', 'app/**/*.tsx'],
  }),
  // The consumer's node_modules link the repo's packages: Turbopack reads only under its root.
  'next.config.mjs': `export default { turbopack: { root: '/' } }\n`,
  'check.mjs': `
    import { spawn, spawnSync } from 'node:child_process'
    import { createServer } from 'node:http'
    import { readFile } from 'node:fs/promises'
    import { extname, join } from 'node:path'
    import { build } from 'vite'
    import { chromium } from 'playwright-core'

    // vitest's NODE_ENV=test would make Vite build React's development JSX runtime in.
    process.env.NODE_ENV = 'production'
    const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' }
    const run = (args, cwd = '.') => {
      const r = spawnSync(process.execPath, args, { cwd, env, encoding: 'utf8' })
      return { ok: r.status === 0, output: (r.stdout + r.stderr).slice(-4000) }
    }
    const out = {}
    out.viteTypes = run(['../node_modules/typescript/bin/tsc6', '-p', '.'], 'vite')
    await build({ configFile: false, logLevel: 'silent', root: 'vite', define: { 'process.env.NODE_ENV': '"production"' }, build: { outDir: 'dist', emptyOutDir: true } })
    out.nextBuild = run(['node_modules/next/dist/bin/next', 'build'])

    const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' }
    const vite = createServer(async (req, res) => {
      const path = req.url === '/' ? '/index.html' : req.url.split('?')[0]
      const body = await readFile(join('vite/dist', path)).catch(() => undefined)
      if (body) res.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' }).end(body)
      else res.writeHead(404).end()
    })
    await new Promise((resolve) => vite.listen(0, '127.0.0.1', resolve))
    const port = await new Promise((resolve) => { const s = createServer().listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => resolve(p)) }) })
    const next = spawn(process.execPath, ['node_modules/next/dist/bin/next', 'start', '-p', String(port), '-H', '127.0.0.1'], { env, stdio: 'pipe' })
    const nextUrl = 'http://127.0.0.1:' + port + '/files'
    for (let i = 0; i < 100; i++) {
      try { out.nextHtml = await (await fetch(nextUrl)).text(); break } catch { await new Promise((r) => setTimeout(r, 200)) }
    }
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    })
    const visit = async (url) => {
      const tab = await browser.newPage({ viewport: { width: 1000, height: 800 } })
      const problems = []
      // A failed load is logged without its address: the response handler names those.
      tab.on('console', (m) => { if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) problems.push(m.text()) })
      tab.on('pageerror', (e) => problems.push(String(e)))
      // The browser asks for /favicon.ico by itself; neither app has one.
      tab.on('response', (r) => { if (r.status() >= 400 && !r.url().endsWith('/favicon.ico')) problems.push(r.status() + ' ' + r.url()) })
      const seen = { first: 0, atEnd: 0, opened: null }
      try {
        await tab.goto(url)
        await tab.getByRole('option').first().waitFor({ timeout: 15000 })
        seen.first = await tab.getByRole('option').count()
        await tab.getByRole('option').first().focus()
        await tab.keyboard.press('End')
        await tab.getByRole('option', { name: /report-1999[.]pdf/ }).waitFor({ timeout: 15000 })
        seen.atEnd = await tab.getByRole('option').count()
        await tab.keyboard.press('Enter')
        seen.opened = await tab.locator('#opened').textContent({ timeout: 1000 }).catch(() => null)
      } catch (error) {
        problems.push(String(error).split('\\n')[0])
      }
      await tab.close()
      return { ...seen, problems }
    }
    try {
      out.vite = await visit('http://127.0.0.1:' + vite.address().port + '/')
      out.next = await visit(nextUrl)
    } finally {
      await browser.close()
      vite.close()
      next.kill()
    }
    console.log(JSON.stringify(out))
  `,
}

interface Visit {
  first: number
  atEnd: number
  opened: string | null
  problems: string[]
}
interface Result {
  viteTypes: { ok: boolean; output: string }
  nextBuild: { ok: boolean; output: string }
  nextHtml: string
  vite: Visit
  next: Visit
}

let packed: PackedConsumer
let result: Result

beforeAll(() => {
  packed = packConsumer(['vite', 'next', 'typescript', '@types/node', 'playwright-core'], files)
  result = packed.run('check.mjs') as Result
}, 300_000)

afterAll(() => {
  if (packed) rmSync(packed.work, { recursive: true, force: true })
})

describe('a fresh Vite app with @cumulus/ui, strict TypeScript', () => {
  it('type-checks: the grid hands back the embedder’s own item type', () => {
    expect(result.viteTypes.output).toBe('')
    expect(result.viteTypes.ok).toBe(true)
  })

  it('renders 2,000 files virtualised, the keyboard reaches the last and opens it, no error', () => {
    expect(result.vite.problems).toEqual([])
    expect(result.vite.first).toBeGreaterThan(0)
    expect(result.vite.atEnd).toBeLessThan(200)
    expect(result.vite.opened).toBe('report-1999.pdf, 2 pages')
  })
})

describe('a fresh Next.js App Router app with @cumulus/ui, the docs’ page', () => {
  it('builds, with its own strict type-check', () => {
    expect(result.nextBuild.output).toContain('Finished TypeScript')
    expect(result.nextBuild.ok).toBe(true)
  })

  it('sends the first 24 files as HTML, rendered on the server', () => {
    const html = result.nextHtml.slice(0, result.nextHtml.indexOf('<script', result.nextHtml.indexOf('role="listbox"')))
    expect(html.match(/role="option"/g)).toHaveLength(24)
    expect(html).toContain('report-0.pdf')
    expect(html).toContain('report-23.pdf')
    expect(html).not.toContain('report-24.pdf')
  })

  it('hydrates without a mismatch and stays virtualised; the keyboard reaches the last file', () => {
    expect(result.next.problems).toEqual([])
    expect(result.next.first).toBeGreaterThanOrEqual(24)
    expect(result.next.atEnd).toBeLessThan(200)
  })
})
