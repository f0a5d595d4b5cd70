// The routes every drive item has, file or folder (SPEC §7): rename, move, trash, restore and
// remove, with the same paths, bodies and messages under /file-service and /folder-service; and
// the multi-select's versions of them. Every id is checked through `access` first (DESIGN.md §8
// "Sharing between accounts"): rename, move and trash need an editor's role, restore and remove
// the owner's (a member never sees the owner's trash). The services then run as the item's owner,
// and a member's change is written to the owner's activity log.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import type { TSchema } from 'typebox'
import { AppError, errors } from '../errors.ts'
import { IdBody, type Item, ItemsBody, MoveBody, MoveItemsBody, RenameBody, RestoreReply } from '../schemas/files.ts'
import { MessageReply } from '../schemas/user.ts'
import type { Access, Need, Reach } from '../services/drive/access.ts'
import type { ItemPeople, ItemPeopleService } from '../services/drive/item-people.ts'
import type { ViewTop } from '../services/drive/json.ts'
import type { ListingService } from '../services/drive/listing.ts'
import { type MemberActivity, NAMED } from '../services/drive/member-activity.ts'
import type { TreeService } from '../services/drive/tree.ts'

/** What the item routes are handed: the check, the people fields, the log and the names it writes. */
export interface ItemRouteDeps {
  access: Access
  people: ItemPeopleService
  activity: MemberActivity
  listing: Pick<ListingService, 'file' | 'folder'>
}

/** What one kind of item does, for the caller: the services' functions and its reply shapes. */
export interface ItemKind<Row extends { id: string; added_by: string | null }> {
  type: 'file' | 'folder'
  /** The JSON schema of the item (the rename reply) and the function that makes it. */
  schema: TSchema
  json: (row: Row, people?: ItemPeople, view?: ViewTop) => unknown
  name: (row: Row) => string
  /** The move reply's message ("File moved"). */
  movedMessage: string
  rename(owner: string, id: string, title: string): Promise<Row>
  move(owner: string, id: string, parentId: string): Promise<unknown>
  trash(owner: string, id: string): Promise<unknown>
  /** True when the item went to Home because its folder is gone or trashed. */
  restore(owner: string, id: string): Promise<boolean>
  remove(owner: string, id: string): Promise<unknown>
}

const caller = (req: { principal?: { userId: string } }) => req.principal!.userId
const message = { 200: MessageReply }

/** An item's name as its owner's drive has it, for a log entry. */
const nameOf = async (listing: ItemRouteDeps['listing'], owner: string, item: Item): Promise<string> =>
  item.type === 'folder' ? (await listing.folder(owner, item.id)).name : (await listing.file(owner, item.id)).filename

/** Registers the item routes of `kind` on `fastify` (which authenticates them). */
export function registerItemRoutes<Row extends { id: string; added_by: string | null }>(
  fastify: FastifyInstance,
  kind: ItemKind<Row>,
  deps: ItemRouteDeps,
): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const { access, people, activity } = deps
  const item = (id: string): Item => ({ id, type: kind.type })
  /** The item's name when the reach is a member's (the log needs it), read before it changes. */
  const loggedName = (reach: Reach, id: string) =>
    activity.logged(reach) ? nameOf(deps.listing, reach.ownerId, item(id)) : Promise.resolve('')

  app.patch('/rename', { schema: { body: RenameBody, response: { 200: kind.schema } } }, async (req) => {
    const reach = await access.item(caller(req), item(req.body.id), 'edit')
    // The shared item's name is its owner's, as over WebDAV: a member renames what is inside it.
    await access.movable(reach, req.body.id)
    const before = await loggedName(reach, req.body.id)
    const row = await kind.rename(reach.ownerId, req.body.id, req.body.title)
    await activity.record(reach, 'drive.rename', [`${before} → ${kind.name(row)}`])
    return kind.json(row, (await people.of(reach, [row]))(row), reach)
  })

  app.patch('/move', { schema: { body: MoveBody, response: message } }, async (req) => {
    const reach = await access.item(caller(req), item(req.body.id), 'edit')
    await access.movable(reach, req.body.id, req.body.parentID)
    const name = await loggedName(reach, req.body.id)
    await kind.move(reach.ownerId, req.body.id, req.body.parentID)
    await activity.record(reach, 'drive.move', [name])
    return { message: kind.movedMessage }
  })

  app.patch('/trash', { schema: { body: IdBody, response: message } }, async (req) => {
    const reach = await access.item(caller(req), item(req.body.id), 'edit')
    // An editor trashes what is inside the share, never the shared item itself.
    await access.movable(reach, req.body.id)
    const name = await loggedName(reach, req.body.id)
    await kind.trash(reach.ownerId, req.body.id)
    await activity.record(reach, 'drive.trash', [name])
    return { message: 'Trashed' }
  })

  app.patch('/restore', { schema: { body: IdBody, response: { 200: RestoreReply } } }, async (req) => {
    const reach = await access.item(caller(req), item(req.body.id), 'own')
    const toHome = await kind.restore(reach.ownerId, req.body.id)
    return { message: 'Restored', toHome: Number(toHome) }
  })

  app.delete('/remove', { schema: { body: IdBody, response: message } }, async (req) => {
    const reach = await access.item(caller(req), item(req.body.id), 'own')
    await kind.remove(reach.ownerId, req.body.id)
    return { message: 'Deleted' }
  })
}

