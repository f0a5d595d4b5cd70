// WebDAV paths: the owner's Home is /dav/, a folder's path is its names from Home. The app lets
// two items of one folder share a name; a URL must name one. Among the active items of a folder
// that share an exact name, the one that keeps the plain name is the folder with the smallest id,
// else (no folder of that name) the file with the smallest id; every other one is shown as
// "stem (id).ext", its id in brackets before the extension. The rule depends on nothing but ids,
// so listings and look-ups agree, and a suffixed URL keeps naming its item while it exists.
import { errors } from '../../errors.ts'
import type { DavFile, DavFolder, DavRepository } from '../../repositories/dav.ts'
import { nameKey } from '../../util/names.ts'
import type { Role } from '../drive/access.ts'

export type DavResource =
  | { kind: 'home' }
  /** "Shared with me" (services/dav/shared.ts): a read-only collection of what others share. */
  | { kind: 'shares' }
  | { kind: 'folder'; folder: DavFolder }
  | { kind: 'file'; file: DavFile }

/** Where a path below "Shared with me/{name}/" lives: the shared item, in its owner's namespace. */
export interface ShareSpace {
  ownerId: string
  /** The caller's role on the shared item (services/drive/access.ts). */
  role: Role
  item: { type: 'file' | 'folder'; id: string }
  /** The URL segments of the shared item: ["Shared with me", the name it is shown under]. */
  url: string[]
  /** Its lock path in the owner's namespace: its names from the owner's Home, as the owner's /dav/ shows them. */
  base: string
}

/** A request path resolved: the item it names (if any) and the folder it sits in (if that exists). */
export interface Resolved {
  /** The decoded segments below /dav/. */
  segments: string[]
  /** Lock paths are the segments joined ("" = Home). */
  path: string
  resource: DavResource | undefined
  /** The collection the last segment sits in; undefined when that does not exist (or is a file). */
  parent: { id: string | null } | undefined
  /**
   * The last segment, as the client wrote it ("" for Home); at a shared item itself, its name in
   * the owner's folder (what a PUT over it or a lock looks up there).
   */
  name: string
  /**
   * Whose namespace the path is in: the caller's own, or inside a share the item's owner. Every
   * read and write after resolving runs with this id, and `path` is a path of this namespace.
   */
  owner: string
  /** Inside "Shared with me/{name}/": the share. */
  share?: ShareSpace
  /** "Shared with me" itself, or a path in it that names no share: nothing there can be written. */
  virtual?: boolean
}

export const PREFIX = '/dav'

/** Splits a URL path (after /dav) into decoded segments; "." / ".." / malformed escapes are a 400. */
export function splitDavPath(urlPath: string): string[] {
  const rest = urlPath.split('?')[0]!.slice(PREFIX.length)
  if (!urlPath.startsWith(PREFIX) || (rest !== '' && !rest.startsWith('/')))
    throw errors.badRequest('Not a WebDAV path')
  const segments: string[] = []
  for (const raw of rest.split('/')) {
    if (raw === '') continue
    let s: string
    try {
      s = decodeURIComponent(raw)
    } catch {
      throw errors.badRequest('The path has a malformed %-escape')
    }
    if (s === '.' || s === '..' || s.includes('/') || s.includes('\0'))
      throw errors.badRequest('The path must not contain ".", ".." or encoded "/"')
    segments.push(s)
  }
  return segments
}

const SUFFIXED = /^(.*) \(([A-Za-z0-9_-]{22})\)((?:\.[^.]*)?)$/

/** The extension a suffix goes before: from the last "." that is not the first character. */
function splitExt(name: string): [string, string] {
  const dot = name.lastIndexOf('.')
  return dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, '']
}

/** The name an item is shown under: its own, or suffixed with its id when another holds it. */
export const suffixed = (name: string, id: string) => {
  const [stem, ext] = splitExt(name)
  return `${stem} (${id})${ext}`
}

/** The href of a path (segments encoded; collections end in "/"). */
export const hrefOf = (segments: readonly string[], collection: boolean) =>
  `${PREFIX}/${segments.map((s) => encodeURIComponent(s)).join('/')}${collection && segments.length ? '/' : ''}`

