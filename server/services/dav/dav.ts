// WebDAV class 1 and 2 at /dav/ (DESIGN.md §7), as operations on plain values: a resolved path,
// the conditions the request states (parsed by routes/dav/), a body stream. Each write checks its
// preconditions first (conditions.ts, locks.ts); what goes on the wire is routes/dav/'s. The
// owner's Home is the root; every read and write goes through the drive's repositories and
// services, so names, ownership, quotas, encryption, thumbnails and the list caches behave as
// through the web app.
import { Readable } from 'node:stream'
import type { Limits } from '../../config.ts'
import type { DavLock, FileRow } from '../../db/schema.ts'
import { errors } from '../../errors.ts'
import type { DriveRepository } from '../../repositories/drive.ts'
import type { Vault } from '../../storage/vault.ts'
import type { BlobDownload } from '../drive/downloads.ts'
import { blobEtag } from '../drive/downloads.ts'
import type { QuotaService } from '../drive/quota.ts'
import { createConditions, type Conditions } from './conditions.ts'
import { createDavLocks, type Protected } from './locks.ts'
import { createDavPaths, type Resolved } from './paths.ts'
import { childPages, createPropfind, propRequest, type DavChild } from './propfind.ts'
import { createDavWrites, type WriteDeps } from './writes.ts'
import { davChild, innerXml, isDav, readXmlBody } from './xml.ts'

const parentPath = (r: Resolved) => r.segments.slice(0, -1).join('/')

/** What a LOCK body asks for (RFC 4918 §9.10.1). */
export interface LockInfo {
  scope: 'exclusive' | 'shared'
  /** The DAV:owner element's content, as XML. */
  owner: string | null
}

