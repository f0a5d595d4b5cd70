// Blob keys reserved ahead (storage/blob-janitor.ts, migration 022): a write takes a key whose
// record is durable already, so its blob may be published at once; the record goes in the commit
// that names the blob, or with the blob when the write gives up; a dead server's unused keys are
// swept like its pending outbox keys (the blob goes unless a row names it).
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser, uniqueEmail } from '../helpers/client.ts'
import { startServer, type TestServer } from '../helpers/server.ts'

describe('blob keys reserved ahead', () => {
  let server: TestServer
  let alice: Browser
  beforeAll(async () => {
    server = await startServer()
    alice = new Browser(server.url)
    await alice.signup(uniqueEmail('key-pool'))
  })
  afterAll(() => server.close())

  const c = () => server.app.cumulus
  const pooled = async () => await c().db.selectFrom('blob_key_pool').select(['key', 'instance_id']).execute()
  const blobKeys = async () => {
    const keys: string[] = []
    for await (const k of c().store.keys()) keys.push(k)
    return keys
  }

  it('given keys taken for writes, then each is recorded before it is handed out, settled by the commit that names it, and given up with its blob', async () => {
    const key = await c().janitor.takeKey()
    const recorded = await pooled()
    expect(recorded.map((r) => r.key)).toContain(key)
    // On disk, the folders of the batch were made with it: no upload waits for a mkdir.
    if (server.config.blobStore === 'fs')
      for (const r of recorded) expect(existsSync(join(server.dataDir, 'blobs', r.key.slice(0, 2)))).toBe(true)
    // A batch at a time, all under this server.
    expect(recorded.length).toBeGreaterThan(1)
    expect(new Set(recorded.map((r) => r.instance_id)).size).toBe(1)

    // Given up after its bytes were written: the blob and the record go.
    await c().store.put(Readable.from([Buffer.from('abandoned')]), { key })
    expect(await blobKeys()).toContain(key)
    await c().janitor.abandon([key])
    expect(await blobKeys()).not.toContain(key)
    expect((await pooled()).map((r) => r.key)).not.toContain(key)

    // An upload's key: its record goes in the commit that makes the file.
    const before = (await pooled()).map((r) => r.key)
    const file = (await alice.upload('pooled.txt', 'hello')).body
    const row = await c().db.selectFrom('files').select('blob_key').where('id', '=', file._id).executeTakeFirstOrThrow()
    expect(before).toContain(row.blob_key)
    expect((await pooled()).map((r) => r.key)).not.toContain(row.blob_key)
    expect(await c().db.selectFrom('blob_outbox').selectAll().execute()).toEqual([])
  })

  it('given keys a dead server reserved, then the sweep removes their blobs unless a row names them, and their records', async () => {
    const dead = 'dead-instance-1'
    await c()
      .db.insertInto('blob_key_pool')
      .values([
        { key: 'deadkeyunusedblob000000000000001', instance_id: dead, created_at: 0 },
        { key: 'deadkeynoblob0000000000000000002', instance_id: dead, created_at: 0 },
      ])
      .execute()
    await c().store.put(Readable.from([Buffer.from('orphan')]), { key: 'deadkeyunusedblob000000000000001' })
    // A key a dead server used for a file whose row committed: its record went stale, the blob stays.
    const kept = (await alice.upload('kept.txt', 'kept')).body
    const keptKey = (
      await c().db.selectFrom('files').select('blob_key').where('id', '=', kept._id).executeTakeFirstOrThrow()
    ).blob_key
    await c().db.insertInto('blob_key_pool').values({ key: keptKey, instance_id: dead, created_at: 0 }).execute()

    await c().janitor.sweep()
    const left = await pooled()
    expect(left.filter((r) => r.instance_id === dead)).toEqual([])
    const keys = await blobKeys()
    expect(keys).not.toContain('deadkeyunusedblob000000000000001')
    expect(keys).toContain(keptKey)
    expect((await alice.get(`/file-service/download/${kept._id}`)).status).toBe(200)
  })
})
