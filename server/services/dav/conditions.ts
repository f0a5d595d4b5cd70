// A WebDAV write's preconditions, checked before it changes anything: If-Match / If-None-Match
// (412), the If header (412 when no list holds), then the locks on what it changes (423).
import type { DavLock } from '../../db/schema.ts'
import { errors } from '../../errors.ts'
import { checkLocks, covering, ifHolds, type IfList, parseIf, type Protected, submittedTokens } from './locks.ts'
import { type DavPaths, type Resolved, splitDavPath } from './paths.ts'
import { etagOf } from './properties.ts'

/** The conditional headers of a request. */
export interface Conditions {
  if?: string | undefined
  ifMatch?: string | undefined
  ifNoneMatch?: string | undefined
}

/** The etag of what a path names, if anything. */
export const resourceEtag = (r: Resolved) =>
  r.resource?.kind === 'file'
    ? etagOf({ file: r.resource.file })
    : r.resource?.kind === 'folder'
      ? etagOf({ folder: r.resource.folder })
      : undefined

/** If-Match / If-None-Match against the resource's etag ("*" = it exists). */
export function checkEtagHeaders(r: Resolved, c: Conditions, safe = false): 'not-modified' | undefined {
  const etag = resourceEtag(r)
  const exists = r.resource !== undefined
  const list = (h: string) => h.split(',').map((t) => t.trim().replace(/^W\//, ''))
  if (c.ifMatch !== undefined) {
    const tags = list(c.ifMatch)
    if (!(tags.includes('*') ? exists : etag !== undefined && tags.includes(etag))) throw errors.davIfMatchFailed()
  }
  if (c.ifNoneMatch !== undefined) {
    const tags = list(c.ifNoneMatch)
    if (tags.includes('*') ? exists : etag !== undefined && tags.includes(etag)) {
      if (safe) return 'not-modified'
      throw errors.davIfNoneMatchFailed()
    }
  }
  return undefined
}

/** A URL of an If header's resource tag as a lock path (undefined: not under /dav/). */
function tagPath(url: string): string | undefined {
  let pathname: string
  try {
    pathname = new URL(url, 'http://x').pathname
  } catch {
    return undefined
  }
  try {
    return splitDavPath(pathname).join('/')
  } catch {
    return undefined
  }
}

export function createConditions(deps: { paths: DavPaths }) {
  return {
    /**
     * Checks the request's conditions for a write that changes `targets`, given the owner's live
     * `locks`; returns the tokens it submitted.
     */
    async check(
      owner: string,
      r: Resolved,
      c: Conditions,
      locks: readonly DavLock[],
      targets: readonly Protected[],
    ): Promise<Set<string>> {
      checkEtagHeaders(r, c)
      let lists: IfList[] | undefined
      if (c.if !== undefined) {
        lists = parseIf(c.if, tagPath)
        const stateOf = async (path: string) => {
          const at = path === r.path ? r : await deps.paths.resolve(owner, path === '' ? [] : path.split('/'))
          return { etag: resourceEtag(at), tokens: new Set(covering(locks, path).map((l) => l.token)) }
        }
        if (!(await ifHolds(lists, r.path, stateOf))) throw errors.davIfFailed()
      }
      const submitted = submittedTokens(lists)
      checkLocks(locks, targets, submitted)
      return submitted
    },
  }
}
export type DavConditions = ReturnType<typeof createConditions>
