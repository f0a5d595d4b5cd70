// Member shares (DESIGN.md §8 "Sharing between accounts"): an owner gives an account or a group a
// role on a file or folder, changes it, ends it; a recipient may leave a share made to them;
// "Shared with me" pages what an account receives; the people picker suggests whom to share with.
// Who may see an item is services/drive/access.ts's rule; this module is who may manage its
// shares. Every change bumps the owner's drive version (their cached lists carry `shared`) and
// is recorded in the owner's audit log; a new recipient hears of it by mail when SMTP is set.
import type { FileRow, Folder, MemberRole, MemberShare, RecipientType, ShareItemType } from '../../db/schema.ts'
import { errors } from '../../errors.ts'
import type { DriveRepository } from '../../repositories/drive.ts'
import type { GroupsRepository } from '../../repositories/groups.ts'
import { EVERYONE, type GrantedShare, strongerRole } from '../../repositories/member-shares.ts'
import type { UsersRepository } from '../../repositories/users.ts'
import type { CreateMemberShareBody, MemberShareJson, PersonSuggestionJson } from '../../schemas/sharing.ts'
import type { FileJson, FolderJson, PersonJson } from '../../schemas/files.ts'
import { randomId } from '../../util/crypto.ts'
import { isoDate } from '../../util/iso-date.ts'
import { printableName } from '../../util/names.ts'
import type { AuditService } from '../audit.ts'
import type { Access } from '../drive/access.ts'
import { fileJson, folderJson } from '../drive/json.ts'
import { linkMail, type Mail, type Mailer } from '../mailer.ts'

/** Suggestions the people picker gets at most. */
const PEOPLE_MAX = 20
/** Accounts read per round while looking for matches (a family server holds few). */
const PEOPLE_ROUND = 500
/** Members of a group mailed about one share at most. */
const GROUP_MAIL_MAX = 50
const PAGE_DEFAULT = 50
const PAGE_MAX = 200

/** Case and accents folded away: "Élodie" is found by "elo". */
export const foldForSearch = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()

/** The page cursor: base64url of "createdAt.id" of the last share of the page before. */
const cursorOf = (s: Pick<MemberShare, 'created_at' | 'id'>) =>
  Buffer.from(`${Number(s.created_at)}.${s.id}`).toString('base64url')
function parseCursor(raw: string): { createdAt: number; id: string } {
  const text = Buffer.from(raw, 'base64url').toString('utf8')
  const m = /^(\d{1,16})\.([A-Za-z0-9_-]{1,64})$/.exec(text)
  if (!m) throw errors.badRequest('startAt is not a page of this list')
  return { createdAt: Number(m[1]), id: m[2]! }
}

/**
 * The mail to a new recipient. The owner's display name and the item's name are other people's
 * words: printable only (no line breaks to forge headers or lines), and escaped in the HTML part
 * by linkMail.
 */
export function shareMail(to: string, ownerName: string, itemName: string, role: MemberRole, publicUrl: string): Mail {
  const who = printableName(ownerName).trim() || 'Someone'
  const what = printableName(itemName)
  const can = role === 'editor' ? 'view and change' : 'view'
  return linkMail(
    to,
    `${who} shared "${what}" with you`,
    `${who} shared "${what}" with you on Cumulus: you can ${can} it.`,
    'Open Shared with me',
    `${publicUrl}/shared-with-me`,
    'You get this mail because you have an account on this Cumulus server.',
  )
}

export interface SharedWithMeEntry {
  share: MemberShareJson
  item: FileJson | FolderJson
  owner: PersonJson
}

