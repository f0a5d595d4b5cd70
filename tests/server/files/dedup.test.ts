// Exact duplicates cost no new bytes: an upload whose content (sha256 and size, checked once the
// bytes are in) equals a blob its owner already stores shares that blob, by every way in (multipart,
// folder uploads, tus, WebDAV PUT, make a copy), encrypted at rest or not. Deleting one copy never
// deletes another's bytes, and used bytes count each blob once, split into files / versions /
// trash that add up. CI runs this on PostgreSQL + S3 as well as SQLite + disk.
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBlobOutboxRepository } from '../../../server/repositories/blob-outbox.ts'
import { basic, dav, davAccount } from '../dav/dav-helpers.ts'
import { Browser, uniqueEmail } from '../helpers/client.ts'
import { blobKeys, expectConsistent, randomBytes } from '../helpers/drive.ts'
import { startServer, type TestServer } from '../helpers/server.ts'
import { tusUpload } from '../helpers/tus.ts'

let server: TestServer
let vaulted: TestServer
beforeAll(async () => {
  ;[server, vaulted] = await Promise.all([startServer(), startServer({ env: { ENCRYPTION_KEY: 'ab'.repeat(32) } })])
})
afterAll(() => Promise.all([server.close(), vaulted.close()]))

async function account(on: TestServer = server) {
  const b = new Browser(on.url)
  const { user } = await b.signup(uniqueEmail('dedup'), 'secret123')
  return { b, id: user._id as string }
}
/** The blob keys of an owner's file rows, one per row. */
const keysOf = async (on: TestServer, owner: string) =>
  (
    await on.app.cumulus.db.selectFrom('files').select('blob_key').where('owner_id', '=', owner).orderBy('id').execute()
  ).map((r) => r.blob_key)
const usage = async (b: Browser) => {
  const r = await b.get('/user-service/user-detailed')
  expect(r.status, r.text).toBe(200)
  return { used: r.body.used as number, usedBy: r.body.usedBy as { files: number; versions: number; trash: number } }
}
const download = async (b: Browser, id: string) => (await b.bytes(`/file-service/download/${id}`)).body