export function createDavService(
  deps: WriteDeps & {
    vault: Vault
    repo: DriveRepository
    quota: WriteDeps['quota'] & Pick<QuotaService, 'usage'>
    limits: WriteDeps['limits'] & Pick<Limits, 'jsonBodyBytes'>
  },
) {
  const { repo, quota } = deps
  const now = deps.now ?? Date.now
  const paths = createDavPaths(repo.dav)
  const conditions = createConditions({ paths })
  const locks = createDavLocks({ repo: repo.dav, now })
  const writes = createDavWrites(deps)
  const props = createPropfind({ repo })
  const xml = (body: Readable) => readXmlBody(body, deps.limits.jsonBodyBytes)

  /** The preconditions of a write that changes `targets` (412, 423); returns the live locks. */
  async function guard(owner: string, r: Resolved, c: Conditions, targets: Protected[]): Promise<DavLock[]> {
    const live = await locks.live(owner)
    await conditions.check(owner, r, c, live, targets)
    return live
  }

  return {
    /** The item a path below /dav/ names, if any, and the folder it would sit in. */
    resolve: (owner: string, segments: string[]): Promise<Resolved> => paths.resolve(owner, segments),

    /** A file's row and its bytes to send (404 when it went meanwhile). */
    async file(owner: string, r: Resolved): Promise<{ file: FileRow; download: BlobDownload }> {
      if (r.resource?.kind !== 'file') throw errors.notFound()
      const file = await repo.files.file(owner, r.resource.file.id)
      if (!file) throw errors.notFound()
      const options = {
        size: file.size,
        contentType: file.mime,
        disposition: 'attachment',
        filename: file.filename,
        etag: blobEtag(file),
      } as const
      return { file, download: { options, open: (range) => deps.vault.open(file, range) } }
    },

    /** A folder's (or Home's) children, a page at a time, named as their URLs name them. */
    children: (owner: string, r: Resolved): AsyncGenerator<DavChild[]> => childPages(repo.dav, owner, r),

    /** PROPFIND's multistatus, as chunks; `body` is the request's, unread. */
    async propfind(owner: string, r: Resolved, depth: '0' | '1', body: Readable): Promise<AsyncIterable<string>> {
      const req = propRequest(await xml(body))
      if (!r.resource) throw errors.notFound()
      const live = await locks.live(owner)
      let usage: Promise<{ used: number; quota: number | null }> | undefined
      const ctx = { locks: live, usage: () => (usage ??= quota.usage(owner)) }
      return props.propfind(owner, r, depth, req, ctx)
    },

    /** PROPPATCH: the multistatus of its changes, all or none. */
    async proppatch(owner: string, r: Resolved, c: Conditions, body: Readable): Promise<string> {
      await guard(owner, r, c, [{ path: r.path }])
      return props.proppatch(owner, r, await xml(body))
    },

    /** PUT: the file at `r`, new or with new bytes; `created` when it was new. */
    async put(
      owner: string,
      r: Resolved,
      c: Conditions,
      body: Readable,
      o: { length: number | undefined; contentType: string | undefined },
    ): Promise<{ created: boolean; file: FileRow }> {
      await guard(owner, r, c, r.resource ? [{ path: r.path }] : [{ path: r.path }, { path: parentPath(r) }])
      return writes.put(owner, r, body, o)
    },

    /** MKCOL: a new folder at `r`. */
    async mkcol(owner: string, r: Resolved, c: Conditions): Promise<void> {
      await guard(owner, r, c, [{ path: r.path }, { path: parentPath(r) }])
      await writes.mkcol(owner, r)
    },

    /** DELETE: what `r` names goes to the trash, its locks with it. */
    async remove(owner: string, r: Resolved, c: Conditions): Promise<void> {
      const live = await guard(owner, r, c, [{ path: r.path, withMembers: true }, { path: parentPath(r) }])
      await writes.remove(owner, r)
      await locks.dropAt(owner, live, r.path)
    },

    /** COPY to `dest`; true when `dest` was new. */
    async copy(
      owner: string,
      r: Resolved,
      dest: Resolved,
      c: Conditions,
      o: { overwrite: boolean; depth: '0' | 'infinity' },
    ): Promise<boolean> {
      await guard(owner, r, c, [{ path: dest.path, withMembers: true }, { path: parentPath(dest) }])
      return writes.copy(owner, r, dest, o.overwrite, o.depth)
    },

    /** MOVE to `dest`, the source's locks dropped; true when `dest` was new. */
    async move(owner: string, r: Resolved, dest: Resolved, c: Conditions, o: { overwrite: boolean }): Promise<boolean> {
      const live = await guard(owner, r, c, [
        { path: r.path, withMembers: true },
        { path: parentPath(r) },
        { path: dest.path, withMembers: true },
        { path: parentPath(dest) },
      ])
      const created = await writes.move(owner, r, dest, o.overwrite)
      await locks.dropAt(owner, live, r.path)
      return created
    },

    /** A LOCK's body, read and checked: what it asks for, or undefined (none: a refresh). */
    async lockInfo(body: Readable): Promise<LockInfo | undefined> {
      const info = await xml(body)
      if (!info) return undefined
      if (!isDav(info, 'lockinfo')) throw errors.badRequest('A LOCK body must be a DAV:lockinfo element')
      const scopeEl = davChild(info, 'lockscope')
      const scope =
        scopeEl && davChild(scopeEl, 'shared')
          ? 'shared'
          : scopeEl && davChild(scopeEl, 'exclusive')
            ? 'exclusive'
            : undefined
      const typeEl = davChild(info, 'locktype')
      if (!scope || !typeEl || !davChild(typeEl, 'write'))
        throw errors.badRequest('A lock is exclusive or shared, and of type write')
      const ownerEl = davChild(info, 'owner')
      return { scope, owner: ownerEl ? innerXml(ownerEl) : null }
    },

    /** LOCK without a body: the submitted lock on `r` runs for `timeoutSeconds` more. */
    async refreshLock(owner: string, r: Resolved, c: Conditions, timeoutSeconds: number): Promise<DavLock> {
      if (!r.resource) throw errors.notFound()
      const live = await locks.live(owner)
      const submitted = await conditions.check(owner, r, c, live, [])
      return locks.refresh(owner, live, r.path, submitted, timeoutSeconds)
    },

    /** A new lock on `r`; an unmapped URL gets an empty file there first (`created`, RFC 4918 §7.3). */
    async lock(
      owner: string,
      r: Resolved,
      c: Conditions,
      o: LockInfo & { depth: '0' | 'infinity'; timeoutSeconds: number },
    ): Promise<{ lock: DavLock; created: boolean }> {
      const live = await locks.live(owner)
      await conditions.check(owner, r, c, live, [])
      let created = false
      if (!r.resource) {
        if (!r.parent) throw errors.davNoParent()
        locks.checkConflict(live, { path: r.path, depth: '0', scope: o.scope })
        await writes.put(owner, r, Readable.from([]), { length: 0, contentType: undefined })
        created = true
      }
      const lock = await locks.lock(owner, live, {
        path: r.path,
        depth: r.resource?.kind === 'file' ? '0' : o.depth,
        scope: o.scope,
        owner: o.owner,
        timeoutSeconds: o.timeoutSeconds,
      })
      return { lock, created }
    },

    /** UNLOCK: the lock `token` names, if it covers `r` (409 otherwise). */
    async unlock(owner: string, r: Resolved, token: string): Promise<void> {
      await locks.unlock(owner, await locks.live(owner), r.path, token)
    },
  }
}
export type DavService = ReturnType<typeof createDavService>
