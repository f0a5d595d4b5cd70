// The content index's queue on two instances of one deployment (PostgreSQL): each document's
// job is claimed once in the database, and one claimed by an instance that died is taken over.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser, uniqueEmail } from '../helpers/client.ts'
import { startPair } from '../helpers/instances.ts'
import { pgUrl } from '../helpers/server.ts'

type Pair = Awaited<ReturnType<typeof startPair>>

describe.skipIf(!pgUrl)('the content queue on two instances (PostgreSQL: set TEST_DATABASE_URL)', () => {
  let pair: Pair
  let onA: Browser
  let onB: Browser
  beforeAll(async () => {
    pair = await startPair({}, { instanceHeartbeatMs: 500, instanceDeadAfterMs: 6_000 })
    const email = uniqueEmail('content-pair')
    onA = new Browser(pair.a.url)
    await onA.signup(email)
    onB = new Browser(pair.b.url)
    expect((await onB.login(email)).status).toBe(200)
  })
  afterAll(() => pair?.close())

  const queues = () => [pair.a.app.cumulus.contentIndex, pair.b.app.cumulus.contentIndex]
  const jobs = () => queues().reduce((n, q) => n + q.jobs, 0)
  const states = async (ids: string[]) =>
    (await pair.a.app.cumulus.db.selectFrom('content_index').select('state').where('file_id', 'in', ids).execute()).map(
      (r) => r.state,
    )

  it('given 20 documents uploaded through both instances, then each is indexed by exactly one job', async () => {
    const before = jobs()
    const ids = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const r = await (i % 2 ? onB : onA).upload(`note-${i}.txt`, `shared word daffodil${i}`)
        expect(r.status).toBe(201)
        return r.body._id as string
      }),
    )
    queues().forEach((q) => q.wake())
    await expect
      .poll(async () => (await states(ids)).filter((s) => s === 'indexed').length, { timeout: 60_000 })
      .toBe(20)
    await Promise.all(queues().map((q) => q.idle()))
    expect(jobs() - before).toBe(20)
  })

  it('given a job claimed by an instance that died, then a live instance takes it over', async () => {
    const r = await onA.upload('orphan.txt', 'left behind primrose')
    await expect.poll(async () => (await states([r.body._id]))[0], { timeout: 30_000 }).toBe('indexed')
    await pair.a.app.cumulus.db
      .updateTable('content_index')
      .set({ state: 'working:instance-that-died', body: null, words: null })
      .where('file_id', '=', r.body._id)
      .execute()
    const before = jobs()
    await expect.poll(async () => (await states([r.body._id]))[0], { timeout: 30_000 }).toBe('indexed')
    await Promise.all(queues().map((q) => q.idle()))
    expect(jobs() - before).toBe(1)
  })
})
