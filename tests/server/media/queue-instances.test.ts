// The thumbnail queue across instances of one deployment on PostgreSQL: each job is claimed
// once in the database, the instances share the work, none runs a job twice, and the job of an
// instance that died is taken over by a live one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser, uniqueEmail } from '../helpers/client.ts'
import { startPair } from '../helpers/instances.ts'
import { makeImage } from '../helpers/media.ts'
import { pgUrl } from '../helpers/server.ts'

type Pair = Awaited<ReturnType<typeof startPair>>

describe.skipIf(!pgUrl)('the thumbnail queue on two instances (PostgreSQL: set TEST_DATABASE_URL)', () => {
  let pair: Pair
  let onA: Browser
  let onB: Browser
  beforeAll(async () => {
    // Two workers each, and a heartbeat short enough that a dead claim is found within the test.
    pair = await startPair({}, { thumbnailConcurrency: 2, instanceHeartbeatMs: 500, instanceDeadAfterMs: 6_000 })
    const email = uniqueEmail('pair')
    onA = new Browser(pair.a.url)
    await onA.signup(email)
    onB = new Browser(pair.b.url)
    expect((await onB.login(email)).status).toBe(200)
  })
  afterAll(() => pair?.close())

  const queues = () => [pair.a.app.cumulus.thumbnails, pair.b.app.cumulus.thumbnails]
  const jobs = () => queues().reduce((n, q) => n + q.jobs, 0)
  const states = async (ids: string[]) =>
    (await pair.a.app.cumulus.db.selectFrom('files').select('thumb_state').where('id', 'in', ids).execute()).map(
      (r) => r.thumb_state,
    )

  it('given 20 uploads through both instances, then each file gets its thumbnail from exactly one job, and both did some', async () => {
    const before = queues().map((q) => q.jobs)
    const png = await makeImage('png')
    const ids = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const r = await (i % 2 ? onB : onA).upload(`shot-${i}.png`, png)
        expect(r.status).toBe(201)
        return r.body._id as string
      }),
    )
    // Each instance is woken by its own uploads; both see every pending row.
    queues().forEach((q) => q.wake())
    await expect.poll(async () => (await states(ids)).every((s) => s === 'done'), { timeout: 60_000 }).toBe(true)
    await Promise.all(queues().map((q) => q.idle()))
    const done = queues().map((q, k) => q.jobs - before[k]!)
    // 20 files, 20 jobs: a job run twice would make it 21 or more.
    expect(done[0]! + done[1]!).toBe(20)
    expect(done.every((n) => n > 0)).toBe(true)
    const thumbs = await pair.a.app.cumulus.db
      .selectFrom('files')
      .select('thumbnail_key')
      .where('id', 'in', ids)
      .where('has_thumbnail', '=', 1)
      .execute()
    expect(new Set(thumbs.map((t) => t.thumbnail_key)).size).toBe(20)
  })

  it('given a job claimed by an instance that died, then a live instance takes it over and it runs once', async () => {
    const r = await onA.upload('orphan.png', await makeImage('png'))
    await Promise.all(queues().map((q) => q.idle()))
    await expect.poll(async () => (await states([r.body._id]))[0], { timeout: 30_000 }).toBe('done')
    const db = pair.a.app.cumulus.db
    // As a crashed instance leaves it: claimed, nothing made (no instance row says it is alive).
    const made = await db
      .selectFrom('files')
      .select('thumbnail_key')
      .where('id', '=', r.body._id)
      .executeTakeFirstOrThrow()
    await pair.a.app.cumulus.store.delete(made.thumbnail_key!)
    await db
      .updateTable('files')
      .set({
        thumb_state: 'working:instance-that-died',
        has_thumbnail: 0,
        media: 0,
        thumbnail_id: null,
        thumbnail_key: null,
        thumb_enc: null,
        thumb_size: null,
      })
      .where('id', '=', r.body._id)
      .execute()
    const before = jobs()
    await expect.poll(async () => (await states([r.body._id]))[0], { timeout: 30_000 }).toBe('done')
    await Promise.all(queues().map((q) => q.idle()))
    expect(jobs() - before).toBe(1)
    const info = (await onB.get(`/file-service/info/${r.body._id}`)).body
    expect(info.metadata.hasThumbnail).toBe(true)
    expect((await onB.bytes(`/file-service/thumbnail/${info.metadata.thumbnailID}`)).status).toBe(200)
  })
})
