// A search's extras (DESIGN.md §8 "Search inside files"): the relevance order of candidates
// (tiers 0–4, util/name-match.ts), the folder path of every result, and content snippets. The
// candidates come from repositories/relevance.ts within the list's scope, so nothing here can
// reach past what the caller may list; snippets are read for the page's files alone.
import type { Folder } from '../../db/schema.ts'
import type { Snippet } from '../../repositories/content-index.ts'
import type { DriveRepository } from '../../repositories/drive.ts'
import type { FileSummary } from '../../repositories/files.ts'
import { CANDIDATES, type FileScope, type FolderScope } from '../../repositories/relevance.ts'
import type { PathJson } from '../../schemas/files.ts'
import { foldText } from '../../util/text-fold.ts'
import { nameQuery, nameTier } from '../../util/name-match.ts'

export interface SearchExtras {
  rank?: number
  path?: PathJson
  snippet?: Snippet
}
/** A listed row with what a search reply adds to it (json.ts writes it). */
export type WithSearch<T> = T & { search?: SearchExtras }

/** Where a relevance page starts: after the item of this rank, name and id. */
export interface RankCursor {
  rank: number
  name: string
  id?: string
}

/** Where the caller's view starts (a member's shared folder), for paths. */
export interface PathView {
  topId?: string | undefined
}

const CONTENT_TIER = 4

interface Ranked<T> {
  row: T
  rank: number
  key: string
}

function order<T extends { id: string }>(items: Ranked<T>[]): Ranked<T>[] {
  return items.sort((a, b) =>
    a.rank !== b.rank
      ? a.rank - b.rank
      : a.key < b.key
        ? -1
        : a.key > b.key
          ? 1
          : a.row.id < b.row.id
            ? -1
            : a.row.id > b.row.id
              ? 1
              : 0,
  )
}

const after = (item: Ranked<{ id: string }>, c: RankCursor) => {
  const name = foldText(c.name)
  if (item.rank !== c.rank) return item.rank > c.rank
  if (item.key !== name) return item.key > name
  return c.id === undefined ? false : item.row.id > c.id
}

export function createSearchService(repo: DriveRepository) {
  /** The folders above each item, outermost first, from the view's top ([] = Home). */
  async function withPaths<T extends { id: string }>(
    owner: string,
    rows: T[],
    above: (row: T) => string[],
    view?: PathView,
  ): Promise<WithSearch<T>[]> {
    const ids = [...new Set(rows.flatMap(above))]
    const names = new Map((await repo.folders.foldersByIds(owner, ids)).map((f) => [f.id, f.name]))
    return rows.map((row) => {
      let chain = above(row)
      if (view?.topId) {
        const at = chain.indexOf(view.topId)
        chain = at < 0 ? [] : chain.slice(at)
      }
      const path = chain.map((id) => ({ _id: id, name: names.get(id) ?? '' }))
      const r = row as WithSearch<T>
      r.search = { ...r.search, path }
      return r
    })
  }

  const ancestorIds = (ancestors: string) => ancestors.split('/').filter(Boolean)

  return {
    /** Files with their path: the folders above each, read in two queries for the page. */
    async filePaths<T extends FileSummary>(owner: string, rows: T[], view?: PathView): Promise<WithSearch<T>[]> {
      const folderIds = [...new Set(rows.flatMap((r) => (r.folder_id ? [r.folder_id] : [])))]
      const folders = new Map((await repo.folders.foldersByIds(owner, folderIds)).map((f) => [f.id, f]))
      return withPaths(
        owner,
        rows,
        (r) => (r.folder_id ? [...ancestorIds(folders.get(r.folder_id)?.ancestors ?? '/'), r.folder_id] : []),
        view,
      )
    },
    /** Folders with their path, read in one query for the page. */
    folderPaths: <T extends Folder>(owner: string, rows: T[], view?: PathView): Promise<WithSearch<T>[]> =>
      withPaths(owner, rows, (r) => ancestorIds(r.ancestors), view),

    /**
     * One page of files by relevance: each at its best tier, then folded name and id, after the
     * cursor; content (tier 4) unless `content` is false, with its snippet.
     */
    async rankedFiles(
      owner: string,
      scope: FileScope,
      search: string,
      opts: { content: boolean; limit: number; cursor?: RankCursor | undefined },
    ): Promise<WithSearch<FileSummary>[]> {
      const q = nameQuery(search)
      const { byName, byContent } = await repo.relevance.files(owner, scope, q, opts.content ? search : undefined)
      // A name candidate no tier takes (a trigram hit the JS check refused) is dropped; a
      // content match ranks by its name when that is better.
      const best = new Map<string, Ranked<FileSummary>>()
      for (const row of byName) {
        const rank = nameTier(row.filename, q)
        if (rank !== undefined) best.set(row.id, { row, rank, key: foldText(row.filename) })
      }
      for (const row of byContent)
        if (!best.has(row.id))
          best.set(row.id, { row, rank: nameTier(row.filename, q) ?? CONTENT_TIER, key: foldText(row.filename) })
      const kept = order([...best.values()])
      const page = (opts.cursor ? kept.filter((r) => after(r, opts.cursor!)) : kept).slice(0, opts.limit)
      const snippets = await repo.contentIndex.snippets(
        page.filter((r) => r.rank === CONTENT_TIER).map((r) => r.row.id),
        search,
      )
      return page.map(({ row, rank }) => {
        const snippet = snippets.get(row.id)
        return Object.assign(row, { search: { rank, ...(snippet ? { snippet } : {}) } })
      })
    },

    /** Folders by relevance (tiers 0–3), at most `limit`. */
    async rankedFolders(owner: string, scope: FolderScope, search: string, limit = CANDIDATES) {
      const q = nameQuery(search)
      const rows = await repo.relevance.folders(owner, scope, q)
      const ranked = rows.flatMap((row) => {
        const rank = nameTier(row.name, q)
        return rank === undefined ? [] : [{ row, rank, key: foldText(row.name) }]
      })
      return order(ranked)
        .slice(0, limit)
        .map(({ row, rank }) => Object.assign(row, { search: { rank } }) as WithSearch<Folder>)
    },
  }
}
export type SearchService = ReturnType<typeof createSearchService>
