// The pure rules of the WebDAV layer: URL paths, the names of duplicates across listing pages,
// the If header, lock coverage and timeouts, and namespace-resolved XML.
import { describe, expect, it } from 'vitest'
import type { DavLock } from '../../../server/db/schema.ts'
import { lockTimeout, parseIf } from '../../../server/routes/dav/headers.ts'
import {
  checkLocks,
  covering,
  ifHolds,
  lockedBelow,
  MAX_LOCK_SECONDS,
  submittedTokens,
} from '../../../server/services/dav/locks.ts'
import { childNamer, hrefOf, splitDavPath, suffixed } from '../../../server/services/dav/paths.ts'
import { innerXml, parseXml } from '../../../server/services/dav/xml.ts'

const ID_A = 'AAAAAAAAAAAAAAAAAAAAAA'
const ID_B = 'BBBBBBBBBBBBBBBBBBBBBB'
const ID_C = 'CCCCCCCCCCCCCCCCCCCCCC'

describe('paths', () => {
  it('given URL paths, then decoded segments; "..", encoded "/" and bad escapes are 400', () => {
    expect(splitDavPath('/dav/')).toEqual([])
    expect(splitDavPath('/dav')).toEqual([])
    expect(splitDavPath('/dav/My%20Files/caf%C3%A9.txt?x=1')).toEqual(['My Files', 'café.txt'])
    for (const bad of ['/dav/a/../b', '/dav/a%2Fb', '/dav/%E0%A4%A', '/dav/.', '/davx/y'])
      expect(() => splitDavPath(bad)).toThrow(expect.objectContaining({ statusCode: 400 }))
    expect(hrefOf(['My Files', 'a#b?.txt'], false)).toBe('/dav/My%20Files/a%23b%3F.txt')
    expect(hrefOf(['x'], true)).toBe('/dav/x/')
  })

  it('given duplicates, then the id goes before the extension, and a dot-file keeps its whole name as the stem', () => {
    expect(suffixed('report.pdf', ID_A)).toBe(`report (${ID_A}).pdf`)
    expect(suffixed('.bashrc', ID_A)).toBe(`.bashrc (${ID_A})`)
    expect(suffixed('archive.tar.gz', ID_A)).toBe(`archive.tar (${ID_A}).gz`)
  })

  it('given a listing cut into pages inside a group of one name, then only the first of each exact name keeps it, and a folder takes a name before a file', () => {
    const n = childNamer()
    // Pages of (name_key, id): the group "a.txt" spans two pages; "A.txt" is another exact name.
    expect(n.folder({ name: 'docs', id: ID_A })).toBe('docs')
    expect(n.folder({ name: 'docs', id: ID_B })).toBe(`docs (${ID_B})`)
    n.startFiles()
    const files = [
      { filename: 'A.txt', id: ID_A },
      { filename: 'a.txt', id: ID_B },
      { filename: 'a.txt', id: ID_C },
      { filename: 'docs', id: ID_C },
    ].map((f) => n.file(f))
    expect(files).toEqual(['A.txt', 'a.txt', `a (${ID_C}).txt`, `docs (${ID_C})`])
  })
})

const lock = (
  path: string,
  depth: '0' | 'infinity',
  token = `urn:uuid:${path}`,
  scope: 'exclusive' | 'shared' = 'exclusive',
): DavLock => ({
  token,
  owner_id: 'u',
  path,
  depth,
  scope,
  lock_owner: null,
  timeout_seconds: 60,
  expires_at: Date.now() + 60_000,
})

