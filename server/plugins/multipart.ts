// Multipart parsing for the two upload routes only. @fastify/multipart adds hooks to every
// request of the context it is registered in (async onRequest, preValidation and onResponse, and
// a 'close' listener per reply, for its disk mode we never use); registered at the root, every
// list and every download paid for them.
import fastifyMultipart, { type FastifyMultipartOptions } from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { MultipartBody } from '../services/drive/upload-form.ts'
import { lingerOnRefusal } from './linger-on-refusal.ts'

export function multipartOptions(maxUploadBytes: number | undefined): FastifyMultipartOptions {
  return {
    // 1 MiB file chunks from busboy: less per-chunk overhead on large uploads.
    fileHwm: 1 << 20,
    limits: {
      // Our own meter enforces MAX_UPLOAD_BYTES with a clear 413; busboy's cap sits just above.
      fileSize: maxUploadBytes !== undefined ? maxUploadBytes + 1 : Number.MAX_SAFE_INTEGER,
      // Each route passes its own form's counts to req.parts() (services/drive/upload-form.ts); one
      // that does not takes no part at all rather than any number of them.
      fields: 0,
      files: 0,
      parts: 0,
      fieldSize: 0,
    },
  }
}

/** Registers `routes` in a context of their own that parses multipart bodies. */
export async function withMultipart(
  app: FastifyInstance,
  options: FastifyMultipartOptions,
  routes: (scope: FastifyInstance) => void,
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, options)
    scope.addHook('onSend', lingerOnRefusal)
    routes(scope)
  })
}

/**
 * A multipart request as the upload services take it: its Content-Length (what the quota holds
 * for it), and its parts, whose reading starts only when the service calls for them.
 */
export function multipartBody(req: FastifyRequest, parser: Parameters<FastifyRequest['parts']>[0]): MultipartBody {
  const header = req.headers['content-length']
  return {
    length: header !== undefined && /^\d+$/.test(header) ? Number(header) : undefined,
    parts: () => req.parts(parser),
  }
}
