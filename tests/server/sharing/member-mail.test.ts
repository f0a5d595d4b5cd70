// The mail a new recipient of a member share gets (DESIGN.md §8), over a real SMTP peer: one per
// account, each enabled member of a group (at most 50), names as plain text, never HTML; a mail
// that fails never fails the share; none without SMTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { randomId } from '../../../server/util/crypto.ts'
import { group, member, named, type Member } from '../helpers/members.ts'
import { startServer, type TestServer } from '../helpers/server.ts'
import { startMailSink, subjectOf, type MailSink } from '../helpers/smtp.ts'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('with SMTP set', () => {
  let server: TestServer
  let sink: MailSink
  let anna: Member
  let ben: Member
  beforeAll(async () => {
    sink = await startMailSink()
    server = await startServer({ env: { SMTP_URL: sink.url, PUBLIC_URL: 'http://cumulus.test' } })
    ;[anna, ben] = await Promise.all([member(server, 'anna'), member(server, 'ben')])
    await named(server, anna, 'Anna <b>&</b>')
  })
  afterAll(async () => {
    await server.close()
    await sink.close()
  })

  it('given a folder shared with Ben, then he gets one mail naming Anna and the folder, with a link to Shared with me', async () => {
    const since = sink.mails.length
    const id = (await anna.browser.post('/folder-service/create', { name: 'Holidays <script>' })).body._id
    const r = await anna.browser.post('/share-service/members', {
      itemType: 'folder',
      itemId: id,
      userId: ben.id,
      role: 'editor',
    })
    expect(r.status).toBe(201)
    const mail = await sink.waitFor(ben.email, since)
    expect(subjectOf(mail)).toBe('Anna <b>&</b> shared "Holidays <script>" with you')
    expect(mail.decoded).toContain('http://cumulus.test/shared-with-me')
    expect(mail.decoded).toContain('you can view and change it')
    // The HTML part carries the names escaped, never as markup.
    expect(mail.decoded).toContain('Anna &lt;b&gt;&amp;&lt;/b&gt; shared &quot;Holidays &lt;script&gt;&quot;')
    expect(mail.decoded).not.toMatch(/<script>(?!")/)
    // Changing the role mails nobody.
    await anna.browser.patch(`/share-service/members/${r.body.share._id}`, { role: 'viewer' })
    await sleep(300)
    expect(sink.mails.slice(since)).toHaveLength(1)
  })

  it('given a share with a group, then each enabled member but the owner is mailed', async () => {
    const [c, d, off] = await Promise.all([member(server, 'c'), member(server, 'd'), member(server, 'off')])
    await server.app.cumulus.db.updateTable('users').set({ disabled: 1 }).where('id', '=', off.id).execute()
    const gid = await group(server, 'Kids', [c, d, off, anna])
    const since = sink.mails.length
    const file = (await anna.browser.upload('menu.txt', 'm', '/')).body._id
    expect(
      (
        await anna.browser.post('/share-service/members', {
          itemType: 'file',
          itemId: file,
          groupId: gid,
          role: 'viewer',
        })
      ).status,
    ).toBe(201)
    await sink.waitFor(c.email, since)
    await sink.waitFor(d.email, since)
    await sleep(300)
    const to = sink.mails.slice(since).flatMap((m) => m.to)
    expect(to.sort()).toEqual([c.email, d.email].sort())
  })

  it('given a share with a group of 55, then 50 of them are mailed, no more', async () => {
    const { db } = server.app.cumulus
    const ids: string[] = []
    for (let i = 0; i < 55; i++) {
      const id = randomId()
      ids.push(id)
      await db
        .insertInto('users')
        .values({
          id,
          email: `crowd-${i}-${id.toLowerCase()}@example.com`,
          password_hash: 'x',
          email_verified: 1,
          created_at: Date.now(),
          verify_sent_at: null,
          reset_sent_at: null,
          role: 'user',
          disabled: 0,
          must_change_password: 0,
          quota: null,
          used_bytes: 0,
          reserved_bytes: 0,
          totp_secret: null,
          totp_enabled_at: null,
          totp_last_step: null,
          display_name: `Crowd ${i}`,
        })
        .execute()
    }
    const gid = await group(
      server,
      'Crowd',
      ids.map((id) => ({ id })),
    )
    const since = sink.mails.length
    const file = (await anna.browser.upload('all.txt', 'a', '/')).body._id
    await anna.browser.post('/share-service/members', { itemType: 'file', itemId: file, groupId: gid, role: 'viewer' })
    const deadline = Date.now() + 10_000
    while (sink.mails.length - since < 50 && Date.now() < deadline) await sleep(100)
    await sleep(500)
    expect(sink.mails.length - since).toBe(50)
  })

  it('given the mail server refuses, then the share is made all the same', async () => {
    const e = await member(server, 'e')
    sink.failing = true
    try {
      const file = (await anna.browser.upload('x.txt', 'x', '/')).body._id
      const r = await anna.browser.post('/share-service/members', {
        itemType: 'file',
        itemId: file,
        userId: e.id,
        role: 'viewer',
      })
      expect(r.status).toBe(201)
      expect((await e.browser.get(`/file-service/info/${file}`)).status).toBe(200)
      await sleep(300)
    } finally {
      sink.failing = false
    }
  })
})

describe('without SMTP', () => {
  it('given a share, then 201 and no mail is tried', async () => {
    const server = await startServer()
    try {
      const [a, b] = await Promise.all([member(server, 'a'), member(server, 'b')])
      const file = (await a.browser.upload('x.txt', 'x', '/')).body._id
      const r = await a.browser.post('/share-service/members', {
        itemType: 'file',
        itemId: file,
        userId: b.id,
        role: 'viewer',
      })
      expect(r.status).toBe(201)
    } finally {
      await server.close()
    }
  })
})
