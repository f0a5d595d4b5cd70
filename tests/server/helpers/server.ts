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

export async function startServer(opts: StartOptions = {}): Promise<TestServer> {
  const dataDir = opts.dataDir ?? (await mkdtemp(join(tmpdir(), 'cumulus-test-')))
  const schema = pgUrl ? (opts.schema ?? `t_${randomBytes(6).toString('hex')}`) : undefined
  const base = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    APP_DIR: join(dataDir, 'no-app'),
    ...(pgUrl ? { DATABASE_URL: pgUrl, DATABASE_SCHEMA: schema } : {}),
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
      await app.close()
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
    await client.query(`drop schema if exists "${schema}" cascade`)
  } finally {
    await client.end()
  }
}
