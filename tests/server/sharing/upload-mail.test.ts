// The owner's mail about a file request (DESIGN.md §7): one mail per batch of uploads to a link
// (a batch ends after a quiet period), listing the files and the folder, over a real SMTP peer;
// none when SMTP is off.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from '../helpers/client.ts'
import { startServer, type TestServer } from '../helpers/server.ts'
import { startMailSink, subjectOf, type MailSink } from '../helpers/smtp.ts'
import { anon, folder, owner, share } from './share-helpers.ts'

const QUIET_MS = 700
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

function send(b: Browser, token: string, name: string, data: string) {
  const form = new FormData()
  form.append('file', new Blob([data]), name)
  return b.request('POST', `/share-service/public/${token}/upload`, { body: form })
}

function tusSend(b: Browser, token: string, name: string, data: string) {
  return b.request('POST', `/share-service/public/${token}/uploads`, {
    headers: {
      'tus-resumable': '1.0.0',
      'upload-length': String(Buffer.byteLength(data)),
      'upload-metadata': `filename ${Buffer.from(name).toString('base64')}`,
      'content-type': 'application/offset+octet-stream',
    },
    body: new TextEncoder().encode(data),
  })
}

describe('with SMTP set', () => {
  let server: TestServer
  let sink: MailSink
  let alice: Awaited<ReturnType<typeof owner>>
  beforeAll(async () => {
    sink = await startMailSink()
    server = await startServer({
      env: { SMTP_URL: sink.url, PUBLIC_URL: 'http://cumulus.test' },
      limits: { publicPerIp: 10_000, uploadNoticeQuietMs: QUIET_MS },
    })
    alice = await owner(server, 'notified')
  })
  afterAll(async () => {
    await server.close()
    await sink.close()
  })

  const mailsTo = (to: string) => sink.mails.filter((m) => m.to.includes(to))

  it('given three files in quick succession (multipart and tus), then one mail lists them and the folder; a later upload makes a second mail', async () => {
    const inbox = await folder(alice, 'Tax <2025>')
    const link = await share(alice, { itemType: 'folder', itemId: inbox, access: 'upload' })
    const v = anon(server)
    expect((await send(v, link.token, 'receipt.pdf', 'r')).status).toBe(201)
    expect((await tusSend(v, link.token, 'invoice.pdf', 'i')).status).toBe(201)
    // A clash: the mail names the file as stored.
    expect((await send(v, link.token, 'receipt.pdf', 's')).status).toBe(201)
    const mail = await sink.waitFor(alice.email)
    expect(mailsTo(alice.email)).toHaveLength(1)
    expect(subjectOf(mail)).toBe('3 files received in "Tax <2025>"')
    expect(mail.decoded).toContain('3 files arrived in "Tax <2025>" through your upload link:')
    for (const name of ['receipt.pdf', 'invoice.pdf', 'receipt (1).pdf']) expect(mail.decoded).toContain(`- ${name}`)
    expect(mail.decoded).toContain(`http://cumulus.test/folder/${inbox}`)
    // The HTML part escapes the folder's name.
    expect(mail.decoded).toContain('Tax &lt;2025&gt;')
    expect(mail.decoded).not.toContain('<li>Tax <2025>')
    // Quiet since: no second mail for the same batch.
    await sleep(QUIET_MS + 300)
    expect(mailsTo(alice.email)).toHaveLength(1)

    expect((await send(v, link.token, 'late.txt', 'l')).status).toBe(201)
    const later = await sink.waitFor(alice.email, sink.mails.indexOf(mail) + 1)
    expect(subjectOf(later)).toBe('1 file received in "Tax <2025>"')
    expect(later.decoded).toContain('- late.txt')
    expect(later.decoded).not.toContain('invoice.pdf')
  })

  it('given file names with line breaks or bidi overrides, then the upload is 400; a folder name stored with line breaks reaches the text part on one line', async () => {
    const carol = await owner(server, 'injected')
    const inbox = await folder(carol, 'Inbox')
    const link = await share(carol, { itemType: 'folder', itemId: inbox, access: 'upload' })
    const v = anon(server)
    for (const name of [
      'a.txt\r\nClick evil.test now',
      'b.txt\u2028Click evil.test now',
      'tab\there.txt',
      'del\u007f.txt',
      'nel\u0085.txt',
      'c\u202Etxt.exe',
    ]) {
      // As a field: FormData percent-encodes CR and LF in a part's filename.
      const form = new FormData()
      form.append('filename', name)
      form.append('file', new Blob(['x']), 'x.txt')
      const multipart = await v.request('POST', `/share-service/public/${link.token}/upload`, { body: form })
      expect(multipart.status, multipart.text).toBe(400)
      expect((await tusSend(v, link.token, name, 'x')).status).toBe(400)
    }
    // A name from before the rule: the mail's text part still gets no line of its own from it.
    await server.app.cumulus.db
      .updateTable('folders')
      .set({ name: 'Inbox\r\nClick http://evil.test/\n' })
      .where('id', '=', inbox)
      .execute()
    expect((await send(v, link.token, 'ok.txt', 'o')).status).toBe(201)
    const mail = await sink.waitFor(carol.email)
    expect(mail.decoded).toContain('- ok.txt')
    expect(mail.decoded).toContain('arrived in "InboxClick http://evil.test/" through your upload link:')
    expect(mail.decoded.split(/\r?\n/).filter((line) => line.startsWith('Click'))).toEqual([])
    expect(subjectOf(mail)).toBe('1 file received in "InboxClick http://evil.test/"')
  })

  it('given uploads to two links at once, then each link makes its own mail', async () => {
    const bob = await owner(server, 'two-links')
    const a = await share(bob, { itemType: 'folder', itemId: await folder(bob, 'A'), access: 'upload' })
    const b = await share(bob, { itemType: 'folder', itemId: await folder(bob, 'B'), access: 'upload' })
    await Promise.all([
      send(anon(server), a.token, 'a1.txt', 'a'),
      send(anon(server), b.token, 'b1.txt', 'b'),
      send(anon(server), a.token, 'a2.txt', 'a'),
    ])
    await sleep(QUIET_MS + 500)
    const mails = sink.mails.filter((m) => m.to.includes(bob.email))
    expect(mails).toHaveLength(2)
    const forA = mails.find((m) => subjectOf(m) === '2 files received in "A"')!
    expect(forA.decoded).toContain('- a1.txt')
    expect(forA.decoded).toContain('- a2.txt')
    expect(forA.decoded).not.toContain('b1.txt')
  })

  it('given a batch still waiting at shutdown, then it is sent before the server closes', async () => {
    const own = await startServer({
      env: { SMTP_URL: sink.url },
      limits: { publicPerIp: 10_000, uploadNoticeQuietMs: 60_000 },
    })
    const carol = await owner(own, 'shutdown')
    const link = await share(carol, { itemType: 'folder', itemId: await folder(carol, 'Drop'), access: 'upload' })
    expect((await send(anon(own), link.token, 'last.txt', 'x')).status).toBe(201)
    expect(sink.mails.filter((m) => m.to.includes(carol.email))).toHaveLength(0)
    await own.close()
    expect(sink.mails.filter((m) => m.to.includes(carol.email))).toHaveLength(1)
  })
})

describe('with SMTP off', () => {
  it('given uploads through a link, then they are stored, and past the quiet period the server still closes cleanly', async () => {
    const server = await startServer({ limits: { publicPerIp: 10_000, uploadNoticeQuietMs: 50 } })
    try {
      const dave = await owner(server, 'no-smtp')
      const inbox = await folder(dave, 'Quiet')
      const link = await share(dave, { itemType: 'folder', itemId: inbox, access: 'upload' })
      expect((await send(anon(server), link.token, 'a.txt', 'a')).status).toBe(201)
      expect((await tusSend(anon(server), link.token, 'b.txt', 'b')).status).toBe(201)
      await sleep(300)
      expect((await dave.get(`/file-service/list?parent=${inbox}`)).body).toHaveLength(2)
    } finally {
      await server.close()
    }
  })
})
