// A file's versions (DESIGN.md §8 "Versions"): the contents it had before it was written over.
// The list is read through SWR (keys.versions in keys.ts, hooks/use-versions.ts); restore and delete
// are followed by a mutate() of the list, the folder's files and the storage meter.
import type { FileJson } from '../../server/schemas/files.ts'
import type { VersionJson, VersionListReply } from '../../server/schemas/versions.ts'
import { http, refreshToken } from './http.ts'
import { navigateAway } from './navigate.ts'

export type { VersionJson, VersionListReply }

const enc = encodeURIComponent

export const versionsUrl = (fileId: string) => `/file-service/${enc(fileId)}/versions`
const versionUrl = (fileId: string, versionId: string) => `${versionsUrl(fileId)}/${enc(versionId)}`
export const versionDownloadUrl = (fileId: string, versionId: string) => `${versionUrl(fileId, versionId)}/download`

export const listVersions = (fileId: string) => http.get<VersionListReply>(versionsUrl(fileId))

/** The version becomes the file's content; the content it replaces becomes a version. Resolves to the file. */
export const restoreVersion = (fileId: string, versionId: string) =>
  http.post<FileJson>(`${versionUrl(fileId, versionId)}/restore`)

export const deleteVersion = (fileId: string, versionId: string) => http.delete<unknown>(versionUrl(fileId, versionId))

/** Browser navigation to the version's download (an attachment), after a refresh so the access cookie is fresh. */
export async function downloadVersion(fileId: string, versionId: string): Promise<void> {
  await refreshToken().catch(() => undefined)
  navigateAway(versionDownloadUrl(fileId, versionId))
}
