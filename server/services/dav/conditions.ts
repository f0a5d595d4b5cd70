// A WebDAV write's preconditions, checked before it changes anything: If-Match / If-None-Match
// (412), the If header (412 when no list holds), then the locks on what it changes (423).
import type { DavLock } from '../../db/schema.ts'
import { errors } from '../../errors.ts'
import { checkLocks, covering, ifHolds, type IfList, lockHref, type Protected, submittedTokens } from './locks.ts'
import type { Resolved } from './paths.ts'
import { urlPathOf } from './shared.ts'
import { etagOf } from './properties.ts'

/** What a request states of the resource (its conditional headers, parsed by routes/dav/headers.ts). */
export interface Conditions {
  /**
   * The If header's lists; an error when it could not be read, thrown where the header is
   * evaluated (a write's check), so a request that never evaluates it is not refused for it.
   */
  if?: IfList[] | Error | undefined
  /** If-Match's etags (quoted, without W/); "*" = it exists. */
  ifMatch?: string[] | undefined
  ifNoneMatch?: string[] | undefined
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
  if (c.ifMatch !== undefined) {
    const tags = c.ifMatch
    if (!(tags.includes('*') ? exists : etag !== undefined && tags.includes(etag))) throw errors.davIfMatchFailed()
  }
  if (c.ifNoneMatch !== undefined) {
    const tags = c.ifNoneMatch
    if (tags.includes('*') ? exists : etag !== undefined && tags.includes(etag)) {
      if (safe) return 'not-modified'
      throw errors.davIfNoneMatchFailed()
    }
  }
  return undefined
}

export function createConditions(deps: {
  /** A URL path (the If header's tags) as the caller's requests resolve it. */
  resolve: (caller: string, segments: string[]) => Promise<Resolved>
}) {
  return {
    /**
     * Checks the request's conditions for a write that changes `targets`, given the live `locks`
     * of `r`'s namespace; returns the tokens it submitted. The If header's tags are the caller's
     * URLs; `targets` are lock paths of `r`'s namespace.
     */
    async check(
      caller: string,
      r: Resolved,
      c: Conditions,
      locks: readonly DavLock[],
      targets: readonly Protected[],
    ): Promise<Set<string>> {
      checkEtagHeaders(r, c)
      let lists: IfList[] | undefined
      if (c.if !== undefined) {
        if (c.if instanceof Error) throw c.if
        lists = c.if
        const url = r.segments.join('/')
        const stateOf = async (path: string) => {
          const at = path === url ? r : await deps.resolve(caller, path === '' ? [] : path.split('/'))
          // A tag in another namespace holds none of these locks.
          const tokens = at.owner === r.owner ? covering(locks, at.path).map((l) => l.token) : []
          return { etag: resourceEtag(at), tokens: new Set(tokens) }
        }
        if (!(await ifHolds(lists, url, stateOf))) throw errors.davIfFailed()
      }
      const submitted = submittedTokens(lists)
      checkLocks(locks, targets, submitted, (p) => lockHref(urlPathOf(r, p)))
      return submitted
    },
  }
}
export type DavConditions = ReturnType<typeof createConditions>