describe('locks and the If header', () => {
  it('given locks, then depth infinity covers what is below, depth 0 only its own path, and a sibling prefix is not "below"', () => {
    const locks = [lock('docs', 'infinity'), lock('notes', '0'), lock('docs2/x', '0')]
    expect(covering(locks, 'docs/a/b').map((l) => l.path)).toEqual(['docs'])
    expect(covering(locks, 'notes/a')).toEqual([])
    expect(covering(locks, 'docs2')).toEqual([])
    expect(lockedBelow(locks, 'docs2').map((l) => l.path)).toEqual(['docs2/x'])
    expect(lockedBelow(locks, '').length).toBe(3)
  })

  it('given a write, then each lock root protecting it needs one of its tokens: 423 naming the root otherwise', () => {
    const locks = [
      lock('docs', 'infinity', 't1'),
      lock('docs/a', '0', 't2', 'shared'),
      lock('docs/a', '0', 't3', 'shared'),
    ]
    expect(() => checkLocks(locks, [{ path: 'docs/a' }], new Set(['t1']))).toThrow(
      expect.objectContaining({ statusCode: 423, href: '/dav/docs/a' }),
    )
    expect(() => checkLocks(locks, [{ path: 'docs/a' }], new Set(['t1', 't3']))).not.toThrow()
    expect(() => checkLocks(locks, [{ path: 'docs', withMembers: true }], new Set(['t1']))).toThrow(
      expect.objectContaining({ statusCode: 423 }),
    )
  })

  it('given If headers, then lists, tags, Not and etags are read, and the header holds when one list does', async () => {
    const lists = parseIf('</dav/a> (<urn:x> ["e1"]) (Not <DAV:no-lock>) <http://h/dav/b> ([W/"e2"])', (url) =>
      new URL(url, 'http://h').pathname.slice(5),
    )
    expect(lists).toEqual([
      {
        path: 'a',
        conditions: [
          { not: false, token: 'urn:x' },
          { not: false, etag: '"e1"' },
        ],
      },
      { path: 'a', conditions: [{ not: true, token: 'DAV:no-lock' }] },
      { path: 'b', conditions: [{ not: false, etag: 'W/"e2"' }] },
    ])
    expect(submittedTokens(lists)).toEqual(new Set(['urn:x', 'DAV:no-lock']))
    const state = async (path: string) => ({ etag: path === 'b' ? '"e2"' : '"other"', tokens: new Set<string>() })
    expect(await ifHolds(lists.slice(0, 1), 'a', state)).toBe(false)
    expect(await ifHolds(lists, 'a', state)).toBe(true)
    for (const bad of ['', '(', '(<a>', 'x', '(Not)', '()'])
      expect(() => parseIf(bad, () => '')).toThrow(expect.objectContaining({ statusCode: 400 }))
  })

  it('given Timeout headers, then the first usable one, capped at a day; none gives an hour', () => {
    expect(lockTimeout('Second-600')).toBe(600)
    expect(lockTimeout('Infinite, Second-4100000000')).toBe(MAX_LOCK_SECONDS)
    expect(lockTimeout('Second-999999999')).toBe(MAX_LOCK_SECONDS)
    expect(lockTimeout('bogus')).toBe(3600)
    expect(lockTimeout(undefined)).toBe(3600)
  })
})

describe('XML', () => {
  it('given prefixes, default namespaces and character references, then elements by namespace, and content that keeps its meaning when written alone', () => {
    const e = parseXml(
      '<D:prop xmlns:D="DAV:"><x:a xmlns:x="urn:x" x:k="1" plain="&#65536;">t &amp; &#x10000;<b/><D:href>h</D:href></x:a></D:prop>',
    )
    expect([e.ns, e.local]).toEqual(['DAV:', 'prop'])
    const a = e.children[0] as ReturnType<typeof parseXml>
    expect([a.ns, a.local, a.attrs]).toEqual(['urn:x', 'a', { '{urn:x}k': '1', plain: '\u{10000}' }])
    expect(innerXml(a)).toBe('t &amp; \u{10000}<b xmlns=""/><href xmlns="DAV:">h</href>')
    expect(() => parseXml('<a xmlns:p=""><p:b/></a>')).toThrow(expect.objectContaining({ statusCode: 400 }))
    expect(() => parseXml('<p:a/>')).toThrow(expect.objectContaining({ statusCode: 400 }))
  })
})
