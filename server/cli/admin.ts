// `npm run admin -- <command> <email>`: the server's console, for the admin who is locked out
// (no mail to reset a password) or a server without an admin. It opens the same database with
// the same configuration (the environment, as the server) and calls the same services.
//
//   reset-password <email>   prints a temporary password; every session of the account ends,
//                            and the password must be changed at the next sign-in
//   promote <email>          makes the account an admin (and enables it if it was disabled)
//   disable-two-step <email> turns two-step verification off (a lost phone and lost recovery
//                            codes, or a changed SECRET) and removes the account's passkeys
//   backup <dir>             writes a backup of the running server into a new folder in <dir>
//   verify <dir>             re-hashes a backup against its manifest; non-zero when anything is wrong
//   restore <dir>            puts a backup back onto an empty DATA_DIR (or database and bucket)
import { pathToFileURL } from 'node:url'
import { loadConfig, ConfigError, type Config } from '../config.ts'
import { createContainer, type Log } from '../container.ts'
import { BackupError } from '../services/operations/manifest.ts'
import { restoreBackup } from '../services/operations/restore.ts'
import { verifyBackup } from '../services/operations/verify.ts'
import { normaliseEmail } from '../util/email.ts'

/** The console logs only what went wrong, on stderr; the commands' own lines are its output. */
const consoleLog: Log = {
  info: () => {},
  warn: (obj, msg) => console.error(msg ?? obj),
  error: (obj, msg) => console.error(msg ?? obj),
}

const USAGE = `Usage: npm run admin -- <command> <email | dir>

Commands:
  reset-password <email>   print a temporary password (must be changed at next sign-in)
  promote <email>          make the account an admin
  disable-two-step <email> turn two-step verification off and remove passkeys (lost devices)
  backup <dir>             back up the running server into a new folder in <dir>
  verify <dir>             check a backup (<dir> or the newest backup in it) against its manifest
  restore <dir>            restore a backup onto an empty DATA_DIR (or database and bucket)`

const BACKUP_COMMANDS = ['backup', 'verify', 'restore']

/** A progress line that rewrites itself on a terminal, and stays silent elsewhere (logs, tests). */
function progressLine(tty: boolean) {
  let last = 0
  return {
    show(text: string) {
      const now = Date.now()
      if (!tty || now - last < 100) return
      last = now
      process.stderr.write(`\r${text}\u001b[K`)
    },
    end() {
      if (tty && last) process.stderr.write('\r\u001b[K')
    },
  }
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`

async function runBackupCommand(
  command: string,
  dir: string,
  config: Config,
  out: (line: string) => void,
  err: (line: string) => void,
  tty: boolean,
): Promise<number> {
  const line = progressLine(tty)
  try {
    if (command === 'verify') {
      const {
        dir: found,
        manifest,
        problems,
      } = await verifyBackup(dir, (d, t) => line.show(`Verifying ${d}/${t} blobs`))
      line.end()
      for (const p of problems) err(p)
      if (problems.length) {
        err(`${found}: ${problems.length} problem${problems.length === 1 ? '' : 's'}`)
        return 1
      }
      out(`${found}: the database and ${manifest.blobs.length} blobs match the manifest`)
      return 0
    }
    if (command === 'restore') {
      const r = await restoreBackup(config, dir, (d, t) => line.show(`Restoring ${d}/${t} blobs`))
      line.end()
      out(`Restored ${r.dir}: the database and ${r.blobs} blobs (${mb(r.bytes)}). Start the server.`)
      return 0
    }
    const c = await createContainer(config, consoleLog, { console: true })
    try {
      const r = await c.backups.backup(dir, (p) => line.show(`Backing up ${p.done}/${p.total} blobs, ${mb(p.bytes)}`))
      line.end()
      out(`Backup written to ${r.dir}: ${r.files} blobs (${r.copied} copied, ${r.linked} unchanged), ${mb(r.bytes)}`)
      if (r.missing.length) {
        err(`${r.missing.length} blobs the database names were missing from the store: ${r.missing.join(', ')}`)
        return 1
      }
      return 0
    } finally {
      await c.close()
    }
  } catch (e) {
    line.end()
    err(e instanceof BackupError ? e.message : `${command} failed: ${String(e instanceof Error ? e.message : e)}`)
    return 1
  }
}

/** Runs one command; returns the process exit code. `out`/`err` print lines. */
export async function runAdminCommand(
  args: string[],
  config: Config,
  out: (line: string) => void,
  err: (line: string) => void,
  tty = false,
): Promise<number> {
  const [command, email] = args
  if (command && email && BACKUP_COMMANDS.includes(command))
    return runBackupCommand(command, email, config, out, err, tty)
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
    process.stderr.isTTY,
  )
}
