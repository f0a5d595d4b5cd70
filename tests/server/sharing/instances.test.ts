// Several instances of one deployment (PostgreSQL, and Redis for the counters): a revoke or a
// change made through one instance holds on the others at the very next request (no instance
// keeps link lookups), and wrong passwords from one address are counted once across instances.
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser } from '../helpers/client.ts'
import { startPair } from '../helpers/instances.ts'
import { pgUrl, type TestServer } from '../helpers/server.ts'
import { file, owner, share } from './share-helpers.ts'

const redisUrl = process.env.TEST_REDIS_URL

describe.skipIf(!pgUrl)('share links across instances (PostgreSQL)', () => {
  let pair: Awaited<ReturnType<typeof startPair>>
  beforeAll(async () => {
    pair = await startPair()
  })
  afterAll(() => pair.close())

  it('given a link revoked on A, then B answers 404 at once; an option changed on A holds on B', async () => {
    const alice = await owner(pair.a)
    const link = await share(alice, { itemType: 'file', itemId: await file(alice, 'x.txt', 'x') })
    const onB = (rest = '') => new Browser(pair.b.url).get(`/share-service/public/${link.token}${rest}`)
    expect((await onB()).status).toBe(200)
    await alice.patch(`/share-service/links/${link._id}`, { password: 'now locked' })
    expect((await onB()).status).toBe(401)
    await alice.delete(`/share-service/links/${link._id}`)
    expect((await onB()).status).toBe(404)
  })

  it('given a limit of 2 and downloads split across A and B, then exactly 2 succeed', async () => {
    const alice = await owner(pair.a)
    const link = await share(alice, { itemType: 'file', itemId: await file(alice, 'y.txt', 'y'), maxDownloads: 2 })
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        new Browser((i % 2 ? pair.a : pair.b).url).bytes(`/share-service/public/${link.token}/download`),
      ),
    )
    expect(results.filter((r) => r.status === 200)).toHaveLength(2)
  })
})

describe.skipIf(!pgUrl || !redisUrl)('password guesses across instances (PostgreSQL + Redis)', () => {
  let pair: Awaited<ReturnType<typeof startPair>>
  beforeAll(async () => {
    const u = new URL(redisUrl!)
    u.searchParams.set('keyPrefix', `cumulus-test-${randomBytes(6).toString('hex')}:`)
    pair = await startPair({ REDIS_URL: u.toString() })
  })
  afterAll(() => pair.close())

  it('given 10 wrong passwords from one address split across A and B, then the next is 429 on both', async () => {
    const alice = await owner(pair.a)
    const link = await share(alice, {
      itemType: 'file',
      itemId: await file(alice, 'z.txt', 'z'),
      password: 'the right one',
    })
    const unlock = (server: TestServer, password: string) =>
      new Browser(server.url).post(`/share-service/public/${link.token}/unlock`, { password })
    for (let i = 0; i < 10; i++) expect((await unlock(i % 2 ? pair.a : pair.b, `wrong ${i}`)).status).toBe(401)
    expect((await unlock(pair.a, 'the right one')).status).toBe(429)
    expect((await unlock(pair.b, 'the right one')).status).toBe(429)
  })
})
