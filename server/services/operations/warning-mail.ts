// Mails the admins each server warning once (SMTP_URL set): a disk under 10 % free, a failed or
// late backup. A warning's key is remembered in the settings table until it clears, so a restart
// does not mail it again, and it is mailed anew if it comes back later.
import type { Mailer } from '../mailer.ts'
import { escapeHtml } from '../mailer.ts'
import type { OperationsRepository } from '../../repositories/operations.ts'
import type { ServerStatusService, Warning } from './server-status.ts'

/** One key per occurrence: a new failed backup (another `at`) is a new warning. */
const keyOf = (w: Warning) => (w.code === 'DISK_LOW' ? w.code : `${w.code}:${w.at}`)

function wording(w: Warning, publicUrl: string): { subject: string; text: string } {
  const where = `Settings → Server at ${publicUrl}/settings`
  switch (w.code) {
    case 'DISK_LOW':
      return {
        subject: 'Cumulus: the data disk is almost full',
        text: `Only ${Math.round(w.freeShare * 1000) / 10} % of the data disk is free. When it is full, uploads are refused. See ${where}.`,
      }
    case 'BACKUP_FAILED':
      return {
        subject: 'Cumulus: the last backup failed',
        text: `The backup of ${w.at} failed: ${w.error}. See ${where}.`,
      }
    case 'BACKUP_STALE':
      return {
        subject: 'Cumulus: no backup for more than 2 days',
        text: `The last backup finished at ${w.at}. See ${where}.`,
      }
  }
}

export function createWarningMails(deps: {
  status: Pick<ServerStatusService, 'warnings'>
  repo: Pick<OperationsRepository, 'adminEmails' | 'mailedWarnings' | 'setMailedWarnings'>
  mailer: Mailer
  publicUrl: string
}) {
  return {
    /** Mails the warnings not mailed yet; returns how many went out. */
    async check(): Promise<number> {
      if (!deps.mailer.enabled) return 0
      const warnings = await deps.status.warnings()
      let mailed: string[] = []
      try {
        mailed = JSON.parse((await deps.repo.mailedWarnings()) ?? '[]') as string[]
      } catch {
        mailed = []
      }
      const fresh = warnings.filter((w) => !mailed.includes(keyOf(w)))
      const admins = fresh.length ? await deps.repo.adminEmails() : []
      let sent = 0
      for (const w of fresh) {
        const { subject, text } = wording(w, deps.publicUrl)
        for (const to of admins) await deps.mailer.send({ to, subject, text, html: `<p>${escapeHtml(text)}</p>` })
        sent++
      }
      // Only the warnings standing now: one that cleared may be mailed again when it returns.
      const standing = warnings.map(keyOf)
      if (fresh.length || standing.length !== mailed.length) await deps.repo.setMailedWarnings(JSON.stringify(standing))
      return sent
    },
  }
}
export type WarningMails = ReturnType<typeof createWarningMails>
