// First-load JavaScript of `/` (DESIGN.md §6: ≤ 100 KB gzip): the entry chunk of dist/app/index.html
// plus every chunk it imports statically, transitively; lazy (dynamic-import) chunks are left out.
// Run after `npm run build:app`. Exits 1 when over budget. `--json` prints the figures as JSON;
// `--summary` ends with CI's plain "N passed, N failed" line (.ci/run counts the budget as a check).
import { existsSync, readFileSync } from 'node:fs'
import { join, posix } from 'node:path'
import { gzipSync } from 'node:zlib'

const APP_DIR = process.env.APP_DIR ?? 'dist/app'
// Bytes, decimal (100 kB = 100,000 B), the stricter reading of "100 KB" and the unit Vite prints.
const BUDGET = Number(process.env.APP_JS_BUDGET ?? 100_000)

const indexFile = join(APP_DIR, 'index.html')
if (!existsSync(indexFile)) {
  console.error(`${indexFile} is missing: run \`npm run build:app\` first.`)
  process.exit(2)
}
const html = readFileSync(indexFile, 'utf8')
const entry = html.match(/<script[^>]*type="module"[^>]*src="\/?([^"]+)"/)?.[1]
if (!entry) {
  console.error('No module script in index.html')
  process.exit(2)
}

// Static imports in Rolldown's ES output: `import{a as b}from"./x.js"` and `import"./x.js"`.
// Dynamic ones are `import("./x.js")` (and Vite's preload map), which the pattern does not match.
const staticImport = /\bimport\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g

const seen = new Map()
const visit = (file) => {
  if (seen.has(file)) return
  const code = readFileSync(join(APP_DIR, file))
  seen.set(file, { raw: code.length, gzip: gzipSync(code).length })
  const dir = file.slice(0, file.lastIndexOf('/') + 1)
  for (const [, spec] of code.toString('utf8').matchAll(staticImport)) {
    visit(posix.normalize(posix.join(dir, spec)))
  }
}
visit(entry)

const total = [...seen.values()].reduce((sum, f) => ({ raw: sum.raw + f.raw, gzip: sum.gzip + f.gzip }), {
  raw: 0,
  gzip: 0,
})
const kb = (n) => `${(n / 1000).toFixed(2)} kB`
const ok = total.gzip <= BUDGET

if (process.argv.includes('--json')) {
  console.log(JSON.stringify({ entry, files: Object.fromEntries(seen), total, budget: BUDGET, ok }, null, 2))
} else {
  for (const [file, size] of seen)
    console.log(`${file.padEnd(48)} ${kb(size.raw).padStart(10)} raw  ${kb(size.gzip).padStart(9)} gzip`)
  console.log(
    `first-load JS for / : ${kb(total.gzip)} gzip (${kb(total.raw)} raw) in ${seen.size} files; budget ${kb(BUDGET)} → ${ok ? 'OK' : 'OVER BUDGET'}`,
  )
}
if (process.argv.includes('--summary')) console.log(ok ? '1 passed, 0 failed' : '0 passed, 1 failed')
process.exit(ok ? 0 : 1)