/**
 * Each selected item's reach: all of one owner (a selection spans one drive; items of two owners
 * are a 404, as a foreign id always was), each with its own share's top, for `access.movable`.
 */
async function reachEach(access: Access, callerId: string, items: readonly Item[], need: Need): Promise<Reach[]> {
  const reaches: Reach[] = []
  for (const it of items) {
    const r = await access.item(callerId, it, need)
    if (reaches.length > 0 && r.ownerId !== reaches[0]!.ownerId) throw errors.notFound('Item')
    reaches.push(r)
  }
  return reaches
}

/** The multi-select's move, trash, restore and remove (/file-service/*-multi). */
export function registerMultiRoutes(
  fastify: FastifyInstance,
  tree: Pick<TreeService, 'moveItems' | 'trashItems' | 'restoreItems' | 'removeItems'>,
  deps: ItemRouteDeps,
): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const { access, activity } = deps
  /** The first few names of a member's selection, for the log entry. */
  const loggedNames = (reach: Reach, items: readonly Item[]) =>
    activity.logged(reach)
      ? Promise.all(items.slice(0, NAMED).map((it) => nameOf(deps.listing, reach.ownerId, it)))
      : Promise.resolve([])
  /** The selection as the caller changes it: each reachable so, and moved or trashed only inside a share. */
  const changing = async (callerId: string, items: readonly Item[], dest?: string): Promise<Reach> => {
    const reaches = await reachEach(access, callerId, items, 'edit')
    // No item may be a share's top; the destination is checked once, against the one owner: all
    // the reaches are the owner's own (the caller's drive) or all a member's.
    for (let i = 0; i < items.length; i++) await access.movable(reaches[i]!, items[i]!.id)
    if (dest !== undefined) await access.movable(reaches[0]!, items[0]!.id, dest)
    return reaches.find((r) => r.role === 'editor') ?? reaches[0]!
  }

  app.patch('/move-multi', { schema: { body: MoveItemsBody, response: message } }, async (req) => {
    const { items, parentID } = req.body
    const reach = await changing(caller(req), items, parentID)
    const names = await loggedNames(reach, items)
    await tree.moveItems(reach.ownerId, items, parentID)
    await activity.record(reach, 'drive.move', names, items.length)
    return { message: 'Items moved' }
  })

  app.patch('/trash-multi', { schema: { body: ItemsBody, response: message } }, async (req) => {
    const { items } = req.body
    const reach = await changing(caller(req), items)
    const names = await loggedNames(reach, items)
    await tree.trashItems(reach.ownerId, items)
    await activity.record(reach, 'drive.trash', names, items.length)
    return { message: 'Trashed' }
  })

  /**
   * Restore and remove forever are the owner's: a member gets 403, someone else's trash is a 404.
   * Only the caller's own drive is touched, all or nothing (any id not theirs is a 404 and nothing
   * changes), so a selection of thousands is not checked one id at a time first. A refusal is then
   * explained: 403 to a member of an item, 404 to anyone else.
   */
  const owned = <R>(
    req: { principal?: { userId: string }; body: unknown },
    run: (owner: string, items: Item[]) => Promise<R>,
  ) => {
    const { items } = req.body as ItemsBody
    const callerId = caller(req)
    return run(callerId, items).catch(async (err: unknown) => {
      if (err instanceof AppError && err.statusCode === 404) await reachEach(access, callerId, items, 'own')
      throw err
    })
  }
  app.patch('/restore-multi', { schema: { body: ItemsBody, response: { 200: RestoreReply } } }, async (req) => ({
    message: 'Restored',
    toHome: await owned(req, tree.restoreItems),
  }))
  app.delete('/remove-multi', { schema: { body: ItemsBody, response: message } }, async (req) => {
    await owned(req, tree.removeItems)
    return { message: 'Deleted' }
  })
}
