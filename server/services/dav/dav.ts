// WebDAV class 1 and 2 at /dav/ (DESIGN.md §7): one call per request, answered as data (status,
// headers, an XML body or a blob) that routes/dav.ts sends. The owner's Home is the root; every
// read and write goes through the drive's repositories and services, so names, ownership,
// quotas, encryption, thumbnails and the list caches behave as through the web app.
import { Readable } from 'node:stream'
import type { Limits } from '../../config.ts'
import type { AppPasswordScope } from '../../db/schema.ts'
import { AppError, errors } from '../../errors.ts'
import type { DriveRepository } from '../../repositories/drive.ts'
import type { Vault } from '../../storage/vault.ts'
import { blobEtag, type BlobDownload } from '../drive/downloads.ts'
import type { QuotaService } from '../drive/quota.ts'
import { checkEtagHeaders, createConditions, type Conditions } from './conditions.ts'
import { createDavLocks, lockTimeout, type Protected } from './locks.ts'
import { createDavPaths, type Resolved, splitDavPath } from './paths.ts'
import { FOLDER_PAGE_HEADERS, folderPage } from './folder-page.ts'
import { activeLockXml } from './properties.ts'
import { createPropfind, propRequest } from './propfind.ts'
import { createDavWrites, type WriteDeps } from './writes.ts'
import { davChild, innerXml, isDav, readXmlBody } from './xml.ts'

export const DAV_METHODS = [
  'OPTIONS',
  'GET',
  'HEAD',
  'PROPFIND',
  'PROPPATCH',
  'PUT',
  'DELETE',
  'MKCOL',
  'COPY',
  'MOVE',
  'LOCK',
  'UNLOCK',
] as const
export type DavMethod = (typeof DAV_METHODS)[number]
const WRITES = new Set<DavMethod>(['PROPPATCH', 'PUT', 'DELETE', 'MKCOL', 'COPY', 'MOVE', 'LOCK', 'UNLOCK'])

/**
 * The methods that work at a resolved path, for Allow (OPTIONS, and every 405): clients such as
 * lftp pick their next request from it. Nothing is there yet: only what makes it. A file: all
 * but MKCOL; a folder: all but PUT and MKCOL; Home, which cannot go: no DELETE, COPY or MOVE
 * either. A read-only app password: the reads.
 */
export function allowedAt(r: Resolved | undefined, scope: AppPasswordScope | undefined): string {
  const kind = r ? (r.resource?.kind ?? 'none') : 'any'
  const refused: Record<typeof kind, DavMethod[]> = {
    any: [],
    none: ['GET', 'HEAD', 'PROPFIND', 'PROPPATCH', 'DELETE', 'COPY', 'MOVE', 'UNLOCK'],
    file: ['MKCOL'],
    folder: ['PUT', 'MKCOL'],
    home: ['PUT', 'MKCOL', 'DELETE', 'COPY', 'MOVE'],
  }
  return DAV_METHODS.filter((m) => !refused[kind].includes(m) && (scope !== 'read' || !WRITES.has(m))).join(', ')
}

/** The request as the protocol needs it: headers by lower-case name, the path below /dav. */
export interface DavCall {
  owner: string
  scope: AppPasswordScope
  method: DavMethod
  urlPath: string
  headers: Record<string, string | undefined>
  /** The request body, unread. */
  body: Readable
}

export interface DavReply {
  status: number
  headers?: Record<string, string>
  /** An XML body, whole or as chunks. */
  xml?: string | AsyncIterable<string>
  /** An HTML body (a folder's index, folder-page.ts), as chunks; its headers say what it is. */
  html?: AsyncIterable<string>
  blob?: BlobDownload
}

