// What a listed item says about people (DESIGN.md §8): the owner and the caller's role when the
// caller is a member, who added it when that was not the owner, and on the owner's own lists
// which items carry a member share. One read of names and one of shares per list, by ids.
import type { ItemPathsRepository } from '../../repositories/item-paths.ts'
import type { MemberSharesRepository } from '../../repositories/member-shares.ts'
import type { MemberRoleJson, PersonJson } from '../../schemas/files.ts'
import type { Static } from 'typebox'
import type { Reach } from './access.ts'

export interface ItemPeople {
  owner?: PersonJson
  role?: Static<typeof MemberRoleJson>
  addedBy?: PersonJson
  shared?: true
}

/** An item's people fields, by its id and who added it. */
export type PeopleOf = (item: { id: string; added_by: string | null }) => ItemPeople

/** No people fields at all: an owner's list where nobody else added or shares anything. */
export const NO_PEOPLE: PeopleOf = () => ({})

export function createItemPeople(deps: { paths: ItemPathsRepository; shares: MemberSharesRepository }) {
  return {
    /** The people fields of `items`, as `reach` sees them. */
    async of(reach: Reach, items: ReadonlyArray<{ id: string; added_by: string | null }>): Promise<PeopleOf> {
      const adders = items.flatMap((i) => (i.added_by ? [i.added_by] : []))
      const [names, shared] = await Promise.all([
        deps.paths.people(adders),
        reach.role === 'owner'
          ? deps.shares.sharedAmong(
              reach.ownerId,
              items.map((i) => i.id),
            )
          : undefined,
      ])
      if (names.size === 0 && !shared?.size && !reach.owner) return NO_PEOPLE
      const member = reach.owner && reach.role !== 'owner'
      const owner = member ? { _id: reach.owner!._id, displayName: reach.owner!.displayName } : undefined
      return (item) => {
        const out: ItemPeople = {}
        if (owner) {
          out.owner = owner
          out.role = reach.role as 'viewer' | 'editor'
        }
        const adder = item.added_by ? names.get(item.added_by) : undefined
        if (adder) out.addedBy = { _id: adder.id, displayName: adder.display_name }
        if (shared?.has(item.id)) out.shared = true
        return out
      }
    },
  }
}

export type ItemPeopleService = ReturnType<typeof createItemPeople>
