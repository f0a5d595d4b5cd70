// Reading the mails the e2e server sent, through its test-only mailbox (e2e/support/server.ts).
import { E2E_MAIL_PORT } from './ports.ts'

export type MailLinkKind = 'verify-email' | 'reset-password' | 'invite'

export interface E2eMail {
  to: string[]
  subject: string
  /** The whole message, quoted-printable undone. */
  text: string
  /** When the SMTP sink received it (ms since the epoch, this machine's clock). */
  receivedAt: number
  /** The absolute links of each kind the mail carries, under the app's PUBLIC_URL. */
  links: Partial<Record<MailLinkKind, string>>
}

/** Every mail sent to `to` so far, oldest first. */
export async function mailsTo(to: string): Promise<E2eMail[]> {
  const response = await fetch(`http://127.0.0.1:${E2E_MAIL_PORT}/mails?to=${encodeURIComponent(to)}`)
  if (!response.ok) throw new Error(`mailbox answered ${response.status}`)
  return (await response.json()) as E2eMail[]
}

/**
 * The first mail to `to` received at or after `after` (a `Date.now()` taken before the action
 * that sends it), waiting up to `timeout` ms for it to arrive.
 */
export async function waitForMail(
  to: string,
  { after = 0, timeout = 10_000 }: { after?: number; timeout?: number } = {},
): Promise<E2eMail> {
  const deadline = Date.now() + timeout
  for (;;) {
    const found = (await mailsTo(to.toLowerCase())).find((mail) => mail.receivedAt >= after)
    if (found) return found
    if (Date.now() > deadline) throw new Error(`no mail to ${to} since ${new Date(after).toISOString()}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** The mailed link of that kind, as an absolute URL to open in the browser. */
export function mailLink(mail: E2eMail, kind: MailLinkKind): string {
  const link = mail.links[kind]
  if (!link) throw new Error(`no ${kind} link in the mail "${mail.subject}" to ${mail.to.join(', ')}`)
  return link
}
