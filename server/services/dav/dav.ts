// WebDAV class 1 and 2 at /dav/ (DESIGN.md §7), as operations on plain values: a resolved path,
// the conditions the request states (parsed by routes/dav/), a body stream. Each write checks its
// preconditions first (conditions.ts, locks.ts); what goes on the wire is routes/dav/'s. The
// caller's Home is the root; every read and write goes through the drive's repositories and
// services, so names, ownership, quotas, encryption, thumbnails and the list caches behave as
// through the web app. "Shared with me/{name}/" (shared.ts) is another owner's namespace: each
// method runs with `r.owner` (the namespace's owner), and a write asks access.ts for the
// caller's role first (mayWrite, sameSpace).
import { Readable } from 'node:stream'
import type { Limits } from '../../config.ts'
import type { DavLock, FileRow } from '../../db/schema.ts'
import { errors } from '../../errors.ts'
import type { DriveRepository } from '../../repositories/drive.ts'
import type { Vault } from '../../storage/vault.ts'
import type { Access } from '../drive/access.ts'
import type { BlobDownload } from '../drive/downloads.ts'
import { blobEtag } from '../drive/downloads.ts'
import type { QuotaService } from '../drive/quota.ts'
import { createConditions, type Conditions } from './conditions.ts'
import { createDavLocks, lockHref, type Protected } from './locks.ts'
import { createDavPaths, hrefOf, type Resolved } from './paths.ts'
import { createSharedWithMe, SHARED_DIR, urlPathOf } from './shared.ts'
import { childPages, createPropfind, propRequest, type DavChild } from './propfind.ts'
import { createDavWrites, type WriteDeps } from './writes.ts'
import { davChild, innerXml, isDav, readXmlBody } from './xml.ts'

/** The lock path of the collection `r` sits in, in `r`'s namespace. */
const parentPath = (r: Resolved) => r.path.split('/').slice(0, -1).join('/')

/** What the caller put in someone else's drive is marked theirs (`added_by`). */
const addedBy = (caller: string, r: Resolved) => (r.owner === caller ? null : caller)

