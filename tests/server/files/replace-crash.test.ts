// A replace killed at any moment (DESIGN.md §8 "Versions"): twelve files are written over at once
// (multipart, conflict "replace") and the server is SIGKILLed once some replies came back. After a
// restart on the same data, each file holds either its old content with no version, or its new
// content with the old one as its version — never both lost — and the store holds exactly the
// blobs the files and versions name. Runs on PostgreSQL + S3 in CI as well.
import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser, uniqueEmail } from '../helpers/client.ts'
import { createBacking, peek, startChild, type Backing, type ChildServer } from '../helpers/child-server.ts'
import { randomBytes } from '../helpers/drive.ts'

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex')
const FILES = 12
/** Heartbeats every 200 ms, dead after 1 s: on PostgreSQL a killed instance's keys are taken over soon. */
const DEAD_AFTER_MS = 1_000
const limits = { instanceHeartbeatMs: 200, instanceDeadAfterMs: DEAD_AFTER_MS }

let backing: Backing
let child: ChildServer | undefined
beforeAll(async () => {
  backing = await createBacking()
})
afterAll(async () => {
  await child?.stop()
  await backing?.close()
})

describe('a replace across a crash', () => {
  it(
    'given twelve replaces in flight when the server is killed, then each file is old without a version or new with the old as its version',
    { timeout: 120_000 },
    async () => {
      child = await startChild(backing, { limits })
      const user = new Browser(child.url)
      await user.signup(uniqueEmail('replace-crash'))
      const old = new Map<string, Buffer>()
      const fresh = new Map<string, Buffer>()
      const ids = new Map<string, string>()
      for (let i = 0; i < FILES; i++) {
        const name = `f${i}.bin`
        old.set(name, randomBytes(50_000 + i, i))
        // Sizes spread out so the replies come back over a while, and the kill lands among them.
        fresh.set(name, randomBytes(400_000 * (i + 1), 100 + i))
        const r = await user.upload(name, old.get(name)!)
        expect(r.status, r.text).toBe(201)
        ids.set(name, r.body._id)
      }

      let answered = 0
      const flights = [...fresh].map(([name, data]) =>
        user.upload(name, data, '/', { conflict: 'replace' }).then(
          (r) => {
            answered++
            return r.status
          },
          () => 0,
        ),
      )
      while (answered < 3) await new Promise((r) => setTimeout(r, 5))
      await child.kill()
      const statuses = await Promise.all(flights)
      expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(3)

      if (backing.dialect === 'postgres') await new Promise((r) => setTimeout(r, DEAD_AFTER_MS + 200))
      child = await startChild(backing, { limits })
      const again = new Browser(child.url, user.uuid)
      for (const [k, v] of user.cookies) again.cookies.set(k, v)
      let replaced = 0
      for (const [name, id] of ids) {
        const now = (await again.bytes(`/file-service/download/${id}`)).body
        const versions = (await again.get(`/file-service/${id}/versions`)).body.versions as Array<{ sha256: string }>
        if (sha(now) === sha(fresh.get(name)!)) {
          replaced++
          expect(
            versions.map((v) => v.sha256),
            name,
          ).toEqual([sha(old.get(name)!)])
        } else {
          expect(sha(now), name).toBe(sha(old.get(name)!))
          expect(versions, name).toEqual([])
        }
      }
      // Every reply of 201 was a replace that holds.
      expect(replaced).toBeGreaterThanOrEqual(statuses.filter((s) => s === 201).length)

      const p = await peek(backing)
      try {
        // The restarted server settles what the killed one left (its outbox, its reserved keys) as it starts.
        const orphans = async () => {
          const keys: string[] = []
          for await (const k of p.store.keys()) keys.push(k)
          const files = await p.db.selectFrom('files').select(['blob_key', 'thumbnail_key', 'preview_key']).execute()
          const versions = await p.db.selectFrom('file_versions').select('blob_key').execute()
          const referenced = files
            .flatMap((r) => [r.blob_key, r.thumbnail_key, r.preview_key].filter((k): k is string => !!k))
            .concat(versions.map((v) => v.blob_key))
          return {
            unreferenced: keys.filter((k) => !referenced.includes(k)),
            missing: referenced.filter((k) => !keys.includes(k)),
          }
        }
        let found = await orphans()
        for (let i = 0; i < 100 && found.unreferenced.length > 0; i++) {
          await new Promise((r) => setTimeout(r, 100))
          found = await orphans()
        }
        expect(found.unreferenced, 'blobs no row references').toEqual([])
        expect(found.missing, 'rows whose blob is missing').toEqual([])
      } finally {
        await p.close()
      }
    },
  )
})
