// The routes every drive item has, file or folder (SPEC §7): rename, move, trash, restore and
// remove, with the same paths, bodies and messages under /file-service and /folder-service.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import type { TSchema } from 'typebox'
import { IdBody, MoveBody, RenameBody } from '../schemas/files.ts'
import { MessageReply } from '../schemas/user.ts'

/** What one kind of item does, for the caller: the services' functions and its reply shapes. */
export interface ItemKind<Row> {
  /** The JSON schema of the item (the rename reply) and the function that makes it. */
  schema: TSchema
  json: (row: Row) => unknown
  /** The move reply's message ("File moved"). */
  movedMessage: string
  rename(owner: string, id: string, title: string): Promise<Row>
  move(owner: string, id: string, parentId: string): Promise<unknown>
  trash(owner: string, id: string): Promise<unknown>
  restore(owner: string, id: string): Promise<unknown>
  remove(owner: string, id: string): Promise<unknown>
}

const owner = (req: { principal?: { userId: string } }) => req.principal!.userId
const message = { 200: MessageReply }

/** Registers the item routes of `kind` on `fastify` (which authenticates them). */
export function registerItemRoutes<Row>(fastify: FastifyInstance, kind: ItemKind<Row>): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  app.patch('/rename', { schema: { body: RenameBody, response: { 200: kind.schema } } }, async (req) =>
    kind.json(await kind.rename(owner(req), req.body.id, req.body.title)),
  )
  app.patch('/move', { schema: { body: MoveBody, response: message } }, async (req) => {
    await kind.move(owner(req), req.body.id, req.body.parentID)
    return { message: kind.movedMessage }
  })
  registerActions(app, IdBody, (body: { id: string }) => body.id, [
    { method: 'PATCH', url: '/trash', run: kind.trash, done: 'Trashed' },
    { method: 'PATCH', url: '/restore', run: kind.restore, done: 'Restored' },
    { method: 'DELETE', url: '/remove', run: kind.remove, done: 'Deleted' },
  ])
}

/** A route that does one thing to what its body names and answers with a message. */
export interface Action<T> {
  method: 'PATCH' | 'DELETE'
  url: string
  run: (owner: string, target: T) => Promise<unknown>
  done: string
}

/** Registers `actions`, each taking `body` and answering `{message: done}`. */
export function registerActions<B, T>(
  fastify: FastifyInstance,
  body: TSchema,
  target: (body: B) => T,
  actions: ReadonlyArray<Action<T>>,
): void {
  for (const action of actions) {
    fastify.route({
      method: action.method,
      url: action.url,
      schema: { body, response: message },
      handler: async (req) => {
        await action.run(owner(req), target(req.body as B))
        return { message: action.done }
      },
    })
  }
}
