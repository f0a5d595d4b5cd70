// The twelve WebDAV methods over HTTP: each reads its headers (headers.ts), calls the service
// (services/dav/dav.ts) with plain values, and says what to send: a status, headers, and an XML
// body, a folder's HTML index or a blob. index.ts sends it.
import type { Readable } from 'node:stream'
import type { AppPasswordScope } from '../../db/schema.ts'
import { AppError, errors } from '../../errors.ts'
import { checkEtagHeaders } from '../../services/dav/conditions.ts'
import type { DavService } from '../../services/dav/dav.ts'
import { type Resolved, splitDavPath } from '../../services/dav/paths.ts'
import { lockHref } from '../../services/dav/locks.ts'
import { activeLockXml } from '../../services/dav/properties.ts'
import { urlPathOf } from '../../services/dav/shared.ts'
import { blobEtag, type BlobDownload } from '../../services/drive/downloads.ts'
import { FOLDER_PAGE_HEADERS, folderPage } from './folder-page.ts'
import {
  conditionsOf,
  type DavHeaders,
  depthOf,
  destinationOf,
  lockTimeout,
  lockTokenOf,
  overwriteOf,
  putLengthOf,
} from './headers.ts'

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
 * either. A read-only app password, "Shared with me" itself, a viewer's share: the reads. A
 * shared item itself cannot be deleted or moved.
 */
export function allowedAt(r: Resolved | undefined, scope: AppPasswordScope | undefined): string {
  const kind = r ? (r.resource?.kind ?? 'none') : 'any'
  const refused: Record<typeof kind, DavMethod[]> = {
    any: [],
    none: ['GET', 'HEAD', 'PROPFIND', 'PROPPATCH', 'DELETE', 'COPY', 'MOVE', 'UNLOCK'],
    file: ['MKCOL'],
    folder: ['PUT', 'MKCOL'],
    home: ['PUT', 'MKCOL', 'DELETE', 'COPY', 'MOVE'],
    shares: ['PUT', 'MKCOL', 'DELETE', 'COPY', 'MOVE'],
  }
  const readOnly = scope === 'read' || r?.virtual || r?.share?.role === 'viewer'
  const sharedItem = r?.share !== undefined && r.path === r.share.base
  return DAV_METHODS.filter(
    (m) =>
      !refused[kind].includes(m) && !(readOnly && WRITES.has(m)) && !(sharedItem && (m === 'DELETE' || m === 'MOVE')),
  ).join(', ')
}

