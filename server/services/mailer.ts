// Outgoing mail over SMTP_URL. Every send has hard timeouts so a dead mail server turns into a
// clear 503 for the user instead of a request that hangs.
import type { Config } from '../config.ts'

export interface Mail {
  to: string
  subject: string
  text: string
  html: string
}

export interface Mailer {
  readonly enabled: boolean
  send(mail: Mail): Promise<void>
  close(): void
}

export async function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom'>): Promise<Mailer> {
  if (!config.smtpUrl) {
    return {
      enabled: false,
      send: async () => {
        throw new Error('Mail is not configured (SMTP_URL is unset)')
      },
      close: () => {},
    }
  }
  // Imported only when mail is configured: nodemailer is ~10 MB of RSS a server without
  // SMTP_URL never needs (bundled, a top-level import would load it into every server).
  const { default: nodemailer } = await import('nodemailer')
  const transport = nodemailer.createTransport({
    url: config.smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  } as Parameters<typeof nodemailer.createTransport>[0])
  return {
    enabled: true,
    async send(mail) {
      await transport.sendMail({ from: config.mailFrom, ...mail })
    },
    close: () => transport.close(),
  }
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/** A short mail with one call-to-action link, as plain text and as HTML. */
export function linkMail(
  to: string,
  subject: string,
  intro: string,
  action: string,
  link: string,
  outro: string,
): Mail {
  return {
    to,
    subject,
    text: `${intro}\n\n${action}: ${link}\n\n${outro}\n`,
    html:
      `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">` +
      `<p>${escapeHtml(intro)}</p>` +
      `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>` +
      `<p style="color:#666;font-size:0.9em">${escapeHtml(outro)}<br>${escapeHtml(link)}</p>` +
      `</body></html>`,
  }
}
