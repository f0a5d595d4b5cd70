// Starts a real Cumulus server on an ephemeral port with a temp DATA_DIR. With
// TEST_DATABASE_URL set it uses PostgreSQL instead, in a schema of its own that is dropped after.
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../../server/app.ts'
import { loadConfig, type Config, type Limits } from '../../../server/config.ts'

export interface TestServer {
  url: string
  app: FastifyInstance
  config: Config
  dataDir: string
  close(): Promise<void>
}

export interface StartOptions {
  env?: Record<string, string | undefined>
  limits?: Partial<Limits>
  /** Reuse a data dir / schema (restart tests). */
  dataDir?: string
  schema?: string
  keepData?: boolean
}

export const pgUrl = process.env.TEST_DATABASE_URL
/** TEST_BLOB_STORE=s3 runs the suites on an in-process S3 server (s3rver) instead of disk. */
export const useS3 = process.env.TEST_BLOB_STORE === 's3'

export interface TestS3 {
  env: Record<string, string>
  /**
   * Resolves once no request that arrived whole is still being handled. A killed server's last
   * requests (a PutObject or CompleteMultipartUpload already sent) still finish here afterwards,
   * as on real S3; a restart that swept the dead instance's keys before they did would see an
   * orphan appear later.
   */
  idle(): Promise<void>
  close(): Promise<void>
}

/** An S3-compatible server (s3rver, in this process); returns the env that points Cumulus at it. */
export async function startS3(dir: string, bucket = 'cumulus-test'): Promise<TestS3> {
  const { default: S3rver } = await import('s3rver')
  const s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket }],
  })
  // Requests whose whole body arrived and whose handler still runs: those will still write. One
  // cut off mid-body never ends in s3rver (its pipe hangs), and writes nothing, so it is not counted.
  let finishing = 0
  // First in the chain (Koa composes it at listen), so it spans every other handler.
  s3.middleware.unshift(async (ctx, next) => {
    let received = false
    const arrived = () => {
      received = true
      finishing++
    }
    ctx.req.once('end', arrived)
    try {
      await next()
    } finally {
      ctx.req.off('end', arrived)
      if (received) finishing--
    }
  })
  const addr = (await s3.run()) as { port: number }
  return {
    env: {
      BLOB_STORE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${addr.port}`,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async idle() {
      while (finishing > 0) await new Promise((r) => setTimeout(r, 20))
    },
    close: () => new Promise<void>((r) => s3.close(() => r())),
  }
}

export async function startServer(opts: StartOptions = {}): Promise<TestServer> {
  const dataDir = opts.dataDir ?? (await mkdtemp(join(tmpdir(), 'cumulus-test-')))
  const schema = pgUrl ? (opts.schema ?? `t_${randomBytes(6).toString('hex')}`) : undefined
  const s3 = useS3 && !opts.env?.BLOB_STORE ? await startS3(await mkdtemp(join(tmpdir(), 'cumulus-s3-'))) : undefined
  const base = loadConfig({
    DATA_DIR: dataDir,
    // TEST_LOG_LEVEL=error shows what a 500 in a suite was about.
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    APP_DIR: join(dataDir, 'no-app'),
    ...(pgUrl ? { DATABASE_URL: pgUrl, DATABASE_SCHEMA: schema } : {}),
    ...s3?.env,
    ...opts.env,
  })
  const config = { ...base, limits: { ...base.limits, ...opts.limits } }
  const app = await buildApp(config)
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    config,
    dataDir,
    async close() {
      // As the server's own shutdown does (shutdown.ts): in-flight requests get a grace period,
      // then whatever is still open is cut, so a client that left a connection half-open (a cut
      // upload) cannot hold a suite's teardown.
      const cut = setTimeout(() => app.server.closeAllConnections(), 5_000)
      await app.close()
      clearTimeout(cut)
      await s3?.close()
      if (opts.keepData) return
      await rm(dataDir, { recursive: true, force: true })
      if (pgUrl && schema) await dropSchema(schema)
    },
  }
}

export async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: pgUrl })
  await client.connect()
  try {
    // Other files migrate their schemas meanwhile: a drop can deadlock with them (40P01), and
    // passes on another try.
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(`drop schema if exists "${schema}" cascade`)
        return
      } catch (err) {
        if ((err as { code?: string }).code !== '40P01' || attempt === 4) throw err
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt))
      }
    }
  } finally {
    await client.end()
  }
}