/** The request as the protocol needs it: headers by lower-case name, the path below /dav. */
export interface DavCall {
  owner: string
  scope: AppPasswordScope
  method: DavMethod
  urlPath: string
  headers: DavHeaders
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

const lockXml = (lock: Parameters<typeof activeLockXml>[0], r: Resolved) =>
  `<?xml version="1.0" encoding="utf-8"?>\n<D:prop xmlns:D="DAV:"><D:lockdiscovery>${activeLockXml(lock, Date.now(), (p) => lockHref(urlPathOf(r, p)))}</D:lockdiscovery></D:prop>`

/** Answers WebDAV requests of a signed-in account (index.ts has checked the app password); `call.owner` is the caller. */
export function davMethods(dav: DavService) {
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
          ...(call.method === 'HEAD' ? {} : { html: folderPage(r.segments, dav.children(call.owner, r)) }),
        }
      const { file, download } = await dav.file(call.owner, r)
      const headers = { 'last-modified': new Date(file.upload_date).toUTCString() }
      if (checkEtagHeaders(r, conditionsOf(call.headers), true) === 'not-modified')
        return { status: 304, headers: { ...headers, etag: `"${blobEtag(file)}"` } }
      return { status: 200, headers, blob: download }
    },
    HEAD: (call, r) => handlers.GET(call, r),

    async PROPFIND(call, r) {
      // A file has no members: any Depth (none means infinity) is Depth 0 for it (RFC 4918 §9.1).
      const depth =
        r.resource?.kind === 'file' && depthOf(call.headers) === 'infinity' ? '0' : (call.headers.depth ?? 'infinity')
      if (depth.toLowerCase() === 'infinity') throw errors.davFiniteDepth()
      if (depth !== '0' && depth !== '1') throw errors.badRequest('Depth must be 0 or 1')
      return xmlReply(207, await dav.propfind(call.owner, r, depth, call.body))
    },

    async PROPPATCH(call, r) {
      return xmlReply(207, await dav.proppatch(call.owner, r, conditionsOf(call.headers), call.body))
    },

    async PUT(call, r) {
      const h = call.headers
      if (h['content-range']) throw errors.badRequest('PUT does not take Content-Range: send the whole file')
      const { created, file } = await dav.put(call.owner, r, conditionsOf(h), call.body, {
        length: putLengthOf(h),
        contentType: h['content-type'],
      })
      return { status: created ? 201 : 204, headers: { etag: `"${blobEtag(file)}"` } }
    },

    async MKCOL(call, r) {
      // Bodies of MKCOL are an extension we do not take (RFC 4918 §9.3.1).
      if (Number(call.headers['content-length'] ?? 0) > 0 || call.headers['transfer-encoding'])
        throw errors.davMkcolBody()
      await dav.mkcol(call.owner, r, conditionsOf(call.headers))
      return { status: 201 }
    },

    async DELETE(call, r) {
      if (!r.resource) throw errors.notFound()
      await dav.remove(call.owner, r, conditionsOf(call.headers))
      return { status: 204 }
    },

    async COPY(call, r) {
      const depth = depthOf(call.headers)
      if (depth !== '0' && depth !== 'infinity') throw errors.badRequest('COPY takes Depth 0 or infinity')
      if (!r.resource) throw errors.notFound()
      const dest = await dav.resolve(call.owner, destinationOf(call.headers))
      const created = await dav.copy(call.owner, r, dest, conditionsOf(call.headers), {
        overwrite: overwriteOf(call.headers),
        depth,
      })
      return { status: created ? 201 : 204 }
    },

    async MOVE(call, r) {
      if (depthOf(call.headers) !== 'infinity') throw errors.badRequest('MOVE takes Depth infinity')
      if (!r.resource) throw errors.notFound()
      const dest = await dav.resolve(call.owner, destinationOf(call.headers))
      const created = await dav.move(call.owner, r, dest, conditionsOf(call.headers), {
        overwrite: overwriteOf(call.headers),
      })
      return { status: created ? 201 : 204 }
    },

    async LOCK(call, r) {
      const info = await dav.lockInfo(call.body)
      const timeoutSeconds = lockTimeout(call.headers.timeout)
      if (!info) {
        if (!call.headers.if)
          throw errors.badRequest('A LOCK without a body refreshes a lock: send its token in an If header')
        const lock = await dav.refreshLock(call.owner, r, conditionsOf(call.headers), timeoutSeconds)
        return xmlReply(200, lockXml(lock, r))
      }
      const depth = depthOf(call.headers)
      if (depth !== '0' && depth !== 'infinity') throw errors.badRequest('LOCK takes Depth 0 or infinity')
      const { lock, created } = await dav.lock(call.owner, r, conditionsOf(call.headers), {
        ...info,
        depth,
        timeoutSeconds,
      })
      return xmlReply(created ? 201 : 200, lockXml(lock, r), { 'lock-token': `<${lock.token}>` })
    },

    async UNLOCK(call, r) {
      await dav.unlock(call.owner, r, lockTokenOf(call.headers))
      return { status: 204 }
    },
  }

  return async function handle(call: DavCall): Promise<DavReply> {
    // OPTIONS without credentials (a client probing for DAV) says what the share takes at all.
    if (call.method === 'OPTIONS' && !call.owner)
      return handlers.OPTIONS(call, {
        segments: [],
        path: '',
        resource: undefined,
        parent: undefined,
        name: '',
        owner: '',
      })
    if (WRITES.has(call.method) && call.scope !== 'write') throw errors.davReadOnly()
    const r = await dav.resolve(call.owner, splitDavPath(call.urlPath))
    try {
      return await handlers[call.method](call, r)
    } catch (err) {
      if (err instanceof AppError && err.statusCode === 405) err.headers.allow = allowedAt(r, call.scope)
      throw err
    }
  }
}
