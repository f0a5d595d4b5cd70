// The admin's groups (DESIGN.md §8 "Sharing between accounts"): list, create, rename, delete,
// members. Everyone (the row 'everyone') holds every enabled account and is the server's: it is
// never renamed, deleted or given members (403 EVERYONE_FIXED). Names follow the person-name rule
// (util/names.ts) and are unique without case. A group's members reach what is shared with it on
// their next request: access reads the membership rows each time, so nothing here is cached.
import type { Group } from '../../db/schema.ts'
import { errors } from '../../errors.ts'
import type { GroupMember, GroupsRepository } from '../../repositories/groups.ts'
import { EVERYONE, type MemberSharesRepository } from '../../repositories/member-shares.ts'
import type { UsersRepository } from '../../repositories/users.ts'
import type { GroupJson, GroupMemberJson } from '../../schemas/admin.ts'
import { randomId } from '../../util/crypto.ts'
import { checkPersonName, nameKey } from '../../util/names.ts'
import type { AuditService } from '../audit.ts'

const memberJson = (m: GroupMember): GroupMemberJson => ({ _id: m.id, email: m.email, displayName: m.display_name })

export function createGroupService(deps: {
  groups: GroupsRepository
  users: Pick<UsersRepository, 'byId' | 'bumpDriveVersion'>
  shares: Pick<MemberSharesRepository, 'removeFor'>
  audit: AuditService
  now?: () => number
}) {
  const { groups, users, shares, audit } = deps
  const now = deps.now ?? Date.now

  const toJson = (g: Group, members: number): GroupJson => ({
    _id: g.id,
    name: g.name,
    members,
    ...(g.id === EVERYONE ? { everyone: true as const } : {}),
  })

  async function json(g: Group): Promise<GroupJson> {
    return toJson(g, (await groups.counts()).get(g.id) ?? 0)
  }

  async function must(id: string): Promise<Group> {
    return (await groups.byId(id)) ?? Promise.reject(errors.notFound('Group'))
  }

  /** A group the admin may change: it exists and is not Everyone. */
  async function changeable(id: string): Promise<Group> {
    const group = await must(id)
    if (group.id === EVERYONE) throw errors.everyoneFixed()
    return group
  }

  /** A checked name no other group holds (compared without case). */
  async function freeName(raw: string, self?: string): Promise<{ name: string; key: string }> {
    const name = checkPersonName(raw, 'Group name')
    const key = nameKey(name)
    const holder = await groups.byNameKey(key)
    if (holder && holder.id !== self) throw errors.groupNameTaken()
    return { name, key }
  }

  /** Two requests racing for one name: the unique index decides, and the loser hears why. */
  async function nameRace<T>(key: string, self: string | undefined, write: () => Promise<T>): Promise<T> {
    try {
      return await write()
    } catch (err) {
      const holder = await groups.byNameKey(key)
      if (holder && holder.id !== self) throw errors.groupNameTaken()
      throw err
    }
  }

  const record = (
    action: Parameters<AuditService['record']>[0]['action'],
    adminId: string,
    detail: string,
    subjectId: string | null = null,
    ip?: string,
  ) => audit.record({ action, actorId: adminId, subjectId, ip, detail })

  return {
    /** Everyone first, then the others by name. */
    async list(): Promise<GroupJson[]> {
      const [rows, counts] = await Promise.all([groups.list(), groups.counts()])
      const json = rows.map((g) => toJson(g, counts.get(g.id) ?? 0))
      return [...json.filter((g) => g.everyone), ...json.filter((g) => !g.everyone)]
    },

    async create(adminId: string, rawName: string, ip?: string): Promise<GroupJson> {
      const { name, key } = await freeName(rawName)
      const group: Group = { id: randomId(), name, name_key: key, created_at: now() }
      await nameRace(key, undefined, () => groups.insert(group))
      await record('admin.group.create', adminId, name, null, ip)
      return toJson(group, 0)
    },

    async rename(adminId: string, id: string, rawName: string, ip?: string): Promise<GroupJson> {
      const group = await changeable(id)
      const { name, key } = await freeName(rawName, id)
      if (name !== group.name) {
        await nameRace(key, id, () => groups.rename(id, name, key))
        await record('admin.group.rename', adminId, `${group.name} → ${name}`, null, ip)
      }
      return json({ ...group, name, name_key: key })
    },

    /** The group, its member rows (FK cascade) and every member share to it. */
    async remove(adminId: string, id: string, ip?: string): Promise<void> {
      const group = await changeable(id)
      // The owners' cached lists marked what the group received `shared`: they are stale now.
      for (const ownerId of await shares.removeFor('group', id)) await users.bumpDriveVersion(ownerId)
      await groups.remove(id)
      await record('admin.group.delete', adminId, group.name, null, ip)
    },

    async members(id: string): Promise<GroupMemberJson[]> {
      await must(id)
      return (await groups.members(id)).map(memberJson)
    },

    /** Adding someone already in the group changes nothing and answers the same. */
    async addMember(adminId: string, id: string, userId: string, ip?: string): Promise<GroupMemberJson> {
      const group = await changeable(id)
      const user = await users.byId(userId)
      if (!user) throw errors.notFound('User')
      const already = (await groups.members(id)).some((m) => m.id === userId)
      if (!already) {
        await groups.addMember(id, userId, now())
        await record('admin.group.member.add', adminId, group.name, userId, ip)
      }
      return { _id: user.id, email: user.email, displayName: user.display_name }
    },

    /** 404 User when the account is not in the group. */
    async removeMember(adminId: string, id: string, userId: string, ip?: string): Promise<void> {
      const group = await changeable(id)
      if (!(await groups.members(id)).some((m) => m.id === userId)) throw errors.notFound('User')
      await groups.removeMember(id, userId)
      await record('admin.group.member.remove', adminId, group.name, userId, ip)
    },
  }
}
export type GroupService = ReturnType<typeof createGroupService>
