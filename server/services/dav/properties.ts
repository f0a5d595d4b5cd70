// WebDAV properties: the live ones we compute from rows (RFC 4918 §15, quotas of RFC 4331) and
// the dead ones a client stored (PROPPATCH), written as multistatus XML a response at a time.
import type { DavLock } from '../../db/schema.ts'
import type { DavFile, DavFolder } from '../../repositories/dav.ts'
import { blobEtag } from '../drive/downloads.ts'
import { covering, lockHref } from './locks.ts'
import { DAV_NS, escapeXml, fromClark, propertyXml } from './xml.ts'

/** One resource as a response shows it. */
export interface DavView {
  href: string
  /** Its lock path. */
  path: string
  name: string
  file?: DavFile
  folder?: DavFolder
}

export type PropRequest =
  { type: 'allprop'; include: string[] } | { type: 'propname' } | { type: 'prop'; names: string[] }

/** What properties read besides the row: the account's quota, and the live locks. */
export interface PropContext {
  locks: readonly DavLock[]
  /** The account's usage; undefined where it is not the caller's to see (a share: the owner's). */
  usage: () => Promise<{ used: number; quota: number | null } | undefined>
  /** A lock path's href as the caller's URLs name it. */
  lockHref: (path: string) => string
}

const dav = (local: string) => `{${DAV_NS}}${local}`
/** Live properties allprop returns; the quotas are asked for by name (RFC 4331 §3: they cost a query). */
const ALLPROP = [
  'creationdate',
  'displayname',
  'getcontentlength',
  'getcontenttype',
  'getetag',
  'getlastmodified',
  'resourcetype',
  'supportedlock',
  'lockdiscovery',
].map(dav)
const QUOTA = [dav('quota-used-bytes'), dav('quota-available-bytes')]
/** Every live property: a client cannot set or remove these (PROPPATCH → 403). */
export const LIVE = new Set([...ALLPROP, ...QUOTA])
export const isProtected = (name: string) => LIVE.has(name) || name.startsWith(`{${DAV_NS}}`)

export const etagOf = (v: Pick<DavView, 'file' | 'folder'>): string | undefined =>
  v.file ? `"${blobEtag(v.file)}"` : v.folder ? `"${v.folder.id}-${v.folder.updated_at}"` : undefined

const SUPPORTED_LOCK =
  '<D:lockentry><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype></D:lockentry>' +
  '<D:lockentry><D:lockscope><D:shared/></D:lockscope><D:locktype><D:write/></D:locktype></D:lockentry>'

/** A lock as <D:activelock>, its timeout counted from `now`. */
export function activeLockXml(l: DavLock, now: number, href: (path: string) => string = lockHref): string {
  const seconds = Math.max(0, Math.ceil((l.expires_at - now) / 1000))
  const root = href(l.path)
  return (
    `<D:activelock><D:locktype><D:write/></D:locktype><D:lockscope><D:${l.scope}/></D:lockscope><D:depth>${l.depth}</D:depth>` +
    (l.lock_owner !== null ? `<owner xmlns="DAV:">${l.lock_owner}</owner>` : '') +
    `<D:timeout>Second-${seconds}</D:timeout><D:locktoken><D:href>${escapeXml(l.token)}</D:href></D:locktoken>` +
    `<D:lockroot><D:href>${escapeXml(root)}</D:href></D:lockroot></D:activelock>`
  )
}

/** The value (inner XML) of live property `name`, or undefined where the resource has none. */
async function liveValue(name: string, v: DavView, ctx: PropContext): Promise<string | undefined> {
  const collection = !v.file
  const local = fromClark(name).local
  switch (local) {
    case 'resourcetype':
      return collection ? '<D:collection/>' : ''
    case 'displayname':
      return escapeXml(v.name)
    case 'getcontentlength':
      return v.file ? String(v.file.size) : undefined
    case 'getcontenttype':
      return v.file ? escapeXml(v.file.mime) : undefined
    case 'getetag': {
      const etag = etagOf(v)
      return etag && escapeXml(etag)
    }
    case 'getlastmodified': {
      const at = v.file?.upload_date ?? v.folder?.updated_at
      return at === undefined ? undefined : new Date(at).toUTCString()
    }
    case 'creationdate': {
      const at = v.file?.upload_date ?? v.folder?.created_at
      return at === undefined ? undefined : new Date(at).toISOString()
    }
    case 'supportedlock':
      return SUPPORTED_LOCK
    case 'lockdiscovery': {
      const now = Date.now()
      return covering(ctx.locks, v.path)
        .map((l) => activeLockXml(l, now, ctx.lockHref))
        .join('')
    }
    case 'quota-used-bytes': {
      const usage = collection ? await ctx.usage() : undefined
      return usage && String(usage.used)
    }
    case 'quota-available-bytes': {
      const usage = collection ? await ctx.usage() : undefined
      if (!usage) return undefined
      const { used, quota } = usage
      // No quota: no figure to give (RFC 4331 §4 lets a server leave it out).
      return quota === null ? undefined : String(Math.max(0, quota - used))
    }
    default:
      return undefined
  }
}

const liveXml = (name: string, value: string) => {
  const { local } = fromClark(name)
  return value ? `<D:${local}>${value}</D:${local}>` : `<D:${local}/>`
}
const anyXml = (name: string, value: string) =>
  name.startsWith(`{${DAV_NS}}`) ? liveXml(name, value) : propertyXml(name, value)

const propstat = (props: string, status: string) =>
  `<D:propstat><D:prop>${props}</D:prop><D:status>HTTP/1.1 ${status}</D:status></D:propstat>`

/** One <D:response> of a PROPFIND. `dead` holds the resource's dead properties (name → value). */
export async function responseXml(
  v: DavView,
  req: PropRequest,
  dead: ReadonlyMap<string, string>,
  ctx: PropContext,
): Promise<string> {
  let found = ''
  let missing = ''
  if (req.type === 'propname') {
    for (const name of ALLPROP) if ((await liveValue(name, v, ctx)) !== undefined) found += anyXml(name, '')
    for (const name of dead.keys()) found += anyXml(name, '')
  } else {
    const names =
      req.type === 'prop'
        ? req.names
        : [...ALLPROP, ...dead.keys(), ...req.include.filter((n) => !ALLPROP.includes(n) && !dead.has(n))]
    for (const name of names) {
      const value = LIVE.has(name) ? await liveValue(name, v, ctx) : dead.get(name)
      if (value !== undefined) found += anyXml(name, value)
      else if (req.type === 'prop') missing += anyXml(name, '')
    }
  }
  return (
    `<D:response><D:href>${escapeXml(v.href)}</D:href>` +
    (found || !missing ? propstat(found, '200 OK') : '') +
    (missing ? propstat(missing, '404 Not Found') : '') +
    '</D:response>'
  )
}

export const MULTISTATUS_OPEN = '<?xml version="1.0" encoding="utf-8"?>\n<D:multistatus xmlns:D="DAV:">'
export const MULTISTATUS_CLOSE = '</D:multistatus>'

/** A <D:response> with a status for each property (PROPPATCH). */
export function propStatusXml(href: string, statuses: ReadonlyArray<{ name: string; status: string }>): string {
  const byStatus = new Map<string, string>()
  for (const s of statuses) byStatus.set(s.status, (byStatus.get(s.status) ?? '') + anyXml(s.name, ''))
  return `${MULTISTATUS_OPEN}<D:response><D:href>${escapeXml(href)}</D:href>${[...byStatus].map(([status, props]) => propstat(props, status)).join('')}</D:response>${MULTISTATUS_CLOSE}`
}