describe('exact duplicates', () => {
  it('given the same bytes uploaded twice, then both files share one blob, used counts it once, and each downloads whole', async () => {
    const { b, id } = await account()
    const data = randomBytes(200_000, 11)
    const one = (await b.upload('one.bin', data)).body._id
    const before = await blobKeys(server)
    const two = (await b.upload('two.bin', data)).body._id
    await server.app.cumulus.janitor.sweep()
    expect(await blobKeys(server)).toEqual(before)
    const [k1, k2] = await keysOf(server, id)
    expect(k1).toBe(k2)
    expect(await usage(b)).toEqual({ used: data.length, usedBy: { files: data.length, versions: 0, trash: 0 } })
    expect((await download(b, one)).equals(data)).toBe(true)
    expect((await download(b, two)).equals(data)).toBe(true)
    await expectConsistent(server, expect)
  })

  it('given one copy deleted for good, then the other keeps its bytes; the last one gone frees the blob', async () => {
    const { b } = await account()
    const data = randomBytes(50_000, 12)
    const one = (await b.upload('keep.bin', data)).body._id
    const before = await blobKeys(server)
    const two = (await b.upload('copy.bin', data)).body._id
    expect((await b.delete('/file-service/remove', { id: one })).status).toBe(200)
    await server.app.cumulus.janitor.sweep()
    expect((await download(b, two)).equals(data)).toBe(true)
    expect(await blobKeys(server)).toEqual(before)
    expect((await usage(b)).used).toBe(data.length)
    expect((await b.delete('/file-service/remove', { id: two })).status).toBe(200)
    await server.app.cumulus.janitor.sweep()
    expect((await blobKeys(server)).length).toBe(before.length - 1)
    expect((await usage(b)).used).toBe(0)
    await expectConsistent(server, expect)
  })

  it('given the last two copies deleted at once and the second delete’s own flush lost to a crash, then the sweep still frees the blob', async () => {
    // The first delete's flush runs while the second, which condemned the same key on the same
    // outbox record, has not committed: the flush must leave that record to it, not drop it as a
    // shared blob's (the crash test's SIGKILL found 16 such orphans on PostgreSQL + S3).
    const { b, id } = await account()
    const data = randomBytes(40_000, 14)
    const one = (await b.upload('race-1.bin', data)).body._id as string
    const two = (await b.upload('race-2.bin', data)).body._id as string
    const [key] = await keysOf(server, id)
    const { db, dialect, janitor } = server.app.cumulus
    const deleteRow = async (trx: typeof db, fileId: string) => {
      await trx.deleteFrom('files').where('id', '=', fileId).execute()
      await janitor.condemn(createBlobOutboxRepository(trx, dialect), [key!])
    }
    await db.transaction().execute((trx) => deleteRow(trx, one))
    let commit!: () => void
    const held = new Promise<void>((r) => (commit = r))
    let condemned!: () => void
    const inFlight = new Promise<void>((r) => (condemned = r))
    const second = db.transaction().execute(async (trx) => {
      await deleteRow(trx, two)
      condemned()
      await held
    })
    await inFlight
    const firstFlush = janitor.flush([key!])
    if (dialect === 'postgres') {
      // Until the flush is done, or waits on the second delete's lock (what it did before).
      let flushed = false
      void firstFlush.then(() => (flushed = true))
      for (const until = Date.now() + 5_000; !flushed && Date.now() < until;) {
        const waiting = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
          where wait_event_type = 'Lock' and query like '%blob_outbox%'`.execute(db)
        if (waiting.rows[0]!.n > 0) break
        await new Promise((r) => setTimeout(r, 20))
      }
    } else {
      // One connection: the flush queues behind the open transaction.
      await new Promise((r) => setTimeout(r, 50))
    }
    commit()
    await second
    await firstFlush
    // The crash: the second delete never flushes. The restarted server's sweep settles its record.
    await janitor.sweep()
    expect(await blobKeys(server)).not.toContain(key)
    expect(await db.selectFrom('blob_outbox').select('key').where('key', '=', key!).execute()).toEqual([])
    await expectConsistent(server, expect)
  })

  it('given a copy in the trash and one outside, then the blob is the files’; trashing both makes it the trash’s', async () => {
    const { b } = await account()
    const data = randomBytes(30_000, 13)
    const one = (await b.upload('a.bin', data)).body._id
    const two = (await b.upload('b.bin', data)).body._id
    await b.patch('/file-service/trash', { id: one })
    expect(await usage(b)).toEqual({ used: data.length, usedBy: { files: data.length, versions: 0, trash: 0 } })
    await b.patch('/file-service/trash', { id: two })
    expect(await usage(b)).toEqual({ used: data.length, usedBy: { files: 0, versions: 0, trash: data.length } })
  })

  it('given a replaced file whose old content another file shares, then deleting that file keeps the version whole', async () => {
    const { b } = await account()
    const old = randomBytes(40_000, 14)
    const fresh = randomBytes(10_000, 15)
    const doc = (await b.upload('doc.bin', old)).body._id
    const twin = (await b.upload('twin.bin', old)).body._id
    expect((await b.upload('doc.bin', fresh, '/', { conflict: 'replace' })).status).toBe(201)
    expect(await usage(b)).toEqual({
      used: old.length + fresh.length,
      usedBy: { files: old.length + fresh.length, versions: 0, trash: 0 },
    })
    expect((await b.delete('/file-service/remove', { id: twin })).status).toBe(200)
    await server.app.cumulus.janitor.sweep()
    const versions = (await b.get(`/file-service/${doc}/versions`)).body.versions
    expect(versions).toHaveLength(1)
    const v = await b.bytes(`/file-service/${doc}/versions/${versions[0]._id}/download`)
    expect(v.body.equals(old)).toBe(true)
    expect(await usage(b)).toEqual({
      used: old.length + fresh.length,
      usedBy: { files: fresh.length, versions: old.length, trash: 0 },
    })
    await expectConsistent(server, expect)
  })

  it('given duplicates arriving by tus, a folder upload, WebDAV and make a copy, then they all share the first blob', async () => {
    const dav1 = await davAccount(server, 'dedup-dav')
    const b = dav1.browser
    const data = randomBytes(60_000, 16)
    await b.upload('first.bin', data)
    const before = await blobKeys(server)
    await tusUpload(server.url, b, data, { filename: 'by-tus.bin' })
    expect((await b.uploadFolder({ 'Album/x.bin': data, 'Album/y.bin': data })).status).toBe(201)
    const auth = basic(dav1.email, dav1.write)
    expect((await dav(server, auth, 'PUT', '/dav/by-dav.bin', { body: data })).status).toBe(201)
    const first = (await b.get('/file-service/list?search=first')).body[0]._id
    expect((await b.post(`/file-service/${first}/copy`, {})).status).toBe(201)
    await server.app.cumulus.janitor.sweep()
    expect(await blobKeys(server)).toEqual(before)
    expect(new Set(await keysOf(server, dav1.userId)).size).toBe(1)
    expect((await usage(b)).used).toBe(data.length)
    await expectConsistent(server, expect)
  })

  it('given copies deleted while new duplicates arrive, then every file left downloads whole and no blob is orphaned', async () => {
    const { b } = await account()
    const data = randomBytes(80_000, 18)
    const first = (await b.upload('seed.bin', data)).body._id
    // Each round deletes the newest copy while the next one adopts its blob: on PostgreSQL the
    // twin's row lock, on SQLite the one writer, keep the blob from going under the new row.
    let last = first
    for (let round = 0; round < 6; round++) {
      const [removed, added] = await Promise.all([
        b.delete('/file-service/remove', { id: last }),
        b.upload(`copy-${round}.bin`, data),
      ])
      expect(removed.status).toBe(200)
      expect(added.status).toBe(201)
      last = added.body._id
      await server.app.cumulus.janitor.sweep()
      expect((await download(b, last)).equals(data)).toBe(true)
    }
    expect((await usage(b)).used).toBe(data.length)
    await expectConsistent(server, expect)
  })

  it('given a folder upload of 300 equal files, then they all name the first one’s blob and one blob is left', async () => {
    const { b, id } = await account()
    const files: Record<string, string> = {}
    for (let i = 0; i < 300; i++) files[`Many/f-${i}.txt`] = 'the same line'
    const before = await blobKeys(server)
    expect((await b.uploadFolder(files)).status).toBe(201)
    await server.app.cumulus.janitor.sweep()
    expect(new Set(await keysOf(server, id)).size).toBe(1)
    expect((await blobKeys(server)).length).toBe(before.length + 1)
    expect((await usage(b)).used).toBe(Buffer.byteLength('the same line'))
  })

  it('given the same bytes from two accounts, then each keeps a blob of its own', async () => {
    const alice = await account()
    const bob = await account()
    const data = randomBytes(20_000, 17)
    await alice.b.upload('same.bin', data)
    await bob.b.upload('same.bin', data)
    await server.app.cumulus.janitor.sweep()
    const [a] = await keysOf(server, alice.id)
    const [c] = await keysOf(server, bob.id)
    expect(a).not.toBe(c)
    expect((await usage(bob.b)).used).toBe(data.length)
  })

  it('given blobs encrypted at rest, then duplicates share the blob and its one wrapped key, and the bytes on disk are sealed', async () => {
    const { b, id } = await account(vaulted)
    const data = Buffer.from('the same secret line\n'.repeat(2000))
    const one = (await b.upload('s1.txt', data)).body._id
    const before = await blobKeys(vaulted)
    const two = (await b.upload('s2.txt', data)).body._id
    await vaulted.app.cumulus.janitor.sweep()
    expect(await blobKeys(vaulted)).toEqual(before)
    const rows = await vaulted.app.cumulus.db
      .selectFrom('files')
      .select(['blob_key', 'enc'])
      .where('owner_id', '=', id)
      .execute()
    expect(rows).toHaveLength(2)
    expect(rows[0]!.enc).toBeTruthy()
    expect(rows[1]).toEqual(rows[0])
    expect((await download(b, one)).equals(data)).toBe(true)
    expect((await download(b, two)).equals(data)).toBe(true)
    const sealed: Buffer[] = []
    for await (const chunk of await vaulted.app.cumulus.store.get(rows[0]!.blob_key)) sealed.push(chunk)
    expect(Buffer.concat(sealed).includes('the same secret line')).toBe(false)
    expect((await b.delete('/file-service/remove', { id: one })).status).toBe(200)
    await vaulted.app.cumulus.janitor.sweep()
    expect((await download(b, two)).equals(data)).toBe(true)
    await expectConsistent(vaulted, expect)
  })
})
