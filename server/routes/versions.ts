// /file-service/{id}/versions (DESIGN.md §8 "Versions"): a file's earlier contents, to list,
// download, restore and delete. Who may do what is services/drive/versions.ts's (through access).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyPluginAsync } from 'fastify'
import { Type } from 'typebox'
import type { Auth } from '../plugins/auth.ts'
import { sendBlob } from '../plugins/blob-reply.ts'
import { FileJson, Id } from '../schemas/files.ts'
import { VersionListReply } from '../schemas/versions.ts'
import type { ItemPeopleService } from '../services/drive/item-people.ts'
import { fileJson } from '../services/drive/json.ts'
import type { VersionService } from '../services/drive/versions.ts'

export interface VersionRoutesDeps {
  auth: Auth
  versions: VersionService
  people: ItemPeopleService
}

const FileParams = Type.Object({ id: Id })
const VersionParams = Type.Object({ id: Id, vid: Id })

export const versionRoutes: FastifyPluginAsync<VersionRoutesDeps> = async (fastify, deps) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const { versions, people } = deps
  const caller = (req: { principal?: { userId: string } }) => req.principal!.userId
  app.addHook('preHandler', deps.auth.requireUser)

  app.get('/:id/versions', { schema: { params: FileParams, response: { 200: VersionListReply } } }, async (req) => ({
    versions: await versions.list(caller(req), req.params.id),
  }))
  app.get('/:id/versions/:vid/download', { schema: { params: VersionParams } }, async (req, reply) =>
    sendBlob(req, reply, await versions.download(caller(req), req.params.id, req.params.vid)),
  )
  app.post(
    '/:id/versions/:vid/restore',
    { schema: { params: VersionParams, response: { 200: FileJson } } },
    async (req) => {
      const { row, reach } = await versions.restore(caller(req), req.params.id, req.params.vid)
      return fileJson(row, (await people.of(reach, [row]))(row), reach)
    },
  )
  app.delete('/:id/versions/:vid', { schema: { params: VersionParams } }, async (req, reply) => {
    await versions.remove(caller(req), req.params.id, req.params.vid)
    return reply.code(204).send()
  })
}
