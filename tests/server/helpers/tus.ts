// tus with a real client: tus-js-client as the app's uploader runs it, through a TCP proxy that
// cuts the connection mid-upload (tests/server/files/resumable.test.ts, sharing/member-uploads).
import { createServer, connect, type Server, type Socket } from 'node:net'
import { Upload } from 'tus-js-client'
import type { Browser } from './client.ts'

const MiB = 1024 * 1024

/** A TCP proxy that counts the bytes a client sends and drops the connection when the count passes each of `cuts`. */
export async function cuttingProxy(targetPort: number, cuts: number[]) {
  const pending = [...cuts].sort((a, b) => a - b)
  let sent = 0
  const sockets = new Set<Socket>()
  const server: Server = createServer((client) => {
    const upstream = connect(targetPort, '127.0.0.1')
    for (const s of [client, upstream]) sockets.add(s)
    const kill = () => {
      client.destroy()
      upstream.destroy()
    }
    client.on('data', (chunk: Buffer) => {
      sent += chunk.length
      if (pending.length > 0 && sent >= pending[0]!) {
        pending.shift()
        return kill()
      }
      if (!upstream.write(chunk)) client.pause()
    })
    upstream.on('drain', () => client.resume())
    upstream.pipe(client)
    for (const s of [client, upstream]) {
      s.on('error', kill)
      s.on('close', () => {
        sockets.delete(s)
        kill()
      })
    }
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const port = (server.address() as { port: number }).port
  return {
    url: `http://127.0.0.1:${port}`,
    sent: () => sent,
    cutsLeft: () => pending.length,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy()
        server.close(() => r())
      }),
  }
}

/** Uploads `data` with tus-js-client (50 MiB chunks, retries) and resolves with the new file's id. */
export function tusUpload(
  base: string,
  browser: Browser,
  data: Buffer,
  metadata: Record<string, string>,
  chunkSize = 50 * MiB,
): Promise<string> {
  return new Promise((resolve, reject) => {
    let fileId = ''
    const upload = new Upload(data, {
      endpoint: `${base}/file-service/uploads`,
      chunkSize,
      metadata,
      headers: { uuid: browser.uuid!, cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      retryDelays: [0, 50, 100, 200, 300, 500, 500, 1000, 1000, 1000, 1000, 2000, 2000, 2000, 2000, 2000],
      onAfterResponse: (_req, res) => {
        fileId = res.getHeader('cumulus-file-id') || fileId
      },
      onError: reject,
      onSuccess: () => resolve(fileId),
    })
    upload.start()
  })
}