export function createDavPaths(repo: Pick<DavRepository, 'foldersKeyed' | 'filesKeyed' | 'foldersById'>) {
  /** The item named `segment` in `parentId` (null = Home), by the rule above. */
  async function child(owner: string, parentId: string | null, segment: string): Promise<DavResource | undefined> {
    const key = nameKey(segment)
    const folder = (await repo.foldersKeyed(owner, parentId, key)).find((f) => f.name === segment)
    if (folder) return { kind: 'folder', folder }
    const files = await repo.filesKeyed(owner, parentId, key)
    const file = files.find((f) => f.filename === segment)
    if (file) return { kind: 'file', file }
    const m = SUFFIXED.exec(segment)
    if (!m) return undefined
    const [, stem, id, ext] = m
    const name = `${stem}${ext}`
    const named = nameKey(name)
    const f = (await repo.foldersKeyed(owner, parentId, named)).find((x) => x.id === id && x.name === name)
    if (f) return { kind: 'folder', folder: f }
    const g = (await repo.filesKeyed(owner, parentId, named)).find((x) => x.id === id && x.filename === name)
    return g ? { kind: 'file', file: g } : undefined
  }

  /** What `segments` (at least one) name below the folder `parentId` (null = Home) of `owner`. */
  async function below(
    owner: string,
    parentId: string | null,
    segments: readonly string[],
  ): Promise<Pick<Resolved, 'resource' | 'parent' | 'name'>> {
    for (let i = 0; i < segments.length - 1; i++) {
      const step = await child(owner, parentId, segments[i]!)
      if (step?.kind !== 'folder') return { resource: undefined, parent: undefined, name: segments.at(-1)! }
      parentId = step.folder.id
    }
    const name = segments.at(-1)!
    return { resource: await child(owner, parentId, name), parent: { id: parentId }, name }
  }

  /** The name `item` is shown under in its folder, by the rule above (the inverse of `child`). */
  async function shownName(owner: string, item: { folder: DavFolder } | { file: DavFile }): Promise<string> {
    if ('folder' in item) {
      const f = item.folder
      const first = (await repo.foldersKeyed(owner, f.parent_id, f.name_key)).find((x) => x.name === f.name)
      return first?.id === f.id ? f.name : suffixed(f.name, f.id)
    }
    const f = item.file
    const key = nameKey(f.filename)
    if ((await repo.foldersKeyed(owner, f.folder_id, key)).some((x) => x.name === f.filename))
      return suffixed(f.filename, f.id)
    const first = (await repo.filesKeyed(owner, f.folder_id, key)).find((x) => x.filename === f.filename)
    return first?.id === f.id ? f.filename : suffixed(f.filename, f.id)
  }

  return {
    child,
    below,
    /**
     * An item's path from its owner's Home, as the owner's /dav/ names it: a shared item's lock
     * path, so a member's lock and the owner's meet (two queries a level).
     */
    async ownerPath(owner: string, item: { folder: DavFolder } | { file: DavFile }): Promise<string[]> {
      let above: string[] = []
      if ('folder' in item) above = item.folder.ancestors.split('/').filter(Boolean)
      else if (item.file.folder_id) {
        const [folder] = await repo.foldersById(owner, [item.file.folder_id])
        if (!folder) return []
        above = [...folder.ancestors.split('/').filter(Boolean), folder.id]
      }
      const rows = await repo.foldersById(owner, above)
      const byId = new Map(rows.map((f) => [f.id, f]))
      const names: string[] = []
      for (const id of above) {
        const folder = byId.get(id)
        if (!folder) return []
        names.push(await shownName(owner, { folder }))
      }
      names.push(await shownName(owner, item))
      return names
    },
    async resolve(owner: string, segments: string[]): Promise<Resolved> {
      const path = segments.join('/')
      if (segments.length === 0)
        return { segments, path, resource: { kind: 'home' }, parent: undefined, name: '', owner }
      return { segments, path, owner, ...(await below(owner, null, segments)) }
    },
  }
}
export type DavPaths = ReturnType<typeof createDavPaths>

/**
 * Names a folder's children as the rule above shows them, page after page in (name_key, id)
 * order: folders come first, so a file whose name a folder holds is suffixed; within one
 * name_key the smallest id comes first, so the first of an exact name keeps it.
 */
export function childNamer() {
  const folderNames = new Set<string>()
  let group = ''
  let seen = new Set<string>()
  const take = (name: string, id: string, reserved: boolean) => {
    const key = nameKey(name)
    if (key !== group) {
      group = key
      seen = new Set()
    }
    const taken = reserved || seen.has(name)
    seen.add(name)
    return taken ? suffixed(name, id) : name
  }
  return {
    folder(f: Pick<DavFolder, 'name' | 'id'>): string {
      const shown = take(f.name, f.id, false)
      if (shown === f.name) folderNames.add(f.name)
      return shown
    },
    /** Call once every folder was named. */
    file(f: Pick<DavFile, 'filename' | 'id'>): string {
      return take(f.filename, f.id, folderNames.has(f.filename))
    },
    startFiles() {
      group = ''
      seen = new Set()
    },
  }
}
