// /share-service/links calls (DESIGN.md §7 "Share links"): the signed-in owner's links. The list is
// read through SWR (keys.shareLinks, hooks/use-share-links.ts); writes are followed by a mutate() of
// that key, and of the file lists when the link is a file's (its spec level mirrors the link).
import type {
  CreateLinkBody,
  LinkReply,
  LinksReply,
  LinkUploadJson,
  ShareLinkJson,
  UpdateLinkBody,
} from '../../server/schemas/sharing.ts'
import type { MessageReply } from '../../server/schemas/user.ts'
import { http } from './http.ts'

export type { CreateLinkBody, LinkUploadJson, ShareLinkJson, UpdateLinkBody }

export const SHARE_LINKS_PATH = '/share-service/links'

const linkPath = (id: string) => `${SHARE_LINKS_PATH}/${encodeURIComponent(id)}`

export const listShareLinks = () => http.get<LinksReply>(SHARE_LINKS_PATH).then((reply) => reply.links)
export const createShareLink = (body: CreateLinkBody) =>
  http.post<LinkReply>(SHARE_LINKS_PATH, body).then((reply) => reply.link)
/** Changes options; the token, and so the URL, stays. A field left out stays as it is; null clears it. */
export const updateShareLink = (id: string, body: UpdateLinkBody) =>
  http.patch<LinkReply>(linkPath(id), body).then((reply) => reply.link)
export const revokeShareLink = (id: string) => http.delete<MessageReply>(linkPath(id))
/** Cancels one of an upload link's unfinished uploads (read through keys.linkUploads): its bytes go, and its share of the quota comes back. */
export const cancelLinkUpload = (id: string, uploadId: string) =>
  http.delete<MessageReply>(`${linkPath(id)}/uploads/${encodeURIComponent(uploadId)}`)
