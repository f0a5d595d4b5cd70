// /share-service member shares (DESIGN.md §8 "Sharing between accounts", issue #39): who an owner
// shares an item with and in which role, what others share with the caller, and the people of this
// server to pick from. Reads go through SWR (keys.members, keys.sharedWithMe, keys.people in
// keys.ts; hooks/use-members.ts); writes are followed by a mutate() of the item's shares.
import type { FileJson, FolderJson } from '../../server/schemas/files.ts'
import type {
  CreateMemberShareBody,
  MemberShareJson,
  PersonSuggestionJson,
  SharedWithMeReply,
} from '../../server/schemas/sharing.ts'
import { http } from './http.ts'

export type { MemberShareJson }
export type MemberRole = MemberShareJson['role']
export type ShareItemType = MemberShareJson['itemType']
export type ShareRecipient = MemberShareJson['recipient']
/** A suggestion of GET /share-service/people. */
export type PersonJson = PersonSuggestionJson
export type PersonRef = SharedWithMeReply['items'][number]['owner']

/** One entry of "Shared with me": the share, the item as the member sees it (by share.itemType), its owner. */
export type SharedWithMeEntry =
  | { share: MemberShareJson & { itemType: 'file' }; item: FileJson; owner: PersonRef }
  | { share: MemberShareJson & { itemType: 'folder' }; item: FolderJson; owner: PersonRef }

export interface SharedWithMePage {
  items: SharedWithMeEntry[]
  /** The cursor of the next page; absent on the last. */
  next?: string
}

export const MEMBERS_PATH = '/share-service/members'
export const SHARED_WITH_ME_PATH = '/share-service/shared-with-me'
export const PEOPLE_PATH = '/share-service/people'

/** One page of "Shared with me" is this long. */
export const SHARED_WITH_ME_LIMIT = 50

const memberPath = (id: string) => `${MEMBERS_PATH}/${encodeURIComponent(id)}`

export type AddMemberBody = CreateMemberShareBody

/** The body that shares `item` with `person`: userId for an account, groupId for a group. */
export const addBody = (
  item: { itemType: ShareItemType; itemId: string },
  person: { type: 'user' | 'group'; id: string },
  role: MemberRole,
): AddMemberBody => ({ ...item, ...(person.type === 'group' ? { groupId: person.id } : { userId: person.id }), role })

export const addMember = (body: AddMemberBody) =>
  http.post<{ share: MemberShareJson }>(MEMBERS_PATH, body).then((reply) => reply.share)
export const listMembers = (itemType: ShareItemType, itemId: string) =>
  http.get<{ shares: MemberShareJson[] }>(MEMBERS_PATH, { params: { itemType, itemId } }).then((r) => r.shares)
export const setMemberRole = (id: string, role: MemberRole) =>
  http.patch<{ share: MemberShareJson }>(memberPath(id), { role }).then((reply) => reply.share)
export const removeMember = (id: string) => http.delete<{ message: string }>(memberPath(id))
export const sharedWithMe = (startAt?: string) =>
  http.get<SharedWithMePage>(SHARED_WITH_ME_PATH, {
    params: { limit: SHARED_WITH_ME_LIMIT, ...(startAt ? { startAt } : {}) },
  })
export const searchPeople = (q: string) =>
  http.get<{ people: PersonJson[] }>(PEOPLE_PATH, { params: { q } }).then((reply) => reply.people)
