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
import { createContainer, type Log } from '../container.ts'
import { normaliseEmail } from '../util/email.ts'

/** The console logs only what went wrong, on stderr; the commands' own lines are its output. */
const consoleLog: Log = {
  info: () => {},
  warn: (obj, msg) => console.error(msg ?? obj),
  error: (obj, msg) => console.error(msg ?? obj),
}

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
  // The server's own wiring, without its background work: the console runs beside a live server.
  const c = await createContainer(config, consoleLog, { console: true })
  try {
    try {
      if (command === 'reset-password') {
        const password = await c.admin.resetPasswordByEmail(email)
        out(`Temporary password for ${email.trim().toLowerCase()}: ${password}`)
        out('Every session of the account has ended; a new password is asked for at the next sign-in.')
      } else if (command === 'disable-two-step') {
        const was = await c.totp.disableByEmail(normaliseEmail(email))
        // A passkey is a second factor too: a lost device goes with it.
        const user = await c.accounts.byEmail(normaliseEmail(email))
        const passkeys = user ? await c.passkeys.removeAll(user.id) : 0
        const removed =
          passkeys > 0 ? ` Its ${passkeys === 1 ? 'passkey was' : `${passkeys} passkeys were`} removed.` : ''
        out(
          was || passkeys > 0
            ? `Two-step verification is off for ${normaliseEmail(email)}: the password alone signs in.${removed}`
            : `Two-step verification was not on for ${normaliseEmail(email)}.`,
        )
      } else {
        const user = await c.admin.promoteByEmail(email)
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
    await c.close()
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
