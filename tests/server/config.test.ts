import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../server/config.ts'

let dataDir: string
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'cumulus-config-'))
})
afterAll(() => rm(dataDir, { recursive: true, force: true }))

describe('loadConfig', () => {
  it('given no variables, then the documented defaults and a generated 0600 secret', async () => {
    const c = loadConfig({ DATA_DIR: dataDir })
    expect(c).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      blobStore: 'fs',
      signup: 'open',
      emailVerification: false,
      trashRetentionDays: 30,
      publicUrl: 'http://localhost:3000',
      secureCookies: 'auto',
      trustProxy: false,
      logLevel: 'info',
    })
    expect(c.databaseUrl).toBeUndefined()
    expect(c.secret.length).toBeGreaterThanOrEqual(32)
    expect((await stat(join(dataDir, 'secret'))).mode & 0o777).toBe(0o600)
    // The same secret on the next start, so sessions survive restarts.
    expect(loadConfig({ DATA_DIR: dataDir }).secret).toBe(c.secret)
    expect((await readFile(join(dataDir, 'secret'), 'utf8')).trim()).toBe(c.secret)
  })

  it('given OIDC_*, then single sign-on is on only with all three; half a set-up names what is missing', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).oidc).toBeUndefined()
    const full = {
      DATA_DIR: dataDir,
      OIDC_ISSUER: 'https://auth.example.com',
      OIDC_CLIENT_ID: 'cumulus',
      OIDC_CLIENT_SECRET: 's3cret',
    }
    expect(loadConfig(full).oidc).toEqual({
      issuer: 'https://auth.example.com',
      clientId: 'cumulus',
      clientSecret: 's3cret',
      buttonLabel: 'single sign-on',
    })
    expect(loadConfig({ ...full, OIDC_BUTTON_LABEL: 'Authelia' }).oidc?.buttonLabel).toBe('Authelia')
    expect(() => loadConfig({ DATA_DIR: dataDir, OIDC_ISSUER: 'https://auth.example.com' })).toThrow(
      /OIDC_CLIENT_ID, OIDC_CLIENT_SECRET: required/,
    )
    expect(() => loadConfig({ ...full, OIDC_ISSUER: 'auth.example.com' })).toThrow(
      /OIDC_ISSUER: expected a http or https URL/,
    )
  })

  it('given several bad variables, then one line per variable, naming it', () => {
    let error: ConfigError | undefined
    try {
      loadConfig({
        DATA_DIR: dataDir,
        PORT: 'eighty',
        SIGNUP: 'maybe',
        DATABASE_URL: 'mysql://x',
        ENCRYPTION_KEY: 'short',
        TRASH_RETENTION_DAYS: '-1',
        EMAIL_VERIFICATION: 'yes please',
        LOG_LEVEL: 'loud',
        SECRET: 'tiny',
      })
    } catch (err) {
      error = err as ConfigError
    }
    expect(error).toBeInstanceOf(ConfigError)
    const names = error!.problems.map((p) => p.split(':')[0])
    expect(names).toEqual([
      'PORT',
      'DATABASE_URL',
      'EMAIL_VERIFICATION',
      'SIGNUP',
      'SECRET',
      'ENCRYPTION_KEY',
      'TRASH_RETENTION_DAYS',
      'LOG_LEVEL',
    ])
    expect(error!.message.split('\n')).toHaveLength(9)
  })

  it('given UPLOAD_EXPIRY_HOURS, then unfinished uploads live that long (24 by default); 0 or junk is refused', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).uploadExpiryHours).toBe(24)
    expect(loadConfig({ DATA_DIR: dataDir, UPLOAD_EXPIRY_HOURS: '48' }).uploadExpiryHours).toBe(48)
    expect(() => loadConfig({ DATA_DIR: dataDir, UPLOAD_EXPIRY_HOURS: '0' })).toThrow(/UPLOAD_EXPIRY_HOURS/)
    expect(() => loadConfig({ DATA_DIR: dataDir, UPLOAD_EXPIRY_HOURS: 'a day' })).toThrow(/UPLOAD_EXPIRY_HOURS/)
  })

  it('given EMAIL_VERIFICATION without SMTP_URL, then it is refused', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, EMAIL_VERIFICATION: 'true' })).toThrow(
      /EMAIL_VERIFICATION: true needs SMTP_URL/,
    )
  })

  it('given BLOB_STORE=s3 without a bucket, then it is refused', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, BLOB_STORE: 's3' })).toThrow(/S3_BUCKET/)
  })

  it('given REDIS_URL unset, then no Redis; given a redis:// or rediss:// URL, then it is kept as given', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).redisUrl).toBeUndefined()
    expect(loadConfig({ DATA_DIR: dataDir, REDIS_URL: ' ' }).redisUrl).toBeUndefined()
    expect(loadConfig({ DATA_DIR: dataDir, REDIS_URL: 'redis://127.0.0.1:6379' }).redisUrl).toBe(
      'redis://127.0.0.1:6379',
    )
    expect(loadConfig({ DATA_DIR: dataDir, REDIS_URL: 'rediss://:pw@cache.internal:6380/2' }).redisUrl).toBe(
      'rediss://:pw@cache.internal:6380/2',
    )
  })

  it.each(['127.0.0.1:6379', 'http://cache:6379', 'cache'])(
    'given REDIS_URL=%s, then one line naming REDIS_URL',
    (value) => {
      let error: ConfigError | undefined
      try {
        loadConfig({ DATA_DIR: dataDir, REDIS_URL: value })
      } catch (err) {
        error = err as ConfigError
      }
      expect(error).toBeInstanceOf(ConfigError)
      expect(error!.problems).toEqual([`REDIS_URL: expected a redis or rediss URL, got "${value}"`])
    },
  )

  it.each([
    ['DATABASE_URL', 'mysql://app:s3cret@db.internal/cumulus', 'mysql://app:***@db.internal/cumulus'],
    ['REDIS_URL', 'http://:s3cret@cache:6379', 'http://:***@cache:6379'],
    ['SMTP_URL', 'ftp://mailer:s3cret@mail.internal:25', 'ftp://mailer:***@mail.internal:25'],
  ])(
    'given a bad %s holding a password, then the error line names the variable but not the password',
    (name, value, shown) => {
      let error: ConfigError | undefined
      try {
        loadConfig({ DATA_DIR: dataDir, [name]: value })
      } catch (err) {
        error = err as ConfigError
      }
      expect(error).toBeInstanceOf(ConfigError)
      expect(error!.problems.join('\n')).not.toContain('s3cret')
      expect(error!.problems.find((p) => p.startsWith(`${name}:`))).toContain(`got "${shown}"`)
    },
  )

  it('given a hex or base64 ENCRYPTION_KEY of 32 bytes, then it is accepted', () => {
    expect(loadConfig({ DATA_DIR: dataDir, ENCRYPTION_KEY: 'ab'.repeat(32) }).encryptionKey).toHaveLength(32)
    expect(
      loadConfig({ DATA_DIR: dataDir, ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64') }).encryptionKey,
    ).toHaveLength(32)
  })

  it.each([
    [undefined, false],
    ['false', false],
    ['0', false],
    ['true', 1],
    ['TRUE', 1],
    ['2', 2],
    ['10.0.0.0/8, 127.0.0.1', ['10.0.0.0/8', '127.0.0.1']],
    ['loopback,fd00::/8', ['loopback', 'fd00::/8']],
  ])('given TRUST_PROXY=%s, then trustProxy is %j (never "every hop")', (value, expected) => {
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: value }).trustProxy).toEqual(expected)
  })

  it.each(['everyone', '10.0.0.0/8, proxy.internal', '33', ','])(
    'given TRUST_PROXY=%s, then one line naming TRUST_PROXY',
    (value) => {
      let error: ConfigError | undefined
      try {
        loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: value })
      } catch (err) {
        error = err as ConfigError
      }
      expect(error).toBeInstanceOf(ConfigError)
      expect(error!.problems).toHaveLength(1)
      expect(error!.problems[0]).toMatch(/^TRUST_PROXY: /)
    },
  )
})
