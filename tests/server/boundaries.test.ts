// STYLE.md / DESIGN.md §1: the server's layers hold by themselves. Nothing outside repositories/
// and db/ writes SQL; services and repositories know nothing of HTTP; no layer imports one above
// it, and routes reach repositories and stores only through services; errors are made only in
// the catalogue (errors.ts); no import cycle. The checker runs on every server source, and on
// offending sources made up here, to show it catches what it forbids.
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative, resolve } from 'node:path'
import { cruise, type ICruiseResult } from 'dependency-cruiser'
import { describe, expect, it } from 'vitest'

const root = resolve(__dirname, '../..')
const serverDir = join(root, 'server')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name)
    if (statSync(full).isDirectory()) return sourceFiles(full)
    return /\.ts$/.test(name) ? [full] : []
  })
}

/** Query builders, raw SQL and the calls that run them: at home only in repositories/ and db/. */
const SQL_PATTERNS: ReadonlyArray<[string, RegExp]> = [
  ['query builder', /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\s*\(/],
  ['raw SQL', /\bsql\s*(<[^>]*>)?\s*`/],
  ['query execution', /\.(execute|executeTakeFirst|executeTakeFirstOrThrow|executeQuery)\s*\(/],
  ['a transaction opened', /\.transaction\(\)\s*\.execute/],
  ['kysely import', /from\s+['"]kysely['"]/],
]

// Static imports and re-exports (type-only ones included), and dynamic import() calls.
const importPattern =
  /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm

/** The layer a file is in: the first folder under server/ ('' for server/*.ts). */
const layerOf = (path: string) => (path.includes('/') ? path.split('/')[0]! : '')

/** Layers each layer must not import (what sits above it). */
const UPWARD: Record<string, readonly string[]> = {
  repositories: ['services', 'routes', 'plugins', 'storage'],
  db: ['repositories', 'services', 'routes', 'plugins', 'storage'],
  services: ['routes', 'plugins'],
  storage: ['services', 'routes', 'plugins'],
}
/** Layers each layer reaches only through another: routes go through services. */
const THROUGH_SERVICES: Record<string, readonly string[]> = {
  routes: ['repositories', 'storage'],
}
const NO_HTTP = new Set(['services', 'repositories', 'db'])
const HTTP_MODULE = /^((node:)?http$|fastify|@fastify\/)/
/** Errors are made in the catalogue only: elsewhere code throws `errors.x(...)`. */
const ERROR_CONSTRUCTION = /\bnew\s+(AppError|DavError)\s*\(/g

/**
 * The boundary breaches of one source, `path` relative to server/ ("services/drive/tree.ts"). Only
 * comments are left out: a rule named in a comment is no breach.
 */
export function breaches(path: string, text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1')
  const layer = layerOf(path)
  const out: string[] = []
  if (layer !== 'repositories' && layer !== 'db') {
    for (const [what, pattern] of SQL_PATTERNS)
      if (pattern.test(code)) out.push(`${path}: ${what} outside repositories/ and db/`)
  }
  for (const m of code.matchAll(importPattern)) {
    const specifier = (m[1] ?? m[2])!
    if (NO_HTTP.has(layer) && HTTP_MODULE.test(specifier)) out.push(`${path}: imports ${specifier} (HTTP) in ${layer}/`)
    if (!specifier.startsWith('.')) continue
    const to = relative(serverDir, resolve(serverDir, path, '..', specifier))
    if (UPWARD[layer]?.includes(layerOf(to))) out.push(`${path}: imports ${to}, a layer above ${layer}/`)
    if (THROUGH_SERVICES[layer]?.includes(layerOf(to)))
      out.push(`${path}: imports ${to}; ${layer}/ reach ${layerOf(to)}/ only through services/`)
  }
  if (path !== 'errors.ts') {
    for (const m of code.matchAll(ERROR_CONSTRUCTION))
      out.push(`${path}: new ${m[1]}( outside errors.ts (add the error to the catalogue)`)
  }
  return out
}

/**
 * The import cycles among the TypeScript sources of `dir` (relative to `baseDir`), type-only
 * imports included, each as `a.ts → b.ts → a.ts` relative to `dir`. One cruise of the folder
 * (dependency-cruiser), each cycle as it reports it.
 */
export async function importCycles(baseDir: string, dir: string): Promise<string[]> {
  const { output } = await cruise([dir], {
    baseDir,
    validate: true,
    tsPreCompilationDeps: true,
    includeOnly: `^${dir}/`,
    moduleSystems: ['es6'],
    skipAnalysisNotInRules: true,
    ruleSet: { forbidden: [{ name: 'no-import-cycle', severity: 'error', from: {}, to: { circular: true } }] },
  })
  const name = (path: string) => relative(dir, path)
  return (output as ICruiseResult).summary.violations.map(
    (v) => `import cycle: ${[v.from, ...(v.cycle ?? []).map((step) => step.name)].map(name).join(' → ')}`,
  )
}

const sources = sourceFiles(serverDir).map((file) => ({
  path: relative(serverDir, file),
  text: readFileSync(file, 'utf8'),
}))

/** Fails with the list itself, one breach a line, so a red run names what to fix. */
function expectNone(found: string[]): void {
  expect(found, `${found.length} breaches:\n${found.join('\n')}`).toEqual([])
}

describe('server boundaries', () => {
  it('finds the sources it checks (the scanner works)', () => {
    expect(sources.length).toBeGreaterThan(50)
    expect(sources.some((s) => s.path === 'services/drive/tree.ts')).toBe(true)
    expect(
      sources.some((s) => s.path === 'repositories/files.ts' && SQL_PATTERNS.some(([, p]) => p.test(s.text))),
    ).toBe(true)
  })

  it('writes SQL only in repositories/ and db/, keeps HTTP out of services/ and repositories/, never imports a layer above, keeps routes off repositories and stores, and makes errors only in errors.ts', () => {
    expectNone(sources.flatMap((s) => breaches(s.path, s.text)))
  })

  it('has no import cycle in server/, type-only imports included', async () => {
    expectNone(await importCycles(root, 'server'))
  })

  it('given a service that runs a query, imports fastify and reaches into a route, then the checker names each breach', () => {
    const service = `import type { FastifyReply } from 'fastify'
import { fileRoutes } from '../routes/file-service.ts'
export const rename = (db, id) => db.updateTable('files').set({ filename: 'x' }).where('id', '=', id).execute()
export const raw = (db) => sql\`select 1\`.execute(db)`
    expect(breaches('services/offending.ts', service)).toEqual([
      'services/offending.ts: query builder outside repositories/ and db/',
      'services/offending.ts: raw SQL outside repositories/ and db/',
      'services/offending.ts: query execution outside repositories/ and db/',
      'services/offending.ts: imports fastify (HTTP) in services/',
      'services/offending.ts: imports routes/file-service.ts, a layer above services/',
    ])
  })

  it('given a repository importing a service and storage importing a service, then both are caught; the same query in a repository is not', () => {
    expect(breaches('repositories/x.ts', "import type { TreeService } from '../services/tree.ts'")).toEqual([
      'repositories/x.ts: imports services/tree.ts, a layer above repositories/',
    ])
    expect(breaches('storage/x.ts', "import { planZip } from '../services/zip.ts'")).toEqual([
      'storage/x.ts: imports services/zip.ts, a layer above storage/',
    ])
    expect(
      breaches('repositories/x.ts', "export const q = (db) => db.selectFrom('files').selectAll().execute()"),
    ).toEqual([])
  })

  it('given a route importing a repository and a store, type-only or not, then the checker names both; a service import is fine', () => {
    const route = `import type { DriveRepository } from '../repositories/drive.ts'
import { Vault } from '../storage/vault.ts'
import type { TreeService } from '../services/drive/tree.ts'`
    expect(breaches('routes/offending.ts', route)).toEqual([
      'routes/offending.ts: imports repositories/drive.ts; routes/ reach repositories/ only through services/',
      'routes/offending.ts: imports storage/vault.ts; routes/ reach storage/ only through services/',
    ])
  })

  it('given a service importing node:http, http, fastify and a fastify plugin (type imports too), then the checker names each', () => {
    const service = `import type { IncomingMessage } from 'node:http'
import http from 'http'
import type { FastifyRequest } from 'fastify'
import multipart from '@fastify/multipart'
import { pipeline } from 'node:stream'`
    expect(breaches('services/drive/offending.ts', service)).toEqual([
      'services/drive/offending.ts: imports node:http (HTTP) in services/',
      'services/drive/offending.ts: imports http (HTTP) in services/',
      'services/drive/offending.ts: imports fastify (HTTP) in services/',
      'services/drive/offending.ts: imports @fastify/multipart (HTTP) in services/',
    ])
  })

  it('given new AppError( and new DavError( outside errors.ts, then the checker names each; in errors.ts, or in a comment, they are fine', () => {
    const code = `// not new AppError( in a comment
export const gone = () => new AppError(404, 'not_found', 'Not found')
export const locked = () => new DavError(423, 'locked', 'Locked')`
    expect(breaches('routes/dav.ts', code)).toEqual([
      'routes/dav.ts: new AppError( outside errors.ts (add the error to the catalogue)',
      'routes/dav.ts: new DavError( outside errors.ts (add the error to the catalogue)',
    ])
    expect(breaches('errors.ts', code)).toEqual([])
  })

  it('given two files importing each other (one import type-only), then the cycle is named; a file importing one of them is not in it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cumulus-cycle-'))
    try {
      mkdirSync(join(dir, 'src'))
      writeFileSync(join(dir, 'src/a.ts'), "import type { B } from './b.ts'\nexport interface A { b?: B }\n")
      writeFileSync(
        join(dir, 'src/b.ts'),
        "import { type A } from './a.ts'\nexport const b = (a: A) => a\nexport type B = number\n",
      )
      writeFileSync(join(dir, 'src/c.ts'), "import { b } from './b.ts'\nexport const c = b\n")
      expect(await importCycles(dir, 'src')).toEqual(['import cycle: a.ts → b.ts → a.ts'])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
