// The owner's mail about files that arrived through an upload link (DESIGN.md §7 file requests):
// one mail per batch, a batch being the files one link received until it has been quiet for
// `quietMs`, so a visitor dropping twenty files makes one mail, not twenty. Kept in memory on the
// instance that received the files: a batch cut by a restart is sent at close, or lost with a
// crash (the files themselves are safe; only the notice is).
import type { FileRow, Folder, ShareLink } from '../../db/schema.ts'
import type { UsersRepository } from '../../repositories/users.ts'
import { printableName } from '../../util/names.ts'
import { escapeHtml, type Mail, type Mailer } from '../mailer.ts'

/** Names listed in one mail at most; the rest are counted. */
const LISTED = 100

interface Batch {
  owner: string
  folder: Pick<Folder, 'id' | 'name'>
  names: string[]
  count: number
  timer: NodeJS.Timeout
}

/**
 * The file names are the visitor's words: in the text part each follows "- " with no character
 * that could end its line (names stored before checkName refused them included), so no line of
 * the mail is one the visitor wrote.
 */
export function uploadNoticeMail(
  to: string,
  folder: { id: string; name: string },
  rawNames: string[],
  count: number,
  publicUrl: string,
): Mail {
  const names = rawNames.map(printableName)
  const files = count === 1 ? '1 file' : `${count} files`
  const more = count > names.length ? count - names.length : 0
  const url = `${publicUrl}/folder/${folder.id}`
  const folderName = printableName(folder.name)
  const intro = `${files} arrived in "${folderName}" through your upload link:`
  return {
    to,
    subject: `${files} received in "${folderName}"`,
    text: `${intro}\n\n${names.map((n) => `- ${n}`).join('\n')}${more ? `\n…and ${more} more` : ''}\n\nOpen the folder: ${url}\n`,
    html:
      `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">` +
      `<p>${escapeHtml(intro)}</p><ul>${names.map((n) => `<li>${escapeHtml(n)}</li>`).join('')}</ul>` +
      (more ? `<p>…and ${more} more</p>` : '') +
      `<p><a href="${escapeHtml(url)}">Open the folder</a></p></body></html>`,
  }
}

export function createUploadNotices(deps: {
  mailer: Pick<Mailer, 'enabled' | 'send'>
  users: Pick<UsersRepository, 'byId'>
  quietMs: number
  publicUrl: string
  log: { warn(obj: object, msg: string): void }
}) {
  const batches = new Map<string, Batch>()
  const sending = new Set<Promise<void>>()

  async function send(linkId: string): Promise<void> {
    const batch = batches.get(linkId)
    if (!batch) return
    batches.delete(linkId)
    clearTimeout(batch.timer)
    const user = await deps.users.byId(batch.owner)
    if (!user) return
    await deps.mailer.send(uploadNoticeMail(user.email, batch.folder, batch.names, batch.count, deps.publicUrl))
  }

  function sendLogged(linkId: string): void {
    const done = send(linkId)
      .catch((err: unknown) => deps.log.warn({ err, linkId }, 'upload notice mail failed'))
      .finally(() => sending.delete(done))
    sending.add(done)
  }

  return {
    /** A file arrived through `link`: it joins the link's batch, whose mail waits for `quietMs` of quiet. Nothing without SMTP. */
    received(
      link: Pick<ShareLink, 'id' | 'owner_id'>,
      folder: Pick<Folder, 'id' | 'name'>,
      file: Pick<FileRow, 'filename'>,
    ): void {
      if (!deps.mailer.enabled) return
      const batch = batches.get(link.id)
      if (batch) clearTimeout(batch.timer)
      const next: Batch = batch ?? {
        owner: link.owner_id,
        folder,
        names: [],
        count: 0,
        timer: undefined as unknown as NodeJS.Timeout,
      }
      next.folder = folder
      next.count++
      if (next.names.length < LISTED) next.names.push(file.filename)
      next.timer = setTimeout(() => sendLogged(link.id), deps.quietMs)
      next.timer.unref()
      batches.set(link.id, next)
    },

    /** At close: sends every batch still waiting, and waits for the mails under way. */
    async flush(): Promise<void> {
      for (const linkId of [...batches.keys()]) sendLogged(linkId)
      await Promise.all([...sending])
    },
  }
}
export type UploadNotices = ReturnType<typeof createUploadNotices>
