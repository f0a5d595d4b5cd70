// Share links (SPEC §4 "Share state"): private, public, or one — a link good for exactly one
// download. Tokens are 192-bit random; changing or removing a link kills the old one at once.
import type { FileRow, LinkType } from '../db/schema.ts'
import { errors } from '../errors.ts'
import type { DriveRepository } from '../repositories/drive.ts'
import { randomId } from '../util/crypto.ts'

export function createSharingService(deps: { repo: Pick<DriveRepository, 'files' | 'links'> }) {
  const { files, links } = deps.repo

  async function own(owner: string, id: string): Promise<FileRow> {
    const file = await files.file(owner, id)
    if (!file) throw errors.notFound('File')
    return file
  }

  return {
    async setLink(owner: string, id: string, type: LinkType | null): Promise<FileRow> {
      const file = await own(owner, id)
      if (type && file.trashed) throw errors.badRequest('Restore the file before sharing it')
      await links.setLink(owner, id, type, type ? randomId(24) : null)
      return (await files.file(owner, id))!
    },

    /** A shared, non-trashed file by id and token; anything else is the same 404. */
    async publicFile(id: string, token: string): Promise<FileRow> {
      const file = await links.sharedFile(id, token)
      if (!file) throw errors.notFound('File')
      return file
    },

    /**
     * The file a share link downloads. A download spends a one-time link (exactly one caller
     * wins it, and the file is private from that moment); a look first (HEAD: a link preview, a
     * download manager) must not. A one-time link serves the whole file once, never a range.
     */
    async download(id: string, token: string, spend: boolean): Promise<{ file: FileRow; ranges: boolean }> {
      const file = await this.publicFile(id, token)
      if (spend && file.link_type === 'one' && !(await links.consumeOneTimeLink(file.id, file.link_token!))) throw errors.notFound('File')
      return { file, ranges: file.link_type === 'public' }
    },
  }
}
export type SharingService = ReturnType<typeof createSharingService>
