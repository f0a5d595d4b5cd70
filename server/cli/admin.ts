// `npm run admin -- <command> <email>`: the server's console, for the admin who is locked out
// (no mail to reset a password) or a server without an admin. It opens the same database with
// the same configuration (the environment, as the server) and calls the same services.
//
//   reset-password <email>   prints a temporary password; every session of the account ends,
//                            and the password must be changed at the next sign-in
//   promote <email>          makes the account an admin (and enables it if it was disabled)
//   disable-two-step <email> turns two-step verification off (a lost phone and lost recovery
//                            codes, or a changed SECRET) and removes the account's passkeys
import { pathToFileURL } from 'node:url'
import { loadConfig, ConfigError, type Config } from '../config.ts'
import { openDatabase } from '../db/database.ts'
import { createAppPasswordsRepository } from '../repositories/app-passwords.ts'
import { createAuditRepository } from '../repositories/audit.ts'
import { createInvitesRepository } from '../repositories/invites.ts'
import { createMailTokensRepository } from '../repositories/mail-tokens.ts'
import { createSessionsRepository } from '../repositories/sessions.ts'
import { createUsersRepository } from '../repositories/users.ts'
import { createAccountService } from '../services/sign-in/accounts.ts'
import { createAdminService } from '../services/family/admin.ts'
import { createInviteService } from '../services/family/invites.ts'
import { createAppPasswordService } from '../services/sign-in/app-passwords.ts'
import { createAuditService } from '../services/audit.ts'
import { createMailer } from '../services/mailer.ts'
import { createSessionService } from '../services/sign-in/sessions.ts'
import { createTwoFactorRepository } from '../repositories/two-factor.ts'
import { createTotpService } from '../services/sign-in/totp.ts'
import { createPasskeysRepository } from '../repositories/passkeys.ts'
import { createPasskeyService } from '../services/sign-in/passkeys.ts'
import { createLoginThrottle } from '../services/sign-in/login-throttle.ts'
import { createMemoryBackoffStore } from '../util/limiter.ts'
import { normaliseEmail } from '../util/email.ts'

/** The passkeys of the console: only removal is used, which needs no relying party. */
const passkeyService = (
  config: Config,
  db: Parameters<typeof createPasskeysRepository>[0],
  users: ReturnType<typeof createUsersRepository>,
  sessions: ReturnType<typeof createSessionService>,
  audit: ReturnType<typeof createAuditService>,
) =>
  createPasskeyService({
    repo: createPasskeysRepository(db),
    users,
    sessions,
    audit,
    throttle: createLoginThrottle(config.limits, createMemoryBackoffStore()),
    webauthn: config.webauthn,
    limits: config.limits,
  })

const USAGE = `Usage: npm run admin -- <command> <email>

Commands:
  reset-password <email>   print a temporary password (must be changed at next sign-in)
  promote <email>          make the account an admin
  disable-two-step <email> turn two-step verification off and remove passkeys (lost devices)`

/** Runs one command; returns the process exit code. `out`/`err` print lines. */
export async function runAdminCommand(
  args: string[],
  config: Config,
  out: (line: string) => void,
  err: (line: string) => void,
): Promise<number> {
  const [command, email] = args
  if (!command || !email || !['reset-password', 'promote', 'disable-two-step'].includes(command)) {
    err(USAGE)
    return 2
  }
  const database = await openDatabase(config)
  try {
    const users = createUsersRepository(database.db, database.dialect)
    const sessions = createSessionService({
      sessions: createSessionsRepository(database.db),
      secret: config.secret,
      limits: config.limits,
    })
    const audit = createAuditService({ repo: createAuditRepository(database.db) })
    const mailer = await createMailer({ smtpUrl: undefined, mailFrom: config.mailFrom })
    const accounts = createAccountService({
      config,
      users,
      mailTokens: createMailTokensRepository(database.db),
      invites: createInviteService({ config, invites: createInvitesRepository(database.db), users, mailer, audit }),
      sessions,
      mailer,
      audit,
      // A reset from the console ends the app passwords too.
      appPasswords: createAppPasswordService({
        repo: createAppPasswordsRepository(database.db),
        users,
        secret: config.secret,
        limits: config.limits,
        throttle: createLoginThrottle(config.limits, createMemoryBackoffStore()),
        audit,
      }),
    })
    // Deleting needs the blob store; the console never deletes.
    const removal = { remove: () => Promise.reject(new Error('Accounts are deleted from the app, not the console')) }
    // Nor does it demote: no admin's invites end from here.
    const invites = { endOpenBy: () => Promise.resolve() }
    const admin = createAdminService({ users, accounts, sessions, removal, audit, invites })
    try {
      if (command === 'reset-password') {
        const password = await admin.resetPasswordByEmail(email)
        out(`Temporary password for ${email.trim().toLowerCase()}: ${password}`)
        out('Every session of the account has ended; a new password is asked for at the next sign-in.')
      } else if (command === 'disable-two-step') {
        const totp = createTotpService({
          repo: createTwoFactorRepository(database.db),
          users,
          sessions,
          audit,
          secret: config.secret,
        })
        const was = await totp.disableByEmail(normaliseEmail(email))
        // A passkey is a second factor too: a lost device goes with it.
        const user = await users.byEmail(normaliseEmail(email))
        const passkeys = user ? await passkeyService(config, database.db, users, sessions, audit).removeAll(user.id) : 0
        const removed =
          passkeys > 0 ? ` Its ${passkeys === 1 ? 'passkey was' : `${passkeys} passkeys were`} removed.` : ''
        out(
          was || passkeys > 0
            ? `Two-step verification is off for ${normaliseEmail(email)}: the password alone signs in.${removed}`
            : `Two-step verification was not on for ${normaliseEmail(email)}.`,
        )
      } else {
        const user = await admin.promoteByEmail(email)
        out(`${user.email} is now an admin.`)
      }
      return 0
    } catch (e) {
      err(
        e instanceof Error && 'statusCode' in e && e.statusCode === 404
          ? `No account with the email ${email}`
          : String(e instanceof Error ? e.message : e),
      )
      return 1
    }
  } finally {
    await database.close()
  }
}

// Run as a script (not when a test imports runAdminCommand).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  let config: Config | undefined
  try {
    config = loadConfig()
  } catch (e) {
    console.error(e instanceof ConfigError ? e.message : e)
    process.exit(2)
  }
  process.exitCode = await runAdminCommand(
    process.argv.slice(2),
    config,
    (l) => console.log(l),
    (l) => console.error(l),
  )
}
