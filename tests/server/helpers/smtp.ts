// A real SMTP peer (smtp-server) that keeps every message, so tests follow mailed links.
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  to: string[]
  raw: string
  /** The message with quoted-printable soft breaks and escapes undone. */
  decoded: string
}

export interface MailSink {
  url: string
  mails: ReceivedMail[]
  /** Waits for the next mail to `to` that arrives after `since` mails were seen. */
  waitFor(to: string, since?: number, timeoutMs?: number): Promise<ReceivedMail>
  link(mail: ReceivedMail, path: 'verify-email' | 'reset-password' | 'invite'): string
  close(): Promise<void>
  /** When set, every message is refused (to test failing mail). */
  failing: boolean
}

const decodeQuotedPrintable = (s: string) =>
  s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)))

export async function startMailSink(): Promise<MailSink> {
  const mails: ReceivedMail[] = []
  const waiters: Array<() => void> = []
  const sink: MailSink = {
    url: '',
    mails,
    failing: false,
    async waitFor(to, since = 0, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const found = mails.slice(since).find((m) => m.to.includes(to))
        if (found) return found
        if (Date.now() > deadline) throw new Error(`no mail to ${to}`)
        await new Promise<void>((r) => {
          waiters.push(r)
          setTimeout(r, 200)
        })
      }
    },
    link(mail, path) {
      const m = mail.decoded.match(new RegExp(`https?://[^\\s"<>]+/${path}/([A-Za-z0-9_-]+)`))
      if (!m) throw new Error(`no ${path} link in mail`)
      return m[1]!
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  }
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = ''
      stream.setEncoding('utf8')
      stream.on('data', (c: string) => (raw += c))
      stream.on('end', () => {
        if (sink.failing) return callback(new Error('mailbox unavailable'))
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw,
          decoded: decodeQuotedPrintable(raw),
        })
        waiters.splice(0).forEach((w) => w())
        callback()
      })
    },
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  const addr = server.server.address()
  sink.url = `smtp://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`
  return sink
}

/** The Subject header, unfolded and with its MIME encoded-words (RFC 2047, Q or B) decoded. */
export function subjectOf(mail: { raw: string }): string {
  const folded = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(mail.raw)![1]!
  return folded
    .replace(/\r?\n[ \t]/g, ' ')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    )
}
