// The server says how it is (DESIGN.md §8 Operations): GET /admin/server for Settings → Server,
// GET /metrics in Prometheus text behind METRICS_TOKEN (read back by a real text-format parser),
// and /readyz for load balancers.
import parsePrometheusTextFormat, { type PromFamily } from 'parse-prometheus-text-format'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser, uniqueEmail } from './helpers/client.ts'
import { randomBytes } from './helpers/drive.ts'
import { startMailSink } from './helpers/smtp.ts'
import { startServer, type TestServer } from './helpers/server.ts'

const TOKEN = 'metrics-token-0123456789abcdef'
let server: TestServer
let admin: Browser
let member: Browser
let memberEmail: string
let fileId: string
const fileName = 'secret-plans-of-alice.txt'

beforeAll(async () => {
  server = await startServer({ env: { METRICS_TOKEN: TOKEN } })
  admin = new Browser(server.url)
  await admin.signup(uniqueEmail('admin'))
  member = new Browser(server.url)
  memberEmail = uniqueEmail('member')
  await member.signup(memberEmail)
  const r = await member.upload(fileName, randomBytes(10_000, 4))
  expect(r.status).toBe(201)
  fileId = r.body._id
  // Requests that put a name, an id and an email in their URLs, for the label check.
  expect((await member.bytes(`/file-service/download/${fileId}`)).status).toBe(200)
  await member.get(`/file-service/list?search=${encodeURIComponent(fileName)}`)
  await member.get(`/nothing-here/${encodeURIComponent(memberEmail)}`)
})
afterAll(() => server.close())

const scrape = (token?: string) =>
  fetch(`${server.url}/metrics`, token === undefined ? {} : { headers: { authorization: `Bearer ${token}` } })

