// PROPFIND (streamed: a folder's children are read and written a page at a time, so a folder of
// any size answers in bounded memory) and PROPPATCH (all or nothing, RFC 4918 §9.2).
import { errors } from '../../errors.ts'
import type { DavFile, DavFolder } from '../../repositories/dav.ts'
import type { DriveRepository as Drive } from '../../repositories/drive.ts'
import { childNamer, hrefOf, type Resolved } from './paths.ts'
import {
  type DavView,
  isProtected,
  LIVE,
  MULTISTATUS_CLOSE,
  MULTISTATUS_OPEN,
  type PropContext,
  type PropRequest,
  propStatusXml,
  responseXml,
} from './properties.ts'
import { clark, davChild, elements, escapeXml, innerXml, isDav, type XmlElement } from './xml.ts'

/** Children read and written per query. */
const PAGE = 500
/** Dead properties one resource may hold. */
export const MAX_DEAD_PROPERTIES = 200

/** Rolls a PROPPATCH back when the resource would hold more than MAX_DEAD_PROPERTIES. */
class TooManyProperties extends Error {}

/** The resource id dead properties of Home are kept under. */
const homeId = (owner: string) => `home:${owner}`
const resourceId = (owner: string, r: Resolved) =>
  r.resource?.kind === 'file'
    ? r.resource.file.id
    : r.resource?.kind === 'folder'
      ? r.resource.folder.id
      : homeId(owner)

/** A PROPFIND body: none or <allprop/> (with <include>), <propname/>, or <prop> with names. */
export function propRequest(body: XmlElement | undefined): PropRequest {
  if (!body) return { type: 'allprop', include: [] }
  if (!isDav(body, 'propfind')) throw errors.badRequest('A PROPFIND body must be a DAV:propfind element')
  if (davChild(body, 'propname')) return { type: 'propname' }
  const prop = davChild(body, 'prop')
  if (prop) return { type: 'prop', names: elements(prop).map(clark) }
  if (davChild(body, 'allprop')) {
    const include = davChild(body, 'include')
    return { type: 'allprop', include: include ? elements(include).map(clark) : [] }
  }
  throw errors.badRequest('A PROPFIND body needs allprop, propname or prop')
}

export function viewOf(r: Resolved): DavView {
  const collection = r.resource?.kind !== 'file'
  const base = { href: hrefOf(r.segments, collection), path: r.path, name: r.segments.at(-1) ?? '' }
  if (r.resource?.kind === 'file') return { ...base, file: r.resource.file }
  if (r.resource?.kind === 'folder') return { ...base, folder: r.resource.folder }
  return base
}

/**
 * A child as a multistatus or a folder listing shows it: its view, with the WebDAV name it
 * answers to. Neither a folder nor a file: "Shared with me", a collection (services/dav/shared.ts).
 */
export type DavChild = DavView &
  (
    | { folder: DavFolder; file?: undefined }
    | { file: DavFile; folder?: undefined }
    | { folder?: undefined; file?: undefined }
  )

/**
 * The children of a folder (or Home) a page at a time, folders first, then files, each named as
 * its URL names it (childNamer): what PROPFIND Depth 1 and a folder's GET list, in bounded memory.
 */
export async function* childPages(dav: Drive['dav'], owner: string, r: Resolved): AsyncGenerator<DavChild[]> {
  const parentId = r.resource?.kind === 'folder' ? r.resource.folder.id : null
  const namer = childNamer()
  // The href is the caller's URL; the lock path, the namespace's (the owner's, inside a share).
  const child = (name: string, collection: boolean) => ({
    href: hrefOf([...r.segments, name], collection),
    path: r.path ? `${r.path}/${name}` : name,
    name,
  })
  for (let after: DavFolder | undefined; ;) {
    const page = await dav.folderPage(owner, parentId, after && { nameKey: after.name_key, id: after.id }, PAGE)
    if (page.length) yield page.map((f) => ({ ...child(namer.folder(f), true), folder: f }))
    if (page.length < PAGE) break
    after = page.at(-1)
  }
  namer.startFiles()
  for (let after: DavFile | undefined; ;) {
    const page = await dav.filePage(owner, parentId, after && { nameKey: after.name_key, id: after.id }, PAGE)
    if (page.length) yield page.map((f) => ({ ...child(namer.file(f), false), file: f }))
    if (page.length < PAGE) break
    after = page.at(-1)
  }
}

