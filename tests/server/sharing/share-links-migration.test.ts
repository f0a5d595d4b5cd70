// Migration 012 on a drive from before it: the links on file rows become share_links rows
// (public = a view link, one = a view link with maxDownloads 1), and the spec's public routes,
// the links API and the file JSON keep showing the same state. Runs on the suite's dialect,
// migrating the test server's own database down and up again.
import { type Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testMigrator } from '../helpers/migrations.ts'
import { startServer, type TestServer } from '../helpers/server.ts'
import { anon, file, owner } from './share-helpers.ts'

let server: TestServer
let alice: Awaited<ReturnType<typeof owner>>
beforeAll(async () => {
  server = await startServer({ limits: { publicPerIp: 10_000 } })
  alice = await owner(server, 'migrate')
})
afterAll(() => server.close())

const migrator = () => testMigrator(server)

describe('migration 012 (share links)', () => {
  it('given public and one-time links on file rows, then they become links that work as before', async () => {
    const pub = await file(alice, 'public.txt', 'public bytes')
    const one = await file(alice, 'one.txt', 'one bytes')
    const priv = await file(alice, 'private.txt', 'private')
    expect((await migrator().to('011-uploads')).error).toBeUndefined()
    const db = server.app.cumulus.db as Kysely<any>
    const publicToken = 'P'.repeat(32)
    const oneToken = 'O'.repeat(32)
    await db.updateTable('files').set({ link_type: 'public', link_token: publicToken }).where('id', '=', pub).execute()
    await db.updateTable('files').set({ link_type: 'one', link_token: oneToken }).where('id', '=', one).execute()
    const up = await migrator().latest()
    expect(up.error).toBeUndefined()
    expect(up.results?.map((r) => r.migrationName)).toContain('012-share-links')

    const rows = await server.app.cumulus.db.selectFrom('share_links').selectAll().orderBy('token').execute()
    expect(
      rows.map((r) => [
        r.item_id,
        r.token,
        r.access,
        r.max_downloads === null ? null : Number(r.max_downloads),
        r.owner_id,
      ]),
    ).toEqual([
      [one, oneToken, 'view', 1, alice.userId],
      [pub, publicToken, 'view', null, alice.userId],
    ])
    const links = (await alice.get('/share-service/links')).body.links
    expect(links.map((l: any) => l.name).sort()).toEqual(['one.txt', 'public.txt'])
    expect((await alice.get(`/file-service/info/${priv}`)).body.metadata.linkType).toBeUndefined()
    expect((await alice.get(`/file-service/info/${pub}`)).body.metadata).toMatchObject({
      linkType: 'public',
      link: publicToken,
    })

    // The spec's routes and the new ones open the same links.
    const legacy = await anon(server).get(`/file-service/public/info/${pub}/${publicToken}`)
    expect(legacy.body.metadata?.linkType, legacy.text).toBe('public')
    expect((await anon(server).get(`/share-service/public/${publicToken}`)).body.name).toBe('public.txt')
    expect((await anon(server).bytes(`/file-service/public/download/${one}/${oneToken}`)).body.toString()).toBe(
      'one bytes',
    )
    expect((await anon(server).bytes(`/file-service/public/download/${one}/${oneToken}`)).status).toBe(404)
    expect((await anon(server).get(`/share-service/public/${oneToken}`)).status).toBe(404)
    expect((await alice.get(`/file-service/info/${one}`)).body.metadata.linkType).toBeUndefined()
  })
})