describe('GET /metrics', () => {
  it('given no token or a wrong one, then 401 and no metrics', async () => {
    for (const token of [undefined, '', 'wrong-token-0123456789abcdef', `${TOKEN}x`]) {
      const r = await scrape(token)
      expect(r.status).toBe(401)
      expect(await r.text()).not.toMatch(/cumulus_/)
    }
  })

  it('given the token, then Prometheus text: requests by route pattern, latency, queues, storage, disk', async () => {
    const r = await scrape(TOKEN)
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
    const text = await r.text()
    const families = new Map(parsePrometheusTextFormat(text).map((f: PromFamily) => [f.name, f]))
    const requests = families.get('cumulus_http_requests_total')!
    expect(requests.type).toBe('COUNTER')
    expect(requests.metrics).toContainEqual({
      labels: { method: 'GET', route: '/file-service/download/:id', status: '200' },
      value: expect.any(String),
    })
    expect(families.get('cumulus_http_request_duration_seconds')!.type).toBe('HISTOGRAM')
    const gauge = (name: string, labels: Record<string, string>) =>
      Number(families.get(name)!.metrics.find((m) => JSON.stringify(m.labels) === JSON.stringify(labels))?.value)
    expect(gauge('cumulus_queue_depth', { queue: 'thumbnails' })).toBeGreaterThanOrEqual(0)
    expect(gauge('cumulus_queue_depth', { queue: 'indexing' })).toBeGreaterThanOrEqual(0)
    expect(gauge('cumulus_storage_bytes', { kind: 'files' })).toBeGreaterThanOrEqual(10_000)
    expect(gauge('cumulus_disk_bytes', { kind: 'free' })).toBeGreaterThan(0)
    // No backup ran: no age to report.
    expect(families.get('cumulus_last_backup_age_seconds')?.metrics ?? []).toEqual([])

    // Labels hold patterns only: no file name, id or email from the URLs above.
    for (const secret of [fileName, fileId, memberEmail, 'nothing-here', 'secret-plans'])
      expect(text).not.toContain(secret)
    const routes = new Set(requests.metrics.map((m) => m.labels!.route))
    expect(routes).toContain('unmatched')
    for (const route of routes) expect(route).toMatch(/^(unmatched|\/[\w\-/:*.]*)$/)
  })

  it('given a last backup recorded, then its age and result are scraped', async () => {
    const at = new Date(Date.now() - 3 * 24 * 3600_000).toISOString()
    await setLastBackup({ at, ok: false, dir: '/backups/x', bytes: 0, files: 0, error: 'disk full' })
    const text = await (await scrape(TOKEN)).text()
    const families = new Map(parsePrometheusTextFormat(text).map((f: PromFamily) => [f.name, f]))
    const [age] = families.get('cumulus_last_backup_age_seconds')!.metrics
    expect(age!.labels).toEqual({ result: 'failed' })
    expect(Number(age!.value)).toBeGreaterThan(3 * 24 * 3600 - 60)
    await server.app.cumulus.db.deleteFrom('settings').where('key', '=', 'backup.last').execute()
  })

  it('given METRICS_TOKEN unset, then there is no /metrics', async () => {
    const plain = await startServer()
    try {
      expect((await fetch(`${plain.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404)
    } finally {
      await plain.close()
    }
  })
})

async function setLastBackup(v: object) {
  const db = server.app.cumulus.db
  await db.deleteFrom('settings').where('key', '=', 'backup.last').execute()
  await db
    .insertInto('settings')
    .values({ key: 'backup.last', value: JSON.stringify(v) })
    .execute()
}

describe('GET /admin/server', () => {
  it('given a member, then 403; given nobody, then 401', async () => {
    expect((await member.get('/admin/server')).status).toBe(403)
    expect((await new Browser(server.url).get('/admin/server')).status).toBe(401)
  })

  it('given the admin, then version, uptime, storage per member, disk, queues and no warning', async () => {
    const r = await admin.get('/admin/server')
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      uptimeSeconds: expect.any(Number),
      disk: { free: expect.any(Number), total: expect.any(Number) },
      lastBackup: null,
      queues: { thumbnails: expect.any(Number), indexing: expect.any(Number) },
    })
    const mine = r.body.storage.members.find((m: any) => m.email === memberEmail)
    expect(mine).toMatchObject({ files: 10_000, versions: 0, trash: 0 })
    expect(r.body.storage.files).toBeGreaterThanOrEqual(10_000)
    // The test disk may be nearly full; backups are the point here.
    expect(r.body.warnings.filter((w: any) => w.code !== 'DISK_LOW')).toEqual([])
  })

  it('given a failed or a stale last backup, then a warning says so', async () => {
    const old = new Date(Date.now() - 3 * 24 * 3600_000).toISOString()
    await setLastBackup({ at: old, ok: true, dir: '/b/1', bytes: 10, files: 1 })
    expect((await admin.get('/admin/server')).body.warnings).toContainEqual({ code: 'BACKUP_STALE', at: old })
    const now = new Date().toISOString()
    await setLastBackup({ at: now, ok: false, dir: '/b/2', bytes: 0, files: 0, error: 'No space left on device' })
    const r = await admin.get('/admin/server')
    expect(r.body.lastBackup).toMatchObject({ ok: false, error: 'No space left on device' })
    expect(r.body.warnings).toContainEqual({ code: 'BACKUP_FAILED', at: now, error: 'No space left on device' })
    await server.app.cumulus.db.deleteFrom('settings').where('key', '=', 'backup.last').execute()
  })
})

describe('GET /readyz', () => {
  it('given the database and the store answering, then 200', async () => {
    const r = await fetch(`${server.url}/readyz`)
    expect(r.status).toBe(200)
    expect(await r.json()).toEqual({ status: 'ready' })
  })

  it('given the blob store failing, then 503 naming it; given it back, then 200', async () => {
    const store = server.app.cumulus.store
    const keys = store.keys
    store.keys = () => ({
      [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(new Error('ECONNREFUSED')) }),
    })
    try {
      const r = await fetch(`${server.url}/readyz`)
      expect(r.status).toBe(503)
      expect(await r.json()).toMatchObject({ code: 'NOT_READY', message: 'The blob store does not answer' })
    } finally {
      store.keys = keys
    }
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200)
  })

  it('given the database closed, then 503 naming it', async () => {
    const other = await startServer()
    try {
      await other.app.cumulus.db.destroy()
      const r = await fetch(`${other.url}/readyz`)
      expect(r.status).toBe(503)
      expect(await r.json()).toMatchObject({ code: 'NOT_READY', message: 'The database does not answer' })
    } finally {
      await other.close().catch(() => undefined)
    }
  })
})

describe('warnings mailed to the admins', () => {
  it('given SMTP and a failed backup, then each admin gets one mail, once; a new failure mails again', async () => {
    const sink = await startMailSink()
    const mailing = await startServer({ env: { SMTP_URL: sink.url, PUBLIC_URL: 'http://cumulus.test' } })
    try {
      const first = new Browser(mailing.url)
      const adminEmail = uniqueEmail('admin')
      await first.signup(adminEmail)
      await new Browser(mailing.url).signup(uniqueEmail('member'))
      const db = mailing.app.cumulus.db
      const record = async (at: string) => {
        await db.deleteFrom('settings').where('key', '=', 'backup.last').execute()
        const value = JSON.stringify({ at, ok: false, dir: '/b', bytes: 0, files: 0, error: 'No space left on device' })
        await db.insertInto('settings').values({ key: 'backup.last', value }).execute()
      }
      const failedAt = new Date().toISOString()
      await record(failedAt)
      const seen = sink.mails.length
      // Disk warnings depend on the test machine's disk: only the backup's are counted here.
      const backupMails = () => sink.mails.slice(seen).filter((m) => /backup failed/.test(m.decoded))
      await mailing.app.cumulus.warningMails.check()
      const mail = await sink.waitFor(adminEmail, seen)
      expect(mail.decoded).toContain('No space left on device')
      expect(backupMails().map((m) => m.to)).toEqual([[adminEmail]])
      // Checked again (the next hour, or after a restart): not mailed twice.
      await mailing.app.cumulus.warningMails.check()
      expect(backupMails()).toHaveLength(1)
      // Another failure is another warning.
      await record(new Date(Date.now() + 1000).toISOString())
      await mailing.app.cumulus.warningMails.check()
      expect(backupMails()).toHaveLength(2)
    } finally {
      await mailing.close()
      await sink.close()
    }
  })
})
