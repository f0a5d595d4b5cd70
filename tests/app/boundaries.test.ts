// DESIGN.md §1 / STYLE.md: the app reaches the component library only through its public entry
// ('@cumulus/ui'), and takes from the server nothing but `import type` of the wire schemas.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = resolve(__dirname, '../..')
const appDir = join(root, 'app')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name)
    if (statSync(full).isDirectory()) return sourceFiles(full)
    return /\.(tsx?|mjs|js)$/.test(name) ? [full] : []
  })
}

interface ImportSite {
  file: string
  specifier: string
  typeOnly: boolean
}

// Static imports, re-exports and dynamic import() calls.
const importPattern =
  /(?:^|[\s;])(import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm

function importsOf(file: string): ImportSite[] {
  const text = readFileSync(file, 'utf8')
  return [...text.matchAll(importPattern)].map((m) => ({
    file: relative(root, file),
    specifier: (m[3] ?? m[4])!,
    typeOnly: Boolean(m[2]),
  }))
}

const sites = sourceFiles(appDir).flatMap(importsOf)

/** Where a relative specifier points, from the repository root. */
const target = (site: ImportSite) =>
  site.specifier.startsWith('.') ? relative(root, resolve(root, site.file, '..', site.specifier)) : site.specifier

describe('app import boundaries', () => {
  it('finds the imports it checks (the scanner works)', () => {
    expect(sites.length).toBeGreaterThan(100)
    expect(sites.some((s) => s.specifier === '@cumulus/ui')).toBe(true)
  })

  it('imports the component library only through @cumulus/ui (and its fonts.css and viewers entries), never lib/ paths or other subpaths', () => {
    const deep = sites.filter((s) => {
      const to = target(s)
      // In lib/package.json's exports map.
      const published = s.specifier === '@cumulus/ui/fonts.css' || s.specifier === '@cumulus/ui/viewers'
      return (
        to === 'lib' ||
        to.startsWith('lib/') ||
        /(^|\/)lib\//.test(s.specifier) ||
        (/^@cumulus\/ui\/./.test(s.specifier) && !published)
      )
    })
    expect(deep).toEqual([])
    expect(
      sites.some((s) => s.specifier === '@cumulus/ui/fonts.css'),
      'the app keeps Inter',
    ).toBe(true)
  })

  it('takes only types from server/schemas, and nothing else from server/', () => {
    const fromServer = sites.filter((s) => target(s).startsWith('server/'))
    expect(fromServer.length).toBeGreaterThan(0)
    expect(fromServer.filter((s) => !s.typeOnly || !target(s).startsWith('server/schemas/'))).toEqual([])
  })
})
