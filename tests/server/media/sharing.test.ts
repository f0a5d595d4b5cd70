import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser, uniqueEmail } from '../helpers/client.ts'
import { randomBytes } from '../helpers/drive.ts'
import { startServer, type TestServer } from '../helpers/server.ts'

let server: TestServer
let alice: Browser
beforeAll(async () => {
  server = await startServer({ limits: { publicPerIp: 10_000 } })
  alice = new Browser(server.url)
  await alice.signup(uniqueEmail('sharer'))
})
afterAll(() => server.close())

const anon = () => new Browser(server.url)
const data = randomBytes(70_000, 9)

async function shared(kind: 'public' | 'one') {
  const file = (await alice.upload('shared.bin', data)).body
  const r = await alice.patch(`/file-service/make-${kind}/${file._id}`)
  expect(r.status).toBe(200)
  return r.body.file
}

describe('share links', () => {
  it('given make-public, then {file} with an unguessable link; anyone with it sees only name, date, size and type', async () => {
    const file = await shared('public')
    expect(file.metadata.linkType).toBe('public')
    expect(file.metadata.link).toMatch(/^[A-Za-z0-9_-]{32,}$/)
    const info = await anon().get(`/file-service/public/info/${file._id}/${file.metadata.link}`)
    expect(info.status).toBe(200)
    expect(info.body).toEqual({
      filename: 'shared.bin',
      uploadDate: file.uploadDate,
      metadata: { size: data.length, linkType: 'public' },
    })
    for (let i = 0; i < 2; i++) {
      const dl = await anon().bytes(`/file-service/public/download/${file._id}/${file.metadata.link}`)
      expect(dl.status).toBe(200)
      expect(dl.body.equals(data)).toBe(true)
      expect(dl.headers.get('content-disposition')).toMatch(/^attachment;/)
    }
    const part = await anon().bytes(`/file-service/public/download/${file._id}/${file.metadata.link}`, {
      range: 'bytes=10-19',
    })
    expect(part.status).toBe(206)
    expect(part.body.equals(data.subarray(10, 20))).toBe(true)
  })

  it('given a one-time link and 50 concurrent downloads, then exactly one 200, the rest 404, and the file ends private', async () => {
    const file = await shared('one')
    expect(file.metadata.linkType).toBe('one')
    const info = await anon().get(`/file-service/public/info/${file._id}/${file.metadata.link}`)
    expect(info.body.metadata.linkType).toBe('one')
    const results = await Promise.all(
      Array.from({ length: 50 }, () => anon().bytes(`/file-service/public/download/${file._id}/${file.metadata.link}`)),
    )
    const ok = results.filter((r) => r.status === 200)
    expect(ok).toHaveLength(1)
    expect(ok[0]!.body.equals(data)).toBe(true)
    expect(results.filter((r) => r.status === 404)).toHaveLength(49)
    const after = (await alice.get(`/file-service/info/${file._id}`)).body
    expect(after.metadata.linkType).toBeUndefined()
    expect(after.metadata.link).toBeUndefined()
    expect((await anon().get(`/file-service/public/info/${file._id}/${file.metadata.link}`)).status).toBe(404)
  })

  it('given a one-time link looked at with HEAD, then it is not used up: the next GET still gets the file, once', async () => {
    const file = await shared('one')
    const url = `/file-service/public/download/${file._id}/${file.metadata.link}`
    for (let i = 0; i < 2; i++) {
      const head = await fetch(server.url + url, { method: 'HEAD' })
      expect(head.status).toBe(200)
      expect(head.headers.get('content-length')).toBe(String(data.length))
      expect((await head.arrayBuffer()).byteLength).toBe(0)
    }
    const dl = await anon().bytes(url)
    expect(dl.status).toBe(200)
    expect(dl.body.equals(data)).toBe(true)
    expect((await anon().bytes(url)).status).toBe(404)
  })

  it('given a changed or removed link, then the old link dies at once', async () => {
    const file = await shared('public')
    const oldLink = file.metadata.link
    const one = (await alice.patch(`/file-service/make-one/${file._id}`)).body.file
    expect(one.metadata.link).not.toBe(oldLink)
    expect((await anon().get(`/file-service/public/info/${file._id}/${oldLink}`)).status).toBe(404)
    const removed = await alice.patch(`/file-service/remove-link/${file._id}`)
    expect(removed.status).toBe(200)
    expect(removed.body._id).toBe(file._id)
    expect(removed.body.metadata.linkType).toBeUndefined()
    expect((await anon().get(`/file-service/public/info/${file._id}/${one.metadata.link}`)).status).toBe(404)
    expect((await anon().bytes(`/file-service/public/download/${file._id}/${one.metadata.link}`)).status).toBe(404)
  })

  it('given a trashed file, then its link is dead while trashed and it cannot be shared', async () => {
    const file = await shared('public')
    await alice.patch('/file-service/trash', { id: file._id })
    expect((await anon().get(`/file-service/public/info/${file._id}/${file.metadata.link}`)).status).toBe(404)
    expect((await anon().bytes(`/file-service/public/download/${file._id}/${file.metadata.link}`)).status).toBe(404)
    expect((await alice.patch(`/file-service/make-public/${file._id}`)).status).toBe(400)
  })

  it('given a private file, a wrong token or another user’s file, then 404 everywhere', async () => {
    const priv = (await alice.upload('private.txt', 'secret')).body
    const pub = await shared('public')
    expect((await anon().get(`/file-service/public/info/${priv._id}/anything`)).status).toBe(404)
    expect((await anon().get(`/file-service/public/info/${pub._id}/wrong-token`)).status).toBe(404)
    expect((await anon().get(`/file-service/public/info/${priv._id}/${pub.metadata.link}`)).status).toBe(404)
    const bob = new Browser(server.url)
    await bob.signup(uniqueEmail('bob'))
    expect((await bob.patch(`/file-service/make-public/${priv._id}`)).status).toBe(404)
    expect((await bob.patch(`/file-service/remove-link/${pub._id}`)).status).toBe(404)
    expect((await anon().get(`/file-service/public/info/${pub._id}/${pub.metadata.link}`)).status).toBe(200)
  })

  it('needs a login to change links', async () => {
    const file = (await alice.upload('x.txt', 'x')).body
    expect((await anon().patch(`/file-service/make-public/${file._id}`)).status).toBe(401)
  })
})
