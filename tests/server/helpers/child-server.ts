// The real server as a child process, so a test can SIGKILL it mid-request and start another on
// the same storage. A Backing is that storage: a DATA_DIR, and with TEST_DATABASE_URL a
// PostgreSQL schema, and with TEST_BLOB_STORE=s3 one s3rver in this process; all outlive the
// children and are removed by close(). peek() opens the same database and blob store from the
// test process to look behind the API.
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Kysely } from 'kysely'
import { loadConfig, type Config, type Limits } from '../../../server/config.ts'
import { openDatabase } from '../../../server/db/database.ts'
import type { DB } from '../../../server/db/schema.ts'
import type { BlobStore } from '../../../server/storage/blob-store.ts'
import { createBlobStore } from '../../../server/storage/create-blob-store.ts'
import { dropSchema, pgUrl, startS3, useS3 } from './server.ts'

const here = fileURLToPath(new URL('.', import.meta.url))
const repoRoot = resolve(here, '../../..')
const entry = join(here, 'child-entry.ts')

/** Variables the server reads (DESIGN.md §3): never inherited from the runner's environment. */
const SERVER_VARS =
  /^(PORT|HOST|DATA_DIR|DATABASE_URL|DATABASE_SCHEMA|BLOB_STORE|S3_\w+|PUBLIC_URL|SMTP_URL|MAIL_FROM|EMAIL_VERIFICATION|SIGNUP|SECRET|ENCRYPTION_KEY|TRASH_RETENTION_DAYS|UPLOAD_EXPIRY_HOURS|MAX_UPLOAD_BYTES|SECURE_COOKIES|TRUST_PROXY|LOG_LEVEL|APP_DIR|REDIS_URL|MAX_FOLDER_DEPTH|MAX_PATH_LENGTH|MAX_FILES_PER_UPLOAD|MAX_CONNECTIONS_PER_IP|REQUEST_TIMEOUT_SECONDS|UPLOAD_IDLE_TIMEOUT_SECONDS|PREVIEW_MAX_EDGE|CUMULUS_TEST_LIMITS)$/

export interface Backing {
  dataDir: string
  /** The server's environment: DATA_DIR, LOG_LEVEL, and the database and blob store settings. */
  env: Record<string, string>
  /** The same configuration as the children read, for peek(). */
  config: Config
  dialect: 'sqlite' | 'postgres'
  blobStore: 'fs' | 's3'
  /** Resolves once the blob store has no request of a (killed) child still being handled. */
  idle(): Promise<void>
  close(): Promise<void>
}

export async function createBacking(extraEnv: Record<string, string> = {}): Promise<Backing> {
  const dataDir = await mkdtemp(join(tmpdir(), 'cumulus-crash-'))
  const schema = pgUrl ? `t_${randomBytes(6).toString('hex')}` : undefined
  const s3Dir = useS3 ? await mkdtemp(join(tmpdir(), 'cumulus-crash-s3-')) : undefined
  // The S3 server outlives the children: the same bucket across restarts.
  const s3 = s3Dir ? await startS3(s3Dir, 'cumulus-crash') : undefined
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    APP_DIR: join(dataDir, 'no-app'),
    ...(pgUrl && schema ? { DATABASE_URL: pgUrl, DATABASE_SCHEMA: schema } : {}),
    ...s3?.env,
    ...extraEnv,
  }
  const config = loadConfig(env)
  return {
    dataDir,
    env,
    config,
    dialect: pgUrl ? 'postgres' : 'sqlite',
    blobStore: config.blobStore,
    idle: async () => s3?.idle(),
    async close() {
      await s3?.close()
      await rm(dataDir, { recursive: true, force: true })
      if (s3Dir) await rm(s3Dir, { recursive: true, force: true })
      if (schema) await dropSchema(schema)
    },
  }
}

export interface ChildServer {
  url: string
  pid: number
  /**
   * SIGKILL: no hook, no flush, no goodbye. Resolves once the process is gone and the blob store
   * has finished what it had already received from it.
   */
  kill(): Promise<void>
  /** SIGTERM, then SIGKILL after a grace period. */
  stop(): Promise<void>
  readonly exited: boolean
  /** The exit code once exited (null when ended by a signal). */
  readonly exitCode: number | null
}

const live = new Set<ChildProcess>()
process.on('exit', () => {
  for (const c of live) c.kill('SIGKILL')
})

/** Spawns `node --import tsx child-entry.ts` on the backing and waits for its port. */
export async function startChild(
  backing: Backing,
  opts: { limits?: Partial<Limits>; timeoutMs?: number } = {},
): Promise<ChildServer> {
  const env: Record<string, string> = {}
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !SERVER_VARS.test(k)) env[k] = v
  Object.assign(env, backing.env)
  if (opts.limits) env.CUMULUS_TEST_LIMITS = JSON.stringify(opts.limits)

  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: repoRoot,
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  live.add(child)
  let exited = false
  let exitCode: number | null = null
  const gone = new Promise<void>((r) =>
    child.once('exit', (code) => {
      exited = true
      exitCode = code
      live.delete(child)
      r()
    }),
  )
  let stderr = ''
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr = (stderr + d).slice(-4000)))

  const port = await new Promise<number>((resolvePort, reject) => {
    let out = ''
    // A hang guard, not a speed check: under load (two suites or a build beside) a child's start,
    // which imports the whole server through tsx, took over 20 s.
    const limit = opts.timeoutMs ?? 60_000
    const timer = setTimeout(() => fail(new Error(`child server did not start within ${limit} ms`)), limit)
    let settled = false
    const fail = (err: Error) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      child.kill('SIGKILL')
      reject(new Error(`${err.message}\n--- child stderr ---\n${stderr}`))
    }
    child.stdout!.setEncoding('utf8').on('data', (d: string) => {
      out += d
      const nl = out.indexOf('\n')
      if (nl < 0) return
      try {
        const { port } = JSON.parse(out.slice(0, nl)) as { port: number }
        if (settled) return
        settled = true
        clearTimeout(timer)
        resolvePort(port)
      } catch {
        fail(new Error(`unexpected child output: ${out.slice(0, 200)}`))
      }
    })
    child.once('exit', (code, signal) =>
      fail(new Error(`child server exited before listening (code ${code}, signal ${signal})`)),
    )
  })

  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    get exited() {
      return exited
    },
    get exitCode() {
      return exitCode
    },
    async kill() {
      if (!exited) child.kill('SIGKILL')
      await gone
      await backing.idle()
    },
    async stop() {
      if (exited) return
      child.kill('SIGTERM')
      const force = setTimeout(() => child.kill('SIGKILL'), 5_000)
      await gone
      clearTimeout(force)
    },
  }
}

export interface Peek {
  db: Kysely<DB>
  store: BlobStore
  close(): Promise<void>
}

/** The backing's database and blob store, opened from the test process. */
export async function peek(backing: Backing): Promise<Peek> {
  const database = await openDatabase(backing.config)
  return { db: database.db, store: await createBlobStore(backing.config), close: () => database.close() }
}
