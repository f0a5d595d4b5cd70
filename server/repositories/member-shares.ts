// SQL for member shares (migration 026): one recipient's role on one of the owner's items. The
// access check (services/drive/access.ts) asks it about the ids on one path, an item and the
// folders above it: O(depth) index probes, whatever the size of the drive.
import type { Kysely } from 'kysely'
import type { DB, MemberRole, MemberShare, RecipientType, ShareItemType } from '../db/schema.ts'

export const EVERYONE = 'everyone'

/** The strongest role's rank: an editor share beats a viewer one on the same path. */
const RANK: Record<MemberRole, number> = { viewer: 1, editor: 2 }
export const strongerRole = (a: MemberRole, b: MemberRole): MemberRole => (RANK[a] >= RANK[b] ? a : b)

/** A share as "Shared with me" lists it, with its owner's name. */
export interface ReceivedShare extends MemberShare {
  owner_name: string
}

/** A share as the owner's access list shows it, with its recipient's name (and email for people). */
export interface GrantedShare extends MemberShare {
  recipient_name: string
  recipient_email: string | null
}

export function createMemberSharesRepository(db: Kysely<DB>) {
  /** What `userId` receives through: itself, Everyone, and the groups it is in. */
  const recipientsOf = (userId: string) =>
    db
      .selectFrom('group_members')
      .select('group_id as id')
      .where('user_id', '=', userId)
      .union(db.selectNoFrom((eb) => eb.val(EVERYONE).as('id')))
      .union(db.selectNoFrom((eb) => eb.val(userId).as('id')))

  return {
    /**
     * The shares `userId` receives on any of `itemIds` (one path of `ownerId`'s drive), while the
     * owner's account is enabled: a disabled owner's shares end with it.
     */
    async onPath(
      ownerId: string,
      itemIds: readonly string[],
      userId: string,
    ): Promise<Array<Pick<MemberShare, 'item_id' | 'role'>>> {
      if (itemIds.length === 0) return []
      return db
        .selectFrom('member_shares')
        .innerJoin('users', 'users.id', 'member_shares.owner_id')
        .select(['member_shares.item_id', 'member_shares.role'])
        .where('member_shares.item_id', 'in', itemIds)
        .where('member_shares.owner_id', '=', ownerId)
        .where('users.disabled', '=', 0)
        .where('member_shares.recipient_id', 'in', recipientsOf(userId))
        .execute()
    },
    insert: async (row: MemberShare): Promise<void> => {
      await db.insertInto('member_shares').values(row).execute()
    },
    byId: (id: string): Promise<MemberShare | undefined> =>
      db.selectFrom('member_shares').selectAll().where('id', '=', id).executeTakeFirst(),
    byRecipient: (itemId: string, type: RecipientType, recipientId: string): Promise<MemberShare | undefined> =>
      db
        .selectFrom('member_shares')
        .selectAll()
        .where('item_id', '=', itemId)
        .where('recipient_type', '=', type)
        .where('recipient_id', '=', recipientId)
        .executeTakeFirst(),
    /** Who has access to one item (not counting shares of the folders above it), oldest first. */
    async ofItem(ownerId: string, itemId: string): Promise<GrantedShare[]> {
      const rows = await db
        .selectFrom('member_shares')
        .leftJoin('users', (j) =>
          j.onRef('users.id', '=', 'member_shares.recipient_id').on('member_shares.recipient_type', '=', 'user'),
        )
        .leftJoin('groups', (j) =>
          j.onRef('groups.id', '=', 'member_shares.recipient_id').on('member_shares.recipient_type', '=', 'group'),
        )
        .selectAll('member_shares')
        .select(['users.display_name', 'users.email', 'groups.name as group_name'])
        .where('member_shares.owner_id', '=', ownerId)
        .where('member_shares.item_id', '=', itemId)
        .orderBy('member_shares.created_at')
        .orderBy('member_shares.id')
        .execute()
      return rows.map(({ display_name, email, group_name, ...share }) => ({
        ...share,
        recipient_name: (share.recipient_type === 'user' ? display_name : group_name) ?? '',
        recipient_email: share.recipient_type === 'user' ? (email ?? null) : null,
      }))
    },
    setRole: async (id: string, role: MemberRole): Promise<void> => {
      await db.updateTable('member_shares').set({ role }).where('id', '=', id).execute()
    },
    remove: async (id: string): Promise<void> => {
      await db.deleteFrom('member_shares').where('id', '=', id).execute()
    },
    /**
     * The shares `userId` receives, newest first, from enabled owners, a page at a time after
     * `before` (created_at, id): every page costs the same, however far down.
     */
    async received(
      userId: string,
      limit: number,
      before?: { createdAt: number; id: string },
    ): Promise<ReceivedShare[]> {
      let q = db
        .selectFrom('member_shares')
        .innerJoin('users', 'users.id', 'member_shares.owner_id')
        .selectAll('member_shares')
        .select('users.display_name as owner_name')
        .where('member_shares.recipient_id', 'in', recipientsOf(userId))
        .where('member_shares.owner_id', '<>', userId)
        .where('users.disabled', '=', 0)
      if (before)
        q = q.where((eb) =>
          eb.or([
            eb('member_shares.created_at', '<', before.createdAt),
            eb.and([eb('member_shares.created_at', '=', before.createdAt), eb('member_shares.id', '<', before.id)]),
          ]),
        )
      return q.orderBy('member_shares.created_at', 'desc').orderBy('member_shares.id', 'desc').limit(limit).execute()
    },
    /**
     * Every share `userId` receives on any of `itemIds` (whoever owns them): "Shared with me"
     * shows an item once, under its newest share, with the strongest role.
     */
    receivedOn: (
      userId: string,
      itemIds: readonly string[],
    ): Promise<Array<Pick<MemberShare, 'id' | 'item_id' | 'role' | 'created_at'>>> =>
      itemIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('member_shares')
            .select(['id', 'item_id', 'role', 'created_at'])
            .where('item_id', 'in', itemIds)
            .where('recipient_id', 'in', recipientsOf(userId))
            .execute(),
    /** Which of the owner's `itemIds` carry a share (the "shared" badge on the owner's lists). */
    async sharedAmong(ownerId: string, itemIds: readonly string[]): Promise<Set<string>> {
      if (itemIds.length === 0) return new Set()
      const rows = await db
        .selectFrom('member_shares')
        .select('item_id')
        .distinct()
        .where('owner_id', '=', ownerId)
        .where('item_id', 'in', itemIds)
        .execute()
      return new Set(rows.map((r) => r.item_id))
    },
    /** The owners whose items `userId` receives (the family timeline's sources). */
    async ownersSharingWith(
      userId: string,
    ): Promise<Array<Pick<MemberShare, 'owner_id' | 'item_type' | 'item_id' | 'role'>>> {
      return db
        .selectFrom('member_shares')
        .innerJoin('users', 'users.id', 'member_shares.owner_id')
        .select(['member_shares.owner_id', 'member_shares.item_type', 'member_shares.item_id', 'member_shares.role'])
        .where('member_shares.recipient_id', 'in', recipientsOf(userId))
        .where('member_shares.owner_id', '<>', userId)
        .where('users.disabled', '=', 0)
        .execute()
    },
    /**
     * Ends every share to or from an account (deleting it) or to a group (deleting it). Returns
     * the owners whose shares to it ended (but the account itself): their lists said `shared`.
     */
    async removeFor(type: RecipientType, id: string): Promise<string[]> {
      const owners = await db
        .selectFrom('member_shares')
        .select('owner_id')
        .distinct()
        .where('recipient_type', '=', type)
        .where('recipient_id', '=', id)
        .execute()
      await db.deleteFrom('member_shares').where('recipient_type', '=', type).where('recipient_id', '=', id).execute()
      if (type === 'user') await db.deleteFrom('member_shares').where('owner_id', '=', id).execute()
      return owners.map((o) => o.owner_id).filter((o) => o !== id)
    },
    /** Ends the shares of items deleted forever. */
    async removeForItems(ownerId: string, itemIds: readonly string[]): Promise<void> {
      if (itemIds.length === 0) return
      await db.deleteFrom('member_shares').where('owner_id', '=', ownerId).where('item_id', 'in', itemIds).execute()
    },
  }
}

export type MemberSharesRepository = ReturnType<typeof createMemberSharesRepository>
export type { ShareItemType }
