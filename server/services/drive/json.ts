// Row → wire JSON. Internal columns (owner, blob keys, hashes, wrapped keys) never leave here.
import type { Folder } from '../../db/schema.ts'
import type { FileSummary } from '../../repositories/files.ts'
import type { FileJson, FolderJson } from '../../schemas/files.ts'
import { isoDate } from '../../util/iso-date.ts'
import { previewKindOf } from '../../util/mime.ts'
import type { ItemPeople, PeopleOf } from './item-people.ts'
import type { SearchExtras, WithSearch } from './search.ts'

/**
 * Where a member's view of someone else's drive starts (Reach.topId): above it the owner's folders
 * are not theirs to see, so a parent there reads "/" (the top of "Shared with me").
 */
export interface ViewTop {
  topId?: string
}

/**
 * A file's share link is its owner's (only the owner makes links): a member's view of the file
 * does not carry the token, which would let them hand the file on.
 */
const showsLink = (f: FileSummary, view?: ViewTop) => !view?.topId && f.link_type && f.link_token

/** The file's folder as the caller may see it. */
const parentOf = (f: FileSummary, view?: ViewTop) => (view?.topId === f.id ? '/' : (f.folder_id ?? '/'))

/** The people fields as JSON text (`,"owner":…`), in the schema's order. */
function peopleText(p: ItemPeople): string {
  let out = ''
  if (p.owner) out += `,"owner":${JSON.stringify(p.owner)},"role":${JSON.stringify(p.role)}`
  if (p.addedBy) out += `,"addedBy":${JSON.stringify(p.addedBy)}`
  if (p.shared) out += ',"shared":true'
  return out
}

/**
 * Whether the file's thumbnail is still queued or being made: the app then reads the list again
 * (with backoff, for a while) until it is done, instead of showing a badge until a reload.
 */
const thumbnailPending = (f: FileSummary) => f.thumb_state === 'pending' || f.thumb_state.startsWith('working:')

/** A search reply's fields, in the schema's order. */
function searchFields(s: SearchExtras | undefined): Pick<FileJson, 'rank' | 'path' | 'snippet'> {
  if (!s) return {}
  return {
    ...(s.rank !== undefined ? { rank: s.rank } : {}),
    ...(s.path ? { path: s.path } : {}),
    ...(s.snippet ? { snippet: { text: s.snippet.text, marks: s.snippet.marks } } : {}),
  }
}

/** The search fields as JSON text (`,"rank":…`), in the schema's order. */
function searchText(s: SearchExtras | undefined): string {
  if (!s) return ''
  const fields = JSON.stringify(searchFields(s))
  return fields === '{}' ? '' : `,${fields.slice(1, -1)}`
}

export function fileJson(f: WithSearch<FileSummary>, people: ItemPeople = {}, view?: ViewTop): FileJson {
  return {
    _id: f.id,
    filename: f.filename,
    length: f.size,
    uploadDate: isoDate(f.upload_date),
    metadata: {
      parent: parentOf(f, view),
      size: f.size,
      hasThumbnail: f.has_thumbnail === 1,
      isVideo: f.is_video === 1,
      thumbnailID: f.thumbnail_id ?? '',
      preview: previewKindOf(f.mime),
      ...(f.width !== null && f.height !== null ? { width: f.width, height: f.height } : {}),
      ...(thumbnailPending(f) ? { thumbnailPending: true } : {}),
      ...(f.taken_date !== f.upload_date ? { takenDate: isoDate(f.taken_date) } : {}),
      ...(showsLink(f, view) ? { linkType: f.link_type!, link: f.link_token! } : {}),
      ...(f.trashed ? { trashed: true, ...(f.trashed_at !== null ? { trashedAt: isoDate(f.trashed_at) } : {}) } : {}),
    },
    ...people,
    ...searchFields(f.search),
  }
}

/**
 * `rows.map(fileJson)` as the route's response schema (an array of FileJson) serialises it, byte
 * for byte (tests/server/files/file-list-json.test.ts), without the objects in between: on a list
 * the cache misses, those objects and the schema serialiser were ~20 µs of a 50-file page.
 * JSON.stringify escapes a string exactly as fast-json-stringify does (which falls back to it).
 */
export function fileListJson(rows: readonly WithSearch<FileSummary>[], peopleOf?: PeopleOf, view?: ViewTop): string {
  let out = '['
  for (let i = 0; i < rows.length; i++) {
    const f = rows[i]!
    if (i > 0) out += ','
    const size = JSON.stringify(f.size)
    out += `{"_id":${JSON.stringify(f.id)},"filename":${JSON.stringify(f.filename)},"length":${size},"uploadDate":${JSON.stringify(isoDate(f.upload_date))}`
    out += `,"metadata":{"parent":${JSON.stringify(parentOf(f, view))},"size":${size},"hasThumbnail":${f.has_thumbnail === 1},"isVideo":${f.is_video === 1},"thumbnailID":${JSON.stringify(f.thumbnail_id ?? '')}`
    const preview = previewKindOf(f.mime)
    out += preview ? `,"preview":"${preview}"` : ',"preview":null'
    if (f.width !== null && f.height !== null) out += `,"width":${f.width},"height":${f.height}`
    if (thumbnailPending(f)) out += ',"thumbnailPending":true'
    if (f.taken_date !== f.upload_date) out += `,"takenDate":${JSON.stringify(isoDate(f.taken_date))}`
    if (showsLink(f, view)) out += `,"linkType":${JSON.stringify(f.link_type)},"link":${JSON.stringify(f.link_token)}`
    if (f.trashed)
      out +=
        f.trashed_at !== null
          ? `,"trashed":true,"trashedAt":${JSON.stringify(isoDate(f.trashed_at))}`
          : ',"trashed":true'
    out += '}'
    if (peopleOf) out += peopleText(peopleOf(f))
    out += searchText(f.search)
    out += '}'
  }
  return `${out}]`
}

/** parentList: "/" then every ancestor id, root first. */
export function parentList(ancestors: string): string[] {
  return ['/', ...ancestors.split('/').filter(Boolean)]
}

/** A folder's parent and parentList as the caller may see them: from the view's top down. */
function folderPlace(f: Folder, view?: ViewTop): { parent: string; parentList: string[] } {
  const full = parentList(f.ancestors)
  if (!view?.topId) return { parent: f.parent_id ?? '/', parentList: full }
  if (view.topId === f.id) return { parent: '/', parentList: ['/'] }
  const at = full.indexOf(view.topId)
  return { parent: f.parent_id ?? '/', parentList: at < 0 ? ['/'] : ['/', ...full.slice(at)] }
}

export function folderJson(f: WithSearch<Folder>, people: ItemPeople = {}, view?: ViewTop): FolderJson {
  return {
    _id: f.id,
    name: f.name,
    ...folderPlace(f, view),
    createdAt: isoDate(f.created_at),
    updatedAt: isoDate(f.updated_at),
    ...(f.trashed ? { trashed: true, ...(f.trashed_at !== null ? { trashedAt: isoDate(f.trashed_at) } : {}) } : {}),
    ...people,
    ...searchFields(f.search),
  }
}