const xmlReply = (
  status: number,
  xml: string | AsyncIterable<string>,
  headers: Record<string, string> = {},
): DavReply => ({ status, xml, headers })
const parentPath = (r: Resolved) => r.segments.slice(0, -1).join('/')

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
  const body = (call: DavCall) => readXmlBody(call.body, deps.limits.jsonBodyBytes)

  /** The Destination header as a resolved path of this share (400 when it names a place outside it). */
  async function destination(call: DavCall): Promise<Resolved> {
    const raw = call.headers.destination
    if (!raw) throw errors.badRequest('COPY and MOVE need a Destination header')
    let pathname: string
    try {
      pathname = new URL(raw, 'http://x').pathname
    } catch {
      throw errors.badRequest('The Destination header is not a URL')
    }
    if (pathname !== '/dav' && !pathname.startsWith('/dav/')) throw errors.davForeignDestination()
    return paths.resolve(call.owner, splitDavPath(pathname))
  }

  const conds = (call: DavCall): Conditions => ({
    if: call.headers.if,
    ifMatch: call.headers['if-match'],
    ifNoneMatch: call.headers['if-none-match'],
  })

  async function check(call: DavCall, r: Resolved, targets: Protected[]) {
    const live = await locks.live(call.owner)
    await conditions.check(call.owner, r, conds(call), live, targets)
    return live
  }

  const handlers: Record<DavMethod, (call: DavCall, r: Resolved) => Promise<DavReply>> = {
    OPTIONS: async (call, r) => ({
      status: 200,
      headers: {
        dav: '1, 2',
        allow: allowedAt(call.owner ? r : undefined, call.owner ? call.scope : undefined),
        'ms-author-via': 'DAV',
      },
    }),

    async GET(call, r) {
      if (!r.resource) throw errors.notFound()
      // A folder (or Home): its HTML index; HEAD says so without reading the folder.
      if (r.resource.kind !== 'file')
        return {
          status: 200,
          headers: FOLDER_PAGE_HEADERS,
          ...(call.method === 'HEAD' ? {} : { html: folderPage(repo.dav, call.owner, r) }),
        }
      const file = await repo.files.file(call.owner, r.resource.file.id)
      if (!file) throw errors.notFound()
      const headers = { 'last-modified': new Date(file.upload_date).toUTCString() }
      if (checkEtagHeaders(r, conds(call), true) === 'not-modified')
        return { status: 304, headers: { ...headers, etag: `"${blobEtag(file)}"` } }
      const options = {
        size: file.size,
        rangeHeader: call.headers.range,
        contentType: file.mime,
        disposition: 'attachment',
        filename: file.filename,
        etag: blobEtag(file),
      } as const
      return { status: 200, headers, blob: { options, open: (range) => deps.vault.open(file, range) } }
    },
    HEAD: (call, r) => handlers.GET(call, r),

    async PROPFIND(call, r) {
      // A file has no members: any Depth (none means infinity) is Depth 0 for it (RFC 4918 §9.1).
      const depth =
        r.resource?.kind === 'file' && (call.headers.depth ?? 'infinity').toLowerCase() === 'infinity'
          ? '0'
          : (call.headers.depth ?? 'infinity')
      if (depth.toLowerCase() === 'infinity') throw errors.davFiniteDepth()
      if (depth !== '0' && depth !== '1') throw errors.badRequest('Depth must be 0 or 1')
      const req = propRequest(await body(call))
      if (!r.resource) throw errors.notFound()
      const live = await locks.live(call.owner)
      let usage: Promise<{ used: number; quota: number | null }> | undefined
      const ctx = { locks: live, usage: () => (usage ??= quota.usage(call.owner)) }
      return xmlReply(207, props.propfind(call.owner, r, depth, req, ctx))
    },

    async PROPPATCH(call, r) {
      await check(call, r, [{ path: r.path }])
      return xmlReply(207, await props.proppatch(call.owner, r, await body(call)))
    },

    async PUT(call, r) {
      if (call.headers['content-range']) throw errors.badRequest('PUT does not take Content-Range: send the whole file')
      await check(call, r, r.resource ? [{ path: r.path }] : [{ path: r.path }, { path: parentPath(r) }])
      const declared = call.headers['content-length'] ?? call.headers['x-expected-entity-length']
      const length = declared !== undefined && /^\d{1,16}$/.test(declared) ? Number(declared) : undefined
      const { created, file } = await writes.put(call.owner, r, call.body, {
        length,
        contentType: call.headers['content-type'],
      })
      return { status: created ? 201 : 204, headers: { etag: `"${blobEtag(file)}"` } }
    },

    async MKCOL(call, r) {
      // Bodies of MKCOL are an extension we do not take (RFC 4918 §9.3.1).
      if (Number(call.headers['content-length'] ?? 0) > 0 || call.headers['transfer-encoding'])
        throw errors.davMkcolBody()
      await check(call, r, [{ path: r.path }, { path: parentPath(r) }])
      await writes.mkcol(call.owner, r)
      return { status: 201 }
    },

    async DELETE(call, r) {
      if (!r.resource) throw errors.notFound()
      const live = await check(call, r, [{ path: r.path, withMembers: true }, { path: parentPath(r) }])
      await writes.remove(call.owner, r)
      await locks.dropAt(call.owner, live, r.path)
      return { status: 204 }
    },

    async COPY(call, r) {
      const depth = (call.headers.depth ?? 'infinity').toLowerCase()
      if (depth !== '0' && depth !== 'infinity') throw errors.badRequest('COPY takes Depth 0 or infinity')
      if (!r.resource) throw errors.notFound()
      const dest = await destination(call)
      await check(call, r, [{ path: dest.path, withMembers: true }, { path: parentPath(dest) }])
      const created = await writes.copy(call.owner, r, dest, call.headers.overwrite?.toUpperCase() !== 'F', depth)
      return { status: created ? 201 : 204 }
    },

    async MOVE(call, r) {
      if ((call.headers.depth ?? 'infinity').toLowerCase() !== 'infinity')
        throw errors.badRequest('MOVE takes Depth infinity')
      if (!r.resource) throw errors.notFound()
      const dest = await destination(call)
      const live = await check(call, r, [
        { path: r.path, withMembers: true },
        { path: parentPath(r) },
        { path: dest.path, withMembers: true },
        { path: parentPath(dest) },
      ])
      const created = await writes.move(call.owner, r, dest, call.headers.overwrite?.toUpperCase() !== 'F')
      await locks.dropAt(call.owner, live, r.path)
      return { status: created ? 201 : 204 }
    },

    async LOCK(call, r) {
      const info = await body(call)
      const timeout = lockTimeout(call.headers.timeout)
      const live = await locks.live(call.owner)
      if (!info) {
        if (!call.headers.if)
          throw errors.badRequest('A LOCK without a body refreshes a lock: send its token in an If header')
        if (!r.resource) throw errors.notFound()
        const submitted = await conditions.check(call.owner, r, conds(call), live, [])
        const lock = await locks.refresh(call.owner, live, r.path, submitted, timeout)
        return xmlReply(200, lockXml(lock))
      }
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
      const depth = (call.headers.depth ?? 'infinity').toLowerCase()
      if (depth !== '0' && depth !== 'infinity') throw errors.badRequest('LOCK takes Depth 0 or infinity')
      const ownerEl = davChild(info, 'owner')
      await conditions.check(call.owner, r, conds(call), live, [])
      let created = false
      if (!r.resource) {
        // RFC 4918 §7.3: a LOCK on an unmapped URL makes an empty file there, locked.
        if (!r.parent) throw errors.davNoParent()
        locks.checkConflict(live, { path: r.path, depth: '0', scope })
        await writes.put(call.owner, r, Readable.from([]), { length: 0, contentType: undefined })
        created = true
      }
      const lock = await locks.lock(call.owner, live, {
        path: r.path,
        depth: r.resource?.kind === 'file' ? '0' : (depth as '0' | 'infinity'),
        scope,
        owner: ownerEl ? innerXml(ownerEl) : null,
        timeoutSeconds: timeout,
      })
      return xmlReply(created ? 201 : 200, lockXml(lock), { 'lock-token': `<${lock.token}>` })
    },

    async UNLOCK(call, r) {
      const token = /^\s*<([^>]+)>\s*$/.exec(call.headers['lock-token'] ?? '')?.[1]
      if (!token) throw errors.badRequest('UNLOCK needs a Lock-Token header: <token>')
      await locks.unlock(call.owner, await locks.live(call.owner), r.path, token)
      return { status: 204 }
    },
  }

  const lockXml = (lock: Parameters<typeof activeLockXml>[0]) =>
    `<?xml version="1.0" encoding="utf-8"?>\n<D:prop xmlns:D="DAV:"><D:lockdiscovery>${activeLockXml(lock, now())}</D:lockdiscovery></D:prop>`

  return {
    /** Answers one WebDAV request of a signed-in owner (routes/dav.ts has checked the app password). */
    async handle(call: DavCall): Promise<DavReply> {
      // OPTIONS without credentials (a client probing for DAV) says what the share takes at all.
      if (call.method === 'OPTIONS' && !call.owner)
        return handlers.OPTIONS(call, { segments: [], path: '', resource: undefined, parent: undefined, name: '' })
      if (WRITES.has(call.method) && call.scope !== 'write') throw errors.davReadOnly()
      const r = await paths.resolve(call.owner, splitDavPath(call.urlPath))
      try {
        return await handlers[call.method](call, r)
      } catch (err) {
        if (err instanceof AppError && err.statusCode === 405) err.headers.allow = allowedAt(r, call.scope)
        throw err
      }
    },
  }
}
export type DavService = ReturnType<typeof createDavService>
