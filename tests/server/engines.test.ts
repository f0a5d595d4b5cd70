// `npm install` prints no EBADENGINE warning on any Node.js that package.json's engines claims:
// every locked package's own engines must accept the lowest claimed release of each major (where
// packages' ranges start). A dependency bump that drops one of our Node lines fails here first.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

// semver is npm's own range logic (here through the dev tree; no types are installed for it).
const semver = createRequire(import.meta.url)('semver') as { satisfies(version: string, range: string): boolean }

const root = resolve(import.meta.dirname, '../..')
const read = (file: string) => JSON.parse(readFileSync(join(root, file), 'utf8'))
const claimed: string = read('package.json').engines.node
type Locked = { version?: string; engines?: { node?: string } | string[]; os?: string[]; cpu?: string[] }
const locked = Object.entries(read('package-lock.json').packages as Record<string, Locked>)

/** The lowest release of each major from 18 to 30 that the claim accepts (x.y.0, y up to 40). */
function lowestClaimed(range: string): string[] {
  const out: string[] = []
  for (let major = 18; major <= 30; major++) {
    for (let minor = 0; minor <= 40; minor++) {
      const version = `${major}.${minor}.0`
      if (semver.satisfies(version, range)) {
        out.push(version)
        break
      }
    }
  }
  return out
}

describe('engines (first run: npm install)', () => {
  const versions = lowestClaimed(claimed)

  it('claims at least one current Node.js line', () => {
    expect(versions.length).toBeGreaterThan(0)
  })

  it.each(versions)('every locked package accepts Node.js %s', (version) => {
    const refusing = locked
      // Platform-bound binaries (os/cpu) are skipped on other machines, never checked.
      .filter(
        ([path, info]) =>
          path &&
          !info.os &&
          !info.cpu &&
          typeof info.engines === 'object' &&
          !Array.isArray(info.engines) &&
          info.engines.node,
      )
      .filter(([, info]) => !semver.satisfies(version, (info.engines as { node: string }).node))
      .map(
        ([path, info]) =>
          `${path.replace(/^.*node_modules\//, '')}@${info.version} wants node ${(info.engines as { node: string }).node}`,
      )
    expect(refusing).toEqual([])
  })
})
