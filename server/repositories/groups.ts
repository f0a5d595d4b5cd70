// SQL for the admin's groups (migration 026). Everyone is the row 'everyone' with no member rows:
// its members are every enabled account, counted from users.
import type { Kysely } from 'kysely'
import type { DB, Group } from '../db/schema.ts'
import { EVERYONE } from './member-shares.ts'

export interface GroupMember {
  id: string
  email: string
  display_name: string
}

export function createGroupsRepository(db: Kysely<DB>) {
  return {
    list: (): Promise<Group[]> => db.selectFrom('groups').selectAll().orderBy('name_key').execute(),
    byId: (id: string): Promise<Group | undefined> =>
      db.selectFrom('groups').selectAll().where('id', '=', id).executeTakeFirst(),
    byNameKey: (nameKey: string): Promise<Group | undefined> =>
      db.selectFrom('groups').selectAll().where('name_key', '=', nameKey).executeTakeFirst(),
    insert: async (row: Group): Promise<void> => {
      await db.insertInto('groups').values(row).execute()
    },
    rename: async (id: string, name: string, nameKey: string): Promise<void> => {
      await db.updateTable('groups').set({ name, name_key: nameKey }).where('id', '=', id).execute()
    },
    remove: async (id: string): Promise<void> => {
      await db.deleteFrom('groups').where('id', '=', id).execute()
    },
    /** A group's members by name; Everyone's are every enabled account. */
    async members(id: string): Promise<GroupMember[]> {
      let q = db.selectFrom('users').select(['users.id', 'users.email', 'users.display_name'])
      q =
        id === EVERYONE
          ? q.where('users.disabled', '=', 0)
          : q.innerJoin('group_members', 'group_members.user_id', 'users.id').where('group_members.group_id', '=', id)
      return q.orderBy('users.display_name').orderBy('users.email').execute()
    },
    /** Member counts of every group (Everyone's from users). */
    async counts(): Promise<Map<string, number>> {
      const rows = await db
        .selectFrom('group_members')
        .select(['group_id', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('group_id')
        .execute()
      const everyone = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('disabled', '=', 0)
        .executeTakeFirstOrThrow()
      const counts = new Map(rows.map((r) => [r.group_id, Number(r.n)]))
      counts.set(EVERYONE, Number(everyone.n))
      return counts
    },
    addMember: async (groupId: string, userId: string, at: number): Promise<void> => {
      await db
        .insertInto('group_members')
        .values({ group_id: groupId, user_id: userId, added_at: at })
        .onConflict((oc) => oc.doNothing())
        .execute()
    },
    removeMember: async (groupId: string, userId: string): Promise<void> => {
      await db.deleteFrom('group_members').where('group_id', '=', groupId).where('user_id', '=', userId).execute()
    },
  }
}

export type GroupsRepository = ReturnType<typeof createGroupsRepository>
