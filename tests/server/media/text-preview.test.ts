// GET /file-service/text/{id}: the text viewer's text (DESIGN.md §8 "Previews"), over HTTP.
import { truncate } from 'node:fs/promises'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BlobStore } from '../../../server/storage/blob-store.ts'
import { Browser, uniqueEmail } from '../helpers/client.ts'
import { member, shareWith } from '../helpers/members.ts'
import { startServer, type TestServer, useS3 } from '../helpers/server.ts'

const MiB = 1024 * 1024
const utf8 = new TextDecoder('utf-8', { fatal: true })

/** Counts the stored bytes every read of `store` hands out (what the server read, not what it sent). */
function countReads(store: BlobStore): { bytes: () => number; reset: () => void } {
  let total = 0
  const get = store.get.bind(store)
  store.get = async (key, range) => {
    const stream: Readable = await get(key, range)
    stream.on('data', (chunk: Buffer) => (total += chunk.length))
    return stream
  }
  return { bytes: () => total, reset: () => (total = 0) }
}

describe('text preview', () => {
  let server: TestServer
  let alice: Browser
  let aliceId: string
  let reads: ReturnType<typeof countReads>
  beforeAll(async () => {
    server = await startServer()
    alice = new Browser(server.url)
    await alice.signup(uniqueEmail('text'))
    aliceId = (await alice.get('/user-service/user')).body._id
    reads = countReads(server.app.cumulus.store)
  })
  afterAll(() => server.close())

  const upload = async (name: string, data: Uint8Array | string) => {
    const r = await alice.upload(name, data)
    expect(r.status).toBe(201)
    // The content index reads a new document too: counted reads must be the preview's alone.
    await server.app.cumulus.contentIndex.idle()
    return r.body._id as string
  }
  const text = (id: string, as = alice, headers: Record<string, string> = {}) =>
    as.bytes(`/file-service/text/${id}`, headers)

  it('given a Markdown file, then its text as text/plain UTF-8, sandboxed, nosniff, not truncated', async () => {
    const md = '# Notes\n\n[a link](https://example.com)\n\n<script>alert(1)</script>\n'
    const id = await upload('notes.md', md)
    const r = await text(id)
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(r.headers.get('x-content-type-options')).toBe('nosniff')
    expect(r.headers.get('content-security-policy')).toMatch(/\bsandbox\b/)
    expect(r.headers.get('content-security-policy')).toMatch(/default-src 'none'/)
    expect(r.headers.get('x-truncated')).toBe('false')
    expect(r.headers.get('x-text-encoding')).toBe('utf-8')
    expect(r.body.toString('utf8')).toBe(md)
  })

  it('given an .html file (text too), then its source as text/plain, never text/html', async () => {
    const html = '<!doctype html><title>x</title><script>alert(document.cookie)</script>'
    const id = await upload('page.html', html)
    const r = await text(id)
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(r.body.toString('utf8')).toBe(html)
  })

  it('given a UTF-8 BOM, then it is stripped', async () => {
    const id = await upload('bom.txt', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('héllo')]))
    const r = await text(id)
    expect(r.body.toString('utf8')).toBe('héllo')
    expect(r.headers.get('x-text-encoding')).toBe('utf-8')
  })

  it.each([
    ['utf-16le', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Grüße 😀 ∑', 'utf16le')])],
    ['utf-16be', Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from('Grüße 😀 ∑', 'utf16le').swap16()])],
  ])('given %s with its BOM, then the same text re-encoded as UTF-8', async (encoding, bytes) => {
    const id = await upload(`wide-${encoding}.txt`, bytes)
    const r = await text(id)
    expect(r.headers.get('x-text-encoding')).toBe(encoding)
    expect(utf8.decode(r.body)).toBe('Grüße 😀 ∑')
  })

  it('given bytes that are not UTF-8, then they are read as windows-1252', async () => {
    // "café – €5" in windows-1252: é is 0xE9, the en dash 0x96, the euro sign 0x80.
    const id = await upload('latin.csv', Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x20, 0x96, 0x20, 0x80, 0x35]))
    const r = await text(id)
    expect(r.headers.get('x-text-encoding')).toBe('windows-1252')
    expect(utf8.decode(r.body)).toBe('café – €5')
  })

  it('given an empty text file, then an empty text, not truncated', async () => {
    const id = await upload('empty.txt', '')
    const r = await text(id)
    expect(r.status).toBe(200)
    expect(r.body.length).toBe(0)
    expect(r.headers.get('x-truncated')).toBe('false')
  })

  it('given a text longer than 1 MiB whose 1 MiB mark splits a character, then the text up to that character, flagged truncated', async () => {
    // "a" then two-byte "é"s: byte 1,048,576 is the second half of one of them.
    const source = Buffer.from('a' + 'é'.repeat(MiB), 'utf8')
    const id = await upload('long.txt', source)
    const r = await text(id)
    expect(r.headers.get('x-truncated')).toBe('true')
    expect(r.body.length).toBe(MiB - 1)
    expect(() => utf8.decode(r.body)).not.toThrow()
    expect(source.subarray(0, r.body.length).equals(r.body)).toBe(true)
  })

  it('given four-byte characters across the mark, then never half of one', async () => {
    const source = Buffer.from('ab' + '😀'.repeat(MiB / 4 + 10), 'utf8')
    const id = await upload('emoji.txt', source)
    const r = await text(id)
    expect(r.headers.get('x-truncated')).toBe('true')
    expect(r.body.length).toBe(MiB - 2)
    expect(utf8.decode(r.body)).toBe('ab' + '😀'.repeat((MiB - 4) / 4))
  })

  it('given windows-1252 text that grows as UTF-8, then what is sent stays within 1 MiB, whole characters, truncated', async () => {
    const id = await upload('grows.txt', Buffer.alloc(MiB - 10, 0xe9))
    const r = await text(id)
    expect(r.headers.get('x-text-encoding')).toBe('windows-1252')
    expect(r.body.length).toBe(MiB)
    expect(utf8.decode(r.body)).toBe('é'.repeat(MiB / 2))
    expect(r.headers.get('x-truncated')).toBe('true')
  })

  it('given a 5 MiB text, then the server reads at most 1 MiB of it', async () => {
    const id = await upload('five.log', Buffer.alloc(5 * MiB, 'log line\n'))
    reads.reset()
    const r = await text(id)
    expect(r.status).toBe(200)
    expect(r.body.length).toBe(MiB)
    expect(reads.bytes()).toBeGreaterThan(0)
    expect(reads.bytes()).toBeLessThanOrEqual(MiB)
  })

  it.skipIf(useS3)(
    'given a 2 GiB text file (sparse on disk), then 1 MiB is read and sent, flagged truncated',
    async () => {
      const id = await upload('huge.txt', 'start\n')
      const row = await server.app.cumulus.db
        .selectFrom('files')
        .select('blob_key')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
      const size = 2 * 1024 * MiB
      // The disk store's layout (storage/fs-store.ts): blobs/<first two characters>/<key>.
      await truncate(join(server.dataDir, 'blobs', row.blob_key.slice(0, 2), row.blob_key), size)
      await server.app.cumulus.db.updateTable('files').set({ size }).where('id', '=', id).execute()
      reads.reset()
      const r = await text(id)
      expect(r.status).toBe(200)
      expect(r.headers.get('x-truncated')).toBe('true')
      expect(r.body.length).toBe(MiB)
      expect(r.body.subarray(0, 6).toString()).toBe('start\n')
      expect(reads.bytes()).toBeLessThanOrEqual(MiB)
    },
  )

  it('given a file that is not text, then 415 NOT_TEXT with a clear message, and nothing read', async () => {
    // Not an image: the thumbnail queue would read an image's bytes meanwhile.
    const id = await upload('archive.zip', Buffer.from([0x50, 0x4b, 3, 4, 0, 0, 0, 0]))
    await server.app.cumulus.thumbnails.idle()
    reads.reset()
    const r = await alice.get(`/file-service/text/${id}`)
    expect(r.status).toBe(415)
    expect(r.body).toMatchObject({ code: 'NOT_TEXT', message: 'This file is not text: download it to open it' })
    expect(reads.bytes()).toBe(0)
  })

  it('given the ETag, then 304 without the text', async () => {
    const id = await upload('etag.txt', 'same')
    const first = await text(id)
    const etag = first.headers.get('etag')!
    expect(etag).toMatch(/^"t.+"$/)
    const again = await text(id, alice, { 'if-none-match': etag })
    expect(again.status).toBe(304)
    expect(again.body.length).toBe(0)
  })

  it('given a member share, then a viewer reads it; a stranger and a made-up id get 404', async () => {
    const id = await upload('shared.txt', 'for the family')
    const viewer = await member(server, 'viewer')
    await shareWith(server, { id: aliceId }, { type: 'file', id }, viewer, 'viewer')
    const seen = await text(id, viewer.browser)
    expect(seen.status).toBe(200)
    expect(seen.body.toString()).toBe('for the family')

    const stranger = await member(server, 'stranger')
    const refused = await stranger.browser.get(`/file-service/text/${id}`)
    expect(refused.status).toBe(404)
    expect(refused.text).not.toContain('family')
    expect((await alice.get('/file-service/text/aaaaaaaaaaaaaaaaaaaaaaaa')).status).toBe(404)
    expect((await new Browser(server.url).get(`/file-service/text/${id}`)).status).toBe(401)
  })
})

