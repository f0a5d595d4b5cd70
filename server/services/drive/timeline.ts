// The family timeline (issue #39 point 5, DESIGN.md §8): Media with "Include shared" lists the
// caller's own photos and videos and those in every folder and file shared with them, in one
// date-taken order. The sources are read fresh on every page (ownersSharingWith: enabled owners,
// live shares), so an ended share or a disabled owner leaves the next page; the page itself is
// one statement (repositories/timeline.ts). Not in the list cache: a page depends on every
// sharing owner's drive and on the shares, which no one cache key follows.
import type { MemberRole } from '../../db/schema.ts'
import type { DriveRepository } from '../../repositories/drive.ts'
import { strongerRole } from '../../repositories/member-shares.ts'
import type { TimelineRow, TimelineSource } from '../../repositories/timeline.ts'
import type { FileListQuery } from '../../schemas/files.ts'
import type { Reach } from './access.ts'
import type { ItemPeople, ItemPeopleService } from './item-people.ts'
import { fileListJson } from './json.ts'
import { cursorOf } from './listing.ts'

interface OwnerShares {
  folders: Array<{ id: string; role: MemberRole }>
  files: Array<{ id: string; role: MemberRole }>
}

export function createTimeline(deps: { repo: DriveRepository; people: ItemPeopleService }) {
  const { repo, people } = deps

  /** Who shares what with the caller, by owner; `person` keeps one owner. */
  async function sharesByOwner(callerId: string, person?: string): Promise<Map<string, OwnerShares>> {
    const byOwner = new Map<string, OwnerShares>()
    if (person === callerId) return byOwner
    for (const s of await repo.memberShares.ownersSharingWith(callerId)) {
      if (person !== undefined && s.owner_id !== person) continue
      let o = byOwner.get(s.owner_id)
      if (!o) byOwner.set(s.owner_id, (o = { folders: [], files: [] }))
      ;(s.item_type === 'folder' ? o.folders : o.files).push({ id: s.item_id, role: s.role })
    }
    return byOwner
  }

  /**
   * The caller's role on each row of one owner and where their view starts (the topmost shared
   * item on its path): the strongest share on the path wins, as in the access check.
   */
  function rolesOf(shares: OwnerShares, rows: readonly TimelineRow[], paths: Map<string, { ancestors: string }>) {
    const granted = new Map<string, MemberRole>()
    for (const s of [...shares.folders, ...shares.files])
      granted.set(s.id, granted.has(s.id) ? strongerRole(granted.get(s.id)!, s.role) : s.role)
    const out = new Map<string, { role: MemberRole; topId: string }>()
    for (const r of rows) {
      const ids = r.folder_id
        ? [...(paths.get(r.folder_id)?.ancestors ?? '/').split('/').filter(Boolean), r.folder_id, r.id]
        : [r.id]
      let role: MemberRole | undefined
      let topId: string | undefined
      for (const id of ids) {
        const g = granted.get(id)
        if (!g) continue
        role = role ? strongerRole(role, g) : g
        topId ??= id
      }
      // The page's rows came through these shares, so every row has one; viewer is the safe floor.
      out.set(r.id, { role: role ?? 'viewer', topId: topId ?? r.id })
    }
    return out
  }

  return {
    /** One page of the timeline as the list's JSON text. */
    async page(callerId: string, q: FileListQuery): Promise<string> {
      const person = q.person
      const byOwner = await sharesByOwner(callerId, person)
      const sources: TimelineSource[] = []
      if (person === undefined || person === callerId) sources.push({ ownerId: callerId })
      // Every source's shared folders in one read; a folder counts for the owner who shared it, live.
      const found = await repo.timeline.folders([...byOwner.values()].flatMap((s) => s.folders.map((f) => f.id)))
      for (const [ownerId, s] of byOwner) {
        const folders = s.folders.flatMap((f) => {
          const row = found.get(f.id)
          return row && row.owner_id === ownerId && !row.trashed ? [row] : []
        })
        sources.push({ ownerId, shared: { folders, fileIds: s.files.map((f) => f.id) } })
      }
      const cursor = cursorOf(q)
      const rows = await repo.timeline.page(sources, {
        media: q.mediaFilter ?? 'all',
        limit: q.limit ?? 50,
        ascending: q.sortBy === 'date_asc',
        ...(cursor?.date !== undefined
          ? { cursor: { date: cursor.date, ...(cursor.id ? { id: cursor.id } : {}) } }
          : {}),
      })
      const fields = await peopleOf(callerId, byOwner, rows)
      const of = (r: { id: string }) => fields.get(r.id)?.people ?? {}
      // One row at a time: a file shared on its own has no folder the caller may open ("/").
      const items = rows.map((r) => fileListJson([r], of, { topId: fields.get(r.id)?.topId }).slice(1, -1))
      return `[${items.join(',')}]`
    },
  }

  /** The people fields of a page: its own rows as the owner sees them, the others' per owner. */
  async function peopleOf(callerId: string, byOwner: Map<string, OwnerShares>, rows: readonly TimelineRow[]) {
    const groups = new Map<string, TimelineRow[]>()
    for (const r of rows) {
      const g = groups.get(r.owner_id)
      if (g) g.push(r)
      else groups.set(r.owner_id, [r])
    }
    const others = rows.filter((r) => r.owner_id !== callerId)
    const [owners, paths] = await Promise.all([
      repo.paths.people([...groups.keys()].filter((id) => id !== callerId)),
      // The folders above others' items, for their roles and view tops: one read for the page.
      repo.timeline.folders(others.flatMap((r) => (r.folder_id ? [r.folder_id] : []))),
    ])
    const fields = new Map<string, { people: ItemPeople; topId?: string }>()
    for (const [ownerId, group] of groups) {
      if (ownerId === callerId) {
        const of = await people.of({ ownerId, role: 'owner', callerId }, group)
        for (const r of group) fields.set(r.id, { people: of(r) })
        continue
      }
      const o = owners.get(ownerId)
      if (!o) continue
      const roles = rolesOf(byOwner.get(ownerId)!, group, paths)
      const reach: Reach = {
        ownerId,
        role: 'viewer',
        callerId,
        owner: { _id: o.id, displayName: o.display_name, driveVersion: o.drive_version },
      }
      const of = await people.of(reach, group)
      for (const r of group) {
        const { role, topId } = roles.get(r.id)!
        fields.set(r.id, { people: { ...of(r), role }, topId })
      }
    }
    return fields
  }
}

export type Timeline = ReturnType<typeof createTimeline>