export function createPropfind(deps: { repo: Drive }) {
  const { repo } = deps
  type Dav = Drive['dav']
  const dav: Dav = repo.dav

  async function deadOf(owner: string, ids: string[], wanted: boolean): Promise<Map<string, Map<string, string>>> {
    const out = new Map<string, Map<string, string>>()
    if (!wanted || ids.length === 0) return out
    for (const row of await dav.properties(owner, ids)) {
      let m = out.get(row.resource_id)
      if (!m) out.set(row.resource_id, (m = new Map()))
      m.set(row.name, row.value)
    }
    return out
  }

  return {
    /** The multistatus of a PROPFIND, as chunks: the resource, then (Depth 1) its children page by page. */
    async *propfind(
      owner: string,
      r: Resolved,
      depth: '0' | '1',
      req: PropRequest,
      ctx: PropContext,
      /** Depth 1's children, a page at a time. */
      children: AsyncIterable<DavChild[]>,
    ): AsyncGenerator<string> {
      // "Shared with me" and what it lists are not `owner`'s resources: no dead properties there.
      const wanted = !r.virtual && (req.type !== 'prop' || req.names.some((n) => !LIVE.has(n)))
      const none = new Map<string, string>()
      const selfId = resourceId(owner, r)
      yield (
        MULTISTATUS_OPEN +
        (await responseXml(viewOf(r), req, (await deadOf(owner, [selfId], wanted)).get(selfId) ?? none, ctx))
      )
      if (depth === '0' || r.resource?.kind === 'file') return yield MULTISTATUS_CLOSE
      const idOf = (c: DavChild) => c.folder?.id ?? c.file?.id ?? ''
      for await (const page of children) {
        const dead = await deadOf(owner, page.map(idOf).filter(Boolean), wanted)
        let out = ''
        for (const c of page) out += await responseXml(c, req, dead.get(idOf(c)) ?? none, ctx)
        if (out) yield out
      }
      yield MULTISTATUS_CLOSE
    },

    /**
     * PROPPATCH: sets and removes, in document order, all or none. A live property cannot be
     * changed (403, and 424 for the rest); a resource holds at most MAX_DEAD_PROPERTIES (507).
     * Returns the multistatus.
     */
    async proppatch(owner: string, r: Resolved, body: XmlElement | undefined): Promise<string> {
      if (!r.resource) throw errors.notFound()
      if (!body || !isDav(body, 'propertyupdate'))
        throw errors.badRequest('A PROPPATCH body must be a DAV:propertyupdate element')
      const ops: Array<{ name: string; value?: string }> = []
      for (const step of elements(body)) {
        const set = isDav(step, 'set')
        if (!set && !isDav(step, 'remove')) continue
        for (const prop of elements(step).filter((e) => isDav(e, 'prop'))) {
          for (const p of elements(prop)) ops.push(set ? { name: clark(p), value: innerXml(p) } : { name: clark(p) })
        }
      }
      const href = viewOf(r).href
      // Nothing to change is done at once (some clients send an empty update to probe).
      if (ops.length === 0)
        return `${MULTISTATUS_OPEN}<D:response><D:href>${escapeXml(href)}</D:href><D:status>HTTP/1.1 200 OK</D:status></D:response>${MULTISTATUS_CLOSE}`
      const id = resourceId(owner, r)
      const refused = ops.filter((o) => isProtected(o.name))
      if (refused.length) {
        return propStatusXml(
          href,
          ops.map((o) => ({ name: o.name, status: isProtected(o.name) ? '403 Forbidden' : '424 Failed Dependency' })),
        )
      }
      const full = await repo
        .transaction(async (trx) => {
          for (const o of ops)
            await (o.value !== undefined
              ? trx.dav.setProperty(owner, id, o.name, o.value)
              : trx.dav.removeProperty(owner, id, o.name))
          // Counted inside the transaction: a refusal rolls every step back.
          if ((await trx.dav.countProperties(owner, id)) > MAX_DEAD_PROPERTIES) throw new TooManyProperties()
          return false
        })
        .catch((err) => {
          if (err instanceof TooManyProperties) return true
          throw err
        })
      return propStatusXml(
        href,
        ops.map((o) => ({ name: o.name, status: full ? '507 Insufficient Storage' : '200 OK' })),
      )
    },
  }
}
export type DavPropfind = ReturnType<typeof createPropfind>