describe('text preview, encrypted at rest', () => {
  let server: TestServer
  let alice: Browser
  let reads: ReturnType<typeof countReads>
  beforeAll(async () => {
    server = await startServer({ env: { ENCRYPTION_KEY: 'cd'.repeat(32) } })
    alice = new Browser(server.url)
    await alice.signup(uniqueEmail('vaulted'))
    reads = countReads(server.app.cumulus.store)
  })
  afterAll(() => server.close())

  it('given an encrypted 3 MiB text, then its plaintext start, reading one chunk, not the file', async () => {
    const source = Buffer.from('ü'.repeat(1.5 * MiB), 'utf8')
    const id = (await alice.upload('vault.txt', source)).body._id
    // The content index reads the new document too: counted reads must be the preview's alone.
    await server.app.cumulus.contentIndex.idle()
    reads.reset()
    const r = await alice.bytes(`/file-service/text/${id}`)
    expect(r.status).toBe(200)
    expect(r.headers.get('x-truncated')).toBe('true')
    expect(r.body.equals(source.subarray(0, MiB))).toBe(true)
    // One 1 MiB chunk with its header and tag, not the 3 MiB.
    expect(reads.bytes()).toBeLessThan(MiB + 4096)
  })

  it('given a small encrypted text, then exactly its text', async () => {
    const id = (await alice.upload('small.md', '# Secret\n')).body._id
    const r = await alice.bytes(`/file-service/text/${id}`)
    expect(r.body.toString()).toBe('# Secret\n')
    expect(r.headers.get('x-truncated')).toBe('false')
  })
})
