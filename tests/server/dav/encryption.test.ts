// WebDAV with encryption at rest: what PUT and COPY store is sealed, what GET sends is the
// plaintext, ranges included. On the second CI pass the store is S3.
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectConsistent } from '../helpers/drive.ts'
import { basic, dav, startDav, type DavAccount, type TestServer } from './dav-helpers.ts'

let server: TestServer
let account: DavAccount
beforeAll(async () => {
  ;({ server, account } = await startDav({ env: { ENCRYPTION_KEY: randomBytes(32).toString('hex') } }))
})
afterAll(() => server.close())

const stored = async (name: string) => {
  const row = await (server.app.cumulus.db as any)
    .selectFrom('files')
    .selectAll()
    .where('owner_id', '=', account.userId)
    .where('filename', '=', name)
    .executeTakeFirst()
  const chunks: Buffer[] = []
  for await (const c of await server.app.cumulus.store.get(row.blob_key)) chunks.push(c as Buffer)
  return { row, bytes: Buffer.concat(chunks) }
}

describe('encryption at rest', () => {
  it('given a PUT and a COPY, then the store holds ciphertext and GET (and a range) gives the plaintext back', async () => {
    const auth = basic(account.email, account.write)
    const plain = Buffer.from('a secret line that must never be stored as it is\n'.repeat(2000))
    expect((await dav(server, auth, 'PUT', '/dav/secret.txt', { body: plain })).status).toBe(201)
    expect(
      (await dav(server, auth, 'COPY', '/dav/secret.txt', { headers: { destination: '/dav/copy.txt' } })).status,
    ).toBe(201)
    for (const name of ['secret.txt', 'copy.txt']) {
      const { row, bytes } = await stored(name)
      expect(row.enc).toEqual(expect.any(String))
      expect(bytes.includes(Buffer.from('a secret line'))).toBe(false)
      expect((await dav(server, auth, 'GET', `/dav/${name}`)).buffer.equals(plain)).toBe(true)
    }
    const part = await dav(server, auth, 'GET', '/dav/copy.txt', { headers: { range: 'bytes=70000-70099' } })
    expect(part.status).toBe(206)
    expect(part.buffer.equals(plain.subarray(70000, 70100))).toBe(true)
    await expectConsistent(server, expect)
  })
})