/** A lock path's href as the caller's URLs name it. */
const hrefIn = (r: Resolved) => (path: string) => lockHref(urlPathOf(r, path))

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
    access: Access
    quota: WriteDeps['quota'] & Pick<QuotaService, 'usage'>
    limits: WriteDeps['limits'] & Pick<Limits, 'jsonBodyBytes'>
  },
) {
  const { repo, quota, access } = deps
  const now = deps.now ?? Date.now
  const paths = createDavPaths(repo.dav)
  const shared = createSharedWithMe({ repo, paths, access })
  const locks = createDavLocks({ repo: repo.dav, now })
  const writes = createDavWrites(deps)
  const props = createPropfind({ repo })
  const xml = (body: Readable) => readXmlBody(body, deps.limits.jsonBodyBytes)

  /** The item a path below /dav/ names for `caller`, if any, and the folder it would sit in. */
  async function resolve(caller: string, segments: string[]): Promise<Resolved> {
    if (segments[0] === SHARED_DIR && (await shared.visible(caller))) return shared.resolve(caller, segments)
    return paths.resolve(caller, segments)
  }
  const conditions = createConditions({ resolve })

  /**
   * Refuses a write at `r` that the caller's place leaves out: nothing in "Shared with me" itself;
   * inside a share, the caller's role on the item (or the folder it goes in) must be editor, and
   * `remove` (DELETE, MOVE's source) never takes the shared item itself.
   */
  async function mayWrite(
    caller: string,
    r: Resolved,
    act: 'change' | 'remove' = 'change',
    /** A MOVE's destination folder (in the same share: sameSpace has checked). */
    destId?: string,
  ): Promise<void> {
    if (r.virtual) throw errors.davSharedWithMe()
    if (!r.share) return
    if (act === 'remove' && r.path === r.share.base) throw errors.outsideShare()
    const item =
      r.resource?.kind === 'file'
        ? { type: 'file', id: r.resource.file.id }
        : r.resource?.kind === 'folder'
          ? { type: 'folder', id: r.resource.folder.id }
          : r.parent?.id
            ? { type: 'folder', id: r.parent.id }
            : r.share.item
    const reach = await access.item(caller, item, 'edit')
    // The drive's own rule for what a member trashes or moves, and where to.
    if (act === 'remove') await access.movable(reach, item.id, destId)
  }

  /**
   * COPY and MOVE stay in one namespace: the caller's own files, or one shared item. Across is a
   * 403, not RFC 4918's 502 (a destination on another server, or one the server cannot write
   * to): here the server could, and refuses because of who may see what. Replacing the shared
   * item itself is refused too.
   */
  function sameSpace(src: Resolved, dest: Resolved): void {
    if (src.virtual || dest.virtual) throw errors.davSharedWithMe()
    const key = (r: Resolved) => (r.share ? `${r.share.ownerId}/${r.share.item.id}` : '')
    if (key(src) !== key(dest)) throw errors.davAcrossShares()
    if (dest.share && dest.path === dest.share.base) throw errors.outsideShare()
  }

  /** The preconditions of a write that changes `targets` (412, 423); returns the live locks. */
  async function guard(caller: string, r: Resolved, c: Conditions, targets: Protected[]): Promise<DavLock[]> {
    const live = await locks.live(r.owner)
    await conditions.check(caller, r, c, live, targets)
    return live
  }

  /** The children of a collection, a page at a time: Home's has "Shared with me" first when shown. */
  async function* pages(caller: string, r: Resolved): AsyncGenerator<DavChild[]> {
    if (r.resource?.kind === 'shares') {
      const entries = await shared.entries(caller)
      if (entries.length)
        yield entries.map((e) => ({
          href: hrefOf([...r.segments, e.shown], !e.item.file),
          path: [...r.segments, e.shown].join('/'),
          name: e.shown,
          ...e.item,
        }))
      return
    }
    if (r.resource?.kind === 'home' && !r.share && (await shared.listed(caller)))
      yield [{ href: hrefOf([SHARED_DIR], true), path: SHARED_DIR, name: SHARED_DIR }]
    yield* childPages(repo.dav, r.owner, r)
  }

  return {
    resolve,

    /** A file's row and its bytes to send (404 when it went meanwhile). */
    async file(_caller: string, r: Resolved): Promise<{ file: FileRow; download: BlobDownload }> {
      if (r.resource?.kind !== 'file') throw errors.notFound()
      const file = await repo.files.file(r.owner, r.resource.file.id)
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
    children: (caller: string, r: Resolved): AsyncGenerator<DavChild[]> => pages(caller, r),

    /** PROPFIND's multistatus, as chunks; `body` is the request's, unread. */
    async propfind(caller: string, r: Resolved, depth: '0' | '1', body: Readable): Promise<AsyncIterable<string>> {
      const req = propRequest(await xml(body))
      if (!r.resource) throw errors.notFound()
      const live = await locks.live(r.owner)
      let usage: Promise<{ used: number; quota: number | null }> | undefined
      // A share's figures are its owner's, not the caller's to see.
      const own = r.owner === caller && !r.virtual
      const ctx = {
        locks: live,
        usage: async () => (own ? (usage ??= quota.usage(caller)) : undefined),
        lockHref: hrefIn(r),
      }
      return props.propfind(r.owner, r, depth, req, ctx, pages(caller, r))
    },

    /** PROPPATCH: the multistatus of its changes, all or none. */
    async proppatch(caller: string, r: Resolved, c: Conditions, body: Readable): Promise<string> {
      await mayWrite(caller, r)
      await guard(caller, r, c, [{ path: r.path }])
      return props.proppatch(r.owner, r, await xml(body))
    },

    /** PUT: the file at `r`, new or with new bytes; `created` when it was new. */
    async put(
      caller: string,
      r: Resolved,
      c: Conditions,
      body: Readable,
      o: { length: number | undefined; contentType: string | undefined },
    ): Promise<{ created: boolean; file: FileRow }> {
      await mayWrite(caller, r)
      await guard(caller, r, c, r.resource ? [{ path: r.path }] : [{ path: r.path }, { path: parentPath(r) }])
      // A shared file itself takes new bytes, but is never made again in the owner's folder.
      const only = r.share && r.path === r.share.base && r.resource?.kind === 'file' ? r.resource.file.id : undefined
      return writes.put(r.owner, r, body, { ...o, replaceOnly: only }, addedBy(caller, r))
    },

    /** MKCOL: a new folder at `r`. */
    async mkcol(caller: string, r: Resolved, c: Conditions): Promise<void> {
      await mayWrite(caller, r)
      await guard(caller, r, c, [{ path: r.path }, { path: parentPath(r) }])
      await writes.mkcol(r.owner, r, addedBy(caller, r))
    },

    /** DELETE: what `r` names goes to the trash (the owner's, inside a share), its locks with it. */
    async remove(caller: string, r: Resolved, c: Conditions): Promise<void> {
      await mayWrite(caller, r, 'remove')
      const live = await guard(caller, r, c, [{ path: r.path, withMembers: true }, { path: parentPath(r) }])
      await writes.remove(r.owner, r)
      await locks.dropAt(r.owner, live, r.path)
    },

    /** COPY to `dest`; true when `dest` was new. */
    async copy(
      caller: string,
      r: Resolved,
      dest: Resolved,
      c: Conditions,
      o: { overwrite: boolean; depth: '0' | 'infinity' },
    ): Promise<boolean> {
      sameSpace(r, dest)
      await mayWrite(caller, dest)
      await guard(caller, r, c, [{ path: dest.path, withMembers: true }, { path: parentPath(dest) }])
      return writes.copy(r.owner, r, dest, o.overwrite, o.depth, addedBy(caller, r))
    },

    /** MOVE to `dest`, the source's locks dropped; true when `dest` was new. */
    async move(
      caller: string,
      r: Resolved,
      dest: Resolved,
      c: Conditions,
      o: { overwrite: boolean },
    ): Promise<boolean> {
      sameSpace(r, dest)
      await mayWrite(caller, r, 'remove', dest.parent?.id ?? undefined)
      await mayWrite(caller, dest)
      const live = await guard(caller, r, c, [
        { path: r.path, withMembers: true },
        { path: parentPath(r) },
        { path: dest.path, withMembers: true },
        { path: parentPath(dest) },
      ])
      const created = await writes.move(r.owner, r, dest, o.overwrite)
      await locks.dropAt(r.owner, live, r.path)
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
    async refreshLock(caller: string, r: Resolved, c: Conditions, timeoutSeconds: number): Promise<DavLock> {
      if (!r.resource) throw errors.notFound()
      await mayWrite(caller, r)
      const live = await locks.live(r.owner)
      const submitted = await conditions.check(caller, r, c, live, [])
      return locks.refresh(r.owner, live, r.path, submitted, timeoutSeconds)
    },

    /**
     * A new lock on `r`; an unmapped URL gets an empty file there first (`created`, RFC 4918 §7.3).
     * A lock is a write intent: a viewer's is refused (403), an editor's inside a share is held
     * in the owner's namespace (its lock path is the owner's), so it meets the owner's own.
     */
    async lock(
      caller: string,
      r: Resolved,
      c: Conditions,
      o: LockInfo & { depth: '0' | 'infinity'; timeoutSeconds: number },
    ): Promise<{ lock: DavLock; created: boolean }> {
      await mayWrite(caller, r)
      const live = await locks.live(r.owner)
      await conditions.check(caller, r, c, live, [])
      let created = false
      if (!r.resource) {
        if (!r.parent) throw errors.davNoParent()
        locks.checkConflict(live, { path: r.path, depth: '0', scope: o.scope }, hrefIn(r))
        await writes.put(r.owner, r, Readable.from([]), { length: 0, contentType: undefined }, addedBy(caller, r))
        created = true
      }
      const lock = await locks.lock(
        r.owner,
        live,
        {
          path: r.path,
          depth: r.resource?.kind === 'file' ? '0' : o.depth,
          scope: o.scope,
          owner: o.owner,
          timeoutSeconds: o.timeoutSeconds,
        },
        hrefIn(r),
      )
      return { lock, created }
    },

    /** UNLOCK: the lock `token` names, if it covers `r` (409 otherwise). */
    async unlock(caller: string, r: Resolved, token: string): Promise<void> {
      await mayWrite(caller, r)
      await locks.unlock(r.owner, await locks.live(r.owner), r.path, token)
    },
  }
}
export type DavService = ReturnType<typeof createDavService>
