// PROPFIND Depth 1 on a folder of 10,000 files: the multistatus is streamed, read from the
// database and written a page at a time as the client takes it, so the server holds about one
// page, never the folder.
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fileRow } from '../../../server/services/drive/uploads.ts'
import { basic, startDav, type DavAccount, type TestServer } from './dav-helpers.ts'

const FILES = 10_000

let server: TestServer
let account: DavAccount
beforeAll(async () => {
  ;({ server, account } = await startDav())
  const folder = await server.app.cumulus.tree.createFolder(account.userId, 'big')
  // Rows only: PROPFIND reads no bytes, and 10,000 uploads would cost the suite a minute.
  const rows = Array.from({ length: FILES }, (_, i) =>
    fileRow(
      account.userId,
      folder.id,
      `file-${String(i).padStart(5, '0')}.txt`,
      'text/plain',
      { key: randomBytes(12).toString('hex'), size: i, sha256: '' },
      1_700_000_000_000 + i,
    ),
  )
  const db = server.app.cumulus.db as any
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('files')
      .values(rows.slice(i, i + 500))
      .execute()
}, 120_000)
afterAll(() => server.close())

describe('PROPFIND Depth 1 on 10,000 files', () => {
  it(
    'given the folder, then every child is answered, a page of rows at a time, and a client that stops reading stops the reading of rows',
    { timeout: 120_000 },
    async () => {
      const dav = server.app.cumulus.drive.dav
      const original = dav.filePage
      const calls: Array<{ limit: number; rows: number }> = []
      dav.filePage = async (...args: Parameters<typeof original>) => {
        const rows = await original(...args)
        calls.push({ limit: args[3], rows: rows.length })
        return rows
      }
      try {
        const res = await fetch(`${server.url}/dav/big/`, {
          method: 'PROPFIND',
          headers: { authorization: basic(account.email, account.write), depth: '1' },
        })
        expect(res.status).toBe(207)
        expect(res.headers.get('content-length')).toBeNull()
        const reader = res.body!.getReader()
        const decoder = new TextDecoder()
        let text = decoder.decode((await reader.read()).value, { stream: true })
        // The client reads nothing more until the server has stopped asking for rows: with the
        // reply streamed, backpressure stops it well before the end of the ~9 MB listing.
        for (let seen = -1; seen !== calls.length;) {
          seen = calls.length
          await new Promise((resolve) => setTimeout(resolve, 300))
        }
        const whilePaused = calls.length
        expect(whilePaused).toBeLessThan(FILES / 500)
        for (let r = await reader.read(); !r.done; r = await reader.read())
          text += decoder.decode(r.value, { stream: true })
        expect(text.match(/<D:response>/g)).toHaveLength(FILES + 1)
        expect(text).toContain('<D:href>/dav/big/file-09999.txt</D:href>')
        expect(text).toContain('<D:getcontentlength>9999</D:getcontentlength>')
        expect(text.trimEnd().endsWith('</D:multistatus>')).toBe(true)
        // Bounded: never more than one page of rows read at a time.
        expect(calls.length).toBeGreaterThan(whilePaused)
        expect(Math.max(...calls.map((c) => c.rows))).toBeLessThanOrEqual(500)
        expect(calls.every((c) => c.limit === 500)).toBe(true)
      } finally {
        dav.filePage = original
      }
    },
  )
})
