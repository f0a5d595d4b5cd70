// Multipart parsing for the two upload routes only. @fastify/multipart adds hooks to every
// request of the context it is registered in (async onRequest, preValidation and onResponse, and
// a 'close' listener per reply, for its disk mode we never use); registered at the root, every
// list and every download paid for them.
import fastifyMultipart, { type FastifyMultipartOptions } from '@fastify/multipart'
import type { FastifyInstance } from 'fastify'

export function multipartOptions(maxUploadBytes: number | undefined): FastifyMultipartOptions {
  return {
    // 1 MiB file chunks from busboy: less per-chunk overhead on large uploads.
    fileHwm: 1 << 20,
    // Our own meter enforces MAX_UPLOAD_BYTES with a clear 413; busboy's cap sits just above.
    limits: {
      fileSize: maxUploadBytes !== undefined ? maxUploadBytes + 1 : Number.MAX_SAFE_INTEGER,
      files: 100_000,
      fields: 200_000,
      fieldSize: 64 * 1024,
      parts: 300_000,
    },
  }
}

/** Registers `routes` in a context of their own that parses multipart bodies. */
export async function withMultipart(app: FastifyInstance, options: FastifyMultipartOptions, routes: (scope: FastifyInstance) => void): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, options)
    routes(scope)
  })
}
