// STYLE.md / DESIGN.md §1: the server's layers hold by themselves. Nothing outside repositories/
// and db/ writes SQL; services and repositories know nothing of HTTP; no layer imports one above
// it. The checker runs on every server source, and on offending sources made up here, to show it
// catches what it forbids.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
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
const NO_HTTP = new Set(['services', 'repositories', 'db'])

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
    if (NO_HTTP.has(layer) && /^(fastify|@fastify\/)/.test(specifier))
      out.push(`${path}: imports ${specifier} (HTTP) in ${layer}/`)
    if (!specifier.startsWith('.')) continue
    const to = relative(serverDir, resolve(serverDir, path, '..', specifier))
    if (UPWARD[layer]?.includes(layerOf(to))) out.push(`${path}: imports ${to}, a layer above ${layer}/`)
  }
  return out
}

const sources = sourceFiles(serverDir).map((file) => ({
  path: relative(serverDir, file),
  text: readFileSync(file, 'utf8'),
}))

describe('server boundaries', () => {
  it('finds the sources it checks (the scanner works)', () => {
    expect(sources.length).toBeGreaterThan(50)
    expect(sources.some((s) => s.path === 'services/drive/tree.ts')).toBe(true)
    expect(
      sources.some((s) => s.path === 'repositories/files.ts' && SQL_PATTERNS.some(([, p]) => p.test(s.text))),
    ).toBe(true)
  })

  it('writes SQL only in repositories/ and db/, keeps HTTP out of services/ and repositories/, and never imports a layer above', () => {
    expect(sources.flatMap((s) => breaches(s.path, s.text))).toEqual([])
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
})