export function createMemberSharing(deps: {
  access: Access
  drive: DriveRepository
  users: UsersRepository
  groups: GroupsRepository
  audit: AuditService
  mailer: Pick<Mailer, 'enabled' | 'send'>
  publicUrl: string
  log: { warn(obj: object, msg: string): void }
}) {
  const { access, drive, users, groups, audit, mailer } = deps
  const shares = drive.memberShares
  const sending = new Set<Promise<void>>()

  const toJson = (s: GrantedShare): MemberShareJson => ({
    _id: s.id,
    itemType: s.item_type,
    itemId: s.item_id,
    role: s.role,
    recipient: {
      type: s.recipient_type,
      _id: s.recipient_id,
      displayName: s.recipient_name,
      ...(s.recipient_email !== null ? { email: s.recipient_email } : {}),
    },
    createdAt: isoDate(Number(s.created_at)),
  })

  /** One share as the owner's access list shows it (with its recipient's name). */
  async function granted(share: MemberShare): Promise<MemberShareJson> {
    const all = await shares.ofItem(share.owner_id, share.item_id)
    const found = all.find((s) => s.id === share.id)
    if (!found) throw errors.notFound('Share')
    return toJson(found)
  }

  /** The owner's item and its name, as the mail and the audit line name it. */
  async function itemOf(share: Pick<MemberShare, 'owner_id' | 'item_type' | 'item_id'>) {
    const row =
      share.item_type === 'file'
        ? await drive.files.file(share.owner_id, share.item_id)
        : await drive.folders.folder(share.owner_id, share.item_id)
    return row && { trashed: row.trashed === 1, name: 'filename' in row ? row.filename : row.name }
  }

  /** A group's enabled members but the owner, GROUP_MAIL_MAX at most. */
  async function groupMailTo(share: MemberShare): Promise<string[]> {
    const out: string[] = []
    for (const m of await groups.members(share.recipient_id)) {
      if (out.length >= GROUP_MAIL_MAX) break
      if (m.id === share.owner_id) continue
      // Everyone's members are enabled already; another group's rows may name a disabled account.
      if (share.recipient_id !== EVERYONE && (await users.byId(m.id))?.disabled !== 0) continue
      out.push(m.email)
    }
    return out
  }

  /** Mails the new recipients in the background: a mail that fails is logged, never the share's failure. */
  function announce(share: MemberShare, ownerName: string, itemName: string): void {
    if (!mailer.enabled) return
    const run = async () => {
      const to =
        share.recipient_type === 'user'
          ? [await users.byId(share.recipient_id)].filter((u) => u && !u.disabled).map((u) => u!.email)
          : await groupMailTo(share)
      for (const email of to) {
        await mailer
          .send(shareMail(email, ownerName, itemName, share.role, deps.publicUrl))
          .catch((err: unknown) => deps.log.warn({ err, shareId: share.id }, 'share mail failed'))
      }
    }
    const done = run()
      .catch((err: unknown) => deps.log.warn({ err, shareId: share.id }, 'share mail failed'))
      .finally(() => sending.delete(done))
    sending.add(done)
  }

  /** Who the share goes to, checked: an enabled account other than the owner, or a group. */
  async function recipientOf(
    ownerId: string,
    body: Pick<CreateMemberShareBody, 'userId' | 'groupId'>,
  ): Promise<{ type: RecipientType; id: string }> {
    if (body.userId !== undefined) {
      if (body.userId === ownerId) throw errors.shareWithOwner()
      const user = await users.byId(body.userId)
      if (!user || user.disabled) throw errors.notFound('User')
      return { type: 'user', id: user.id }
    }
    const group = await groups.byId(body.groupId!)
    if (!group) throw errors.notFound('Group')
    return { type: 'group', id: group.id }
  }

  /** A share its owner manages: someone else's id answers 404, as an unknown one. */
  async function ownShare(callerId: string, id: string): Promise<MemberShare> {
    const share = await shares.byId(id)
    if (!share || share.owner_id !== callerId) throw errors.notFound('Share')
    return share
  }

  /** What the audit line says: the item's name, who it concerns, the role. */
  async function detailOf(share: MemberShare): Promise<string> {
    const item = (await itemOf(share))?.name ?? share.item_id
    const recipient =
      share.recipient_type === 'user'
        ? ((await users.byId(share.recipient_id))?.display_name ?? share.recipient_id)
        : ((await groups.byId(share.recipient_id))?.name ?? share.recipient_id)
    return `${printableName(item)} → ${printableName(recipient)} (${share.role})`
  }

  async function changed(
    share: MemberShare,
    action: 'share.create' | 'share.role' | 'share.remove',
    actorId: string,
    ip?: string,
  ) {
    await users.bumpDriveVersion(share.owner_id)
    await audit.record({ action, actorId, subjectId: share.owner_id, ip, detail: await detailOf(share) })
  }

  return {
    async create(callerId: string, body: CreateMemberShareBody, ip?: string): Promise<MemberShareJson> {
      if ((body.userId === undefined) === (body.groupId === undefined))
        throw errors.badRequest('Give exactly one of userId and groupId')
      // The item first: one the caller can't reach is a 404 before anything is said of the recipient.
      await access.item(callerId, { type: body.itemType, id: body.itemId }, 'own')
      const recipient = await recipientOf(callerId, body)
      // A trashed item is not shared anew (its owner reaches it; nobody else would).
      const item = await itemOf({ owner_id: callerId, item_type: body.itemType, item_id: body.itemId })
      if (!item || item.trashed) throw errors.notFound(body.itemType === 'file' ? 'File' : 'Folder')
      if (await shares.byRecipient(body.itemId, recipient.type, recipient.id)) throw errors.alreadyShared()
      const row: MemberShare = {
        id: randomId(),
        owner_id: callerId,
        item_type: body.itemType,
        item_id: body.itemId,
        recipient_type: recipient.type,
        recipient_id: recipient.id,
        role: body.role,
        created_by: callerId,
        created_at: Date.now(),
      }
      try {
        await shares.insert(row)
      } catch (err) {
        // Two requests at once: the unique index (item, recipient) let one through.
        if (await shares.byRecipient(body.itemId, recipient.type, recipient.id)) throw errors.alreadyShared()
        throw err
      }
      await changed(row, 'share.create', callerId, ip)
      const owner = await users.byId(callerId)
      announce(row, owner?.display_name ?? '', item.name)
      return granted(row)
    },

    /** Who has access to one item: its owner asks, or a member who can see it. */
    async list(callerId: string, itemType: ShareItemType, itemId: string): Promise<MemberShareJson[]> {
      const reach = await access.item(callerId, { type: itemType, id: itemId }, 'view')
      return (await shares.ofItem(reach.ownerId, itemId)).map(toJson)
    },

    async setRole(callerId: string, id: string, role: MemberRole, ip?: string): Promise<MemberShareJson> {
      const share = await ownShare(callerId, id)
      if (share.role !== role) {
        await shares.setRole(id, role)
        await changed({ ...share, role }, 'share.role', callerId, ip)
      }
      return granted({ ...share, role })
    },

    /** The owner ends a share, or its recipient (an account, not a group) leaves it. */
    async remove(callerId: string, id: string, ip?: string): Promise<void> {
      const share = await shares.byId(id)
      const mine = share?.owner_id === callerId
      const toMe = share?.recipient_type === 'user' && share.recipient_id === callerId
      if (!share || (!mine && !toMe)) throw errors.notFound('Share')
      // Named before the row goes.
      const detail = await detailOf(share)
      await shares.remove(id)
      await users.bumpDriveVersion(share.owner_id)
      await audit.record({ action: 'share.remove', actorId: callerId, subjectId: share.owner_id, ip, detail })
    },

    /**
     * What the caller receives, newest first, a page at a time (keyset: every page costs the
     * same). An item shared more than once (to the caller and to a group of theirs) is listed
     * once, under its newest share, with the strongest role; an item gone or in the trash is
     * left out, so a page may hold fewer than `limit` and still have a `next`.
     */
    async sharedWithMe(
      callerId: string,
      opts: { limit?: number; startAt?: string },
    ): Promise<{ items: SharedWithMeEntry[]; next?: string }> {
      const limit = Math.min(Math.max(opts.limit ?? PAGE_DEFAULT, 1), PAGE_MAX)
      const before = opts.startAt !== undefined ? parseCursor(opts.startAt) : undefined
      const rows = await shares.received(callerId, limit + 1, before)
      const page = rows.slice(0, limit)
      const next = rows.length > limit ? cursorOf(page.at(-1)!) : undefined

      // Which share stands for each item: chosen by share id alone, so whichever page a share
      // falls on, the same one is kept (no duplicate, no gap across pages).
      const all = await shares.receivedOn(
        callerId,
        page.map((s) => s.item_id),
      )
      const newest = new Map<string, { key: [number, string]; role: MemberRole }>()
      for (const s of all) {
        const key: [number, string] = [Number(s.created_at), s.id]
        const seen = newest.get(s.item_id)
        if (!seen) newest.set(s.item_id, { key, role: s.role })
        else {
          seen.role = strongerRole(seen.role, s.role)
          if (key[0] > seen.key[0] || (key[0] === seen.key[0] && key[1] > seen.key[1])) seen.key = key
        }
      }
      const listed = page.filter((s) => newest.get(s.item_id)?.key[1] === s.id)

      // The items, read by owner (every read below stays scoped to one owner's drive).
      const byOwner = new Map<string, { files: string[]; folders: string[] }>()
      for (const s of listed) {
        const ids = byOwner.get(s.owner_id) ?? { files: [], folders: [] }
        ;(s.item_type === 'file' ? ids.files : ids.folders).push(s.item_id)
        byOwner.set(s.owner_id, ids)
      }
      const files = new Map<string, FileRow>()
      const folders = new Map<string, Folder>()
      for (const [ownerId, ids] of byOwner) {
        for (const f of await drive.files.filesByIds(ownerId, ids.files)) files.set(f.id, f)
        for (const f of await drive.folders.foldersByIds(ownerId, ids.folders)) folders.set(f.id, f)
      }
      const adders = [...files.values(), ...folders.values()].flatMap((r) => (r.added_by ? [r.added_by] : []))
      const names = await drive.paths.people(adders)
      // A share received names the caller or one of their groups: the recipient's name from those.
      const me = await users.byId(callerId)
      const groupNames = listed.some((s) => s.recipient_type === 'group')
        ? new Map((await groups.list()).map((g) => [g.id, g.name]))
        : new Map<string, string>()
      const asGranted = (s: MemberShare): GrantedShare =>
        s.recipient_type === 'user'
          ? { ...s, recipient_name: me?.display_name ?? '', recipient_email: me?.email ?? null }
          : { ...s, recipient_name: groupNames.get(s.recipient_id) ?? '', recipient_email: null }

      const items: SharedWithMeEntry[] = []
      for (const s of listed) {
        const row = s.item_type === 'file' ? files.get(s.item_id) : folders.get(s.item_id)
        if (!row || row.trashed) continue
        const owner = { _id: s.owner_id, displayName: s.owner_name }
        const adder = row.added_by ? names.get(row.added_by) : undefined
        const people = {
          owner,
          role: newest.get(s.item_id)!.role,
          ...(adder ? { addedBy: { _id: adder.id, displayName: adder.display_name } } : {}),
        }
        const view = { topId: row.id }
        const item =
          s.item_type === 'file'
            ? // The owner's link on the file is theirs: a member is not shown it.
              fileJson({ ...(row as FileRow), link_type: null, link_token: null }, people, view)
            : folderJson(row as Folder, people, view)
        const { owner_name: _, ...share } = s
        items.push({ share: toJson(asGranted(share)), item, owner })
      }
      return { items, ...(next !== undefined ? { next } : {}) }
    },

    /**
     * Accounts (enabled, not the caller) and groups whose name or email holds `q`, case and
     * accents folded; accounts first, PEOPLE_MAX in all. Accounts are read by name a round at a
     * time until enough match: O(accounts) at worst, which on a family's server is a few rounds.
     */
    async people(callerId: string, rawQ = ''): Promise<PersonSuggestionJson[]> {
      const q = foldForSearch(rawQ.trim())
      const out: PersonSuggestionJson[] = []
      let after: { name: string; id: string } | undefined
      for (;;) {
        const round = await users.enabledPage(callerId, PEOPLE_ROUND, after)
        for (const u of round) {
          if (out.length >= PEOPLE_MAX) break
          if (q && !foldForSearch(u.display_name).includes(q) && !foldForSearch(u.email).includes(q)) continue
          out.push({ type: 'user', _id: u.id, displayName: u.display_name, email: u.email })
        }
        if (out.length >= PEOPLE_MAX || round.length < PEOPLE_ROUND) break
        const last = round.at(-1)!
        after = { name: last.display_name, id: last.id }
      }
      if (out.length < PEOPLE_MAX) {
        const [list, counts] = await Promise.all([groups.list(), groups.counts()])
        for (const g of list) {
          if (out.length >= PEOPLE_MAX) break
          if (q && !foldForSearch(g.name).includes(q)) continue
          out.push({ type: 'group', _id: g.id, name: g.name, members: counts.get(g.id) ?? 0 })
        }
      }
      return out
    },

    /** At close: waits for the mails under way. */
    async flush(): Promise<void> {
      await Promise.all([...sending])
    },
  }
}

export type MemberSharing = ReturnType<typeof createMemberSharing>
