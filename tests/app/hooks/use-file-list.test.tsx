import '../helpers/setup.ts'
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { SWRConfig } from 'swr'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { pageKey, sameData, useFileList, useKeptPageKey } from '../../../app/hooks/use-file-list.ts'
import { notifyListsChanged } from '../../../app/hooks/use-refetch.ts'
import { THUMBNAIL_WAIT_TRIES, thumbnailWaitDelay } from '../../../app/hooks/use-thumbnail-wait.ts'
import { useFakeClock, useRealClock } from '../helpers/clock.ts'
import { makeFile, serveDrive } from '../helpers/drive.ts'
import { sent } from '../helpers/server.ts'

const wrapper = ({ children }: { children: ReactNode }) => (
  <SWRConfig value={{ provider: () => new Map() }}>{children}</SWRConfig>
)
const queries = () => sent('/file-service/list', 'GET').map((r) => Object.fromEntries(new URLSearchParams(r.search)))

describe('file list paging (SPEC §4 "Paging")', () => {
  it('the next page starts after the last item: its uploadDate, filename and id', () => {
    const page = [makeFile(1), makeFile(2)]
    expect(pageKey({ parent: '/' }, 2, 1, page)).toEqual([
      '/file-service/list',
      { parent: '/', limit: 2, startAtDate: page[1]!.uploadDate, startAtName: 'report-2.pdf', startAtId: 'file-2' },
    ])
    expect(pageKey({ parent: '/' }, 3, 1, page)).toBeNull()
  })

  it('by Best match, the next page starts after the last rank, name and id (startAt), with no date', () => {
    const page = [makeFile(1, { rank: 0 }), makeFile(2, { rank: 3 })]
    expect(pageKey({ search: 'hol', sortBy: 'relevance' }, 2, 1, page)).toEqual([
      '/file-service/list',
      { search: 'hol', sortBy: 'relevance', limit: 2, startAtRank: 3, startAtName: 'report-2.pdf', startAt: 'file-2' },
    ])
  })

  it('sorted by size, the next page starts after the last length too; other sorts send no size', () => {
    const page = [makeFile(1), makeFile(2)]
    expect(pageKey({ parent: '/', sortBy: 'size_desc' }, 2, 1, page)).toEqual([
      '/file-service/list',
      {
        parent: '/',
        sortBy: 'size_desc',
        limit: 2,
        startAtDate: page[1]!.uploadDate,
        startAtName: 'report-2.pdf',
        startAtSize: page[1]!.length,
        startAtId: 'file-2',
      },
    ])
    expect(pageKey({ parent: '/', sortBy: 'type_asc' }, 2, 1, page)?.[1]).not.toHaveProperty('startAtSize')
  })

  it('in media mode the cursor date is when the last item was taken (else its upload date); elsewhere always its upload date', () => {
    const taken = makeFile(1, { metadata: { takenDate: '2019-06-01T10:00:00.000Z' } })
    const plain = makeFile(2)
    const media = { mediaMode: true, sortBy: 'date_desc' } as const
    expect(pageKey(media, 1, 1, [taken])).toEqual([
      '/file-service/list',
      { ...media, limit: 1, startAtDate: '2019-06-01T10:00:00.000Z', startAtName: 'report-1.pdf', startAtId: 'file-1' },
    ])
    expect(pageKey(media, 1, 1, [plain])).toMatchObject(['/file-service/list', { startAtDate: plain.uploadDate }])
    expect(pageKey({ parent: '/' }, 1, 1, [taken])).toMatchObject([
      '/file-service/list',
      { startAtDate: taken.uploadDate },
    ])
  })

  it('in the trash the cursor date is when the last item was trashed (the trash sorts by it); a search in it keeps the upload date', () => {
    const gone = makeFile(1, { metadata: { trashed: true, trashedAt: '2026-11-30T08:00:00.000Z' } })
    expect(pageKey({ trashMode: true }, 1, 1, [gone])).toMatchObject([
      '/file-service/list',
      { startAtDate: '2026-11-30T08:00:00.000Z' },
    ])
    expect(pageKey({ trashMode: true, search: 'report' }, 1, 1, [gone])).toMatchObject([
      '/file-service/list',
      { startAtDate: gone.uploadDate },
    ])
  })

  it('compares loaded pages as SWR does (by content), page by page', () => {
    const one = [makeFile(1), makeFile(2)]
    const two = [makeFile(3)]
    expect(sameData([one, two], [one, two])).toBe(true)
    // Same content, new objects (a revalidated page): equal.
    expect(sameData([one, two], [one, [makeFile(3)]])).toBe(true)
    expect(sameData([one, two], [one, [makeFile(4)]])).toBe(false)
    expect(sameData([one, two], [one])).toBe(false)
    expect(sameData([one], [[makeFile(1), makeFile(2, { filename: 'renamed.pdf' })]])).toBe(false)
    expect(sameData(undefined, [one])).toBe(false)
    expect(sameData(undefined, undefined)).toBe(true)
  })

  it('gives back the same key object for the same page before it (SWR hashes a key object once), per query', () => {
    const page = [makeFile(1), makeFile(2)]
    const { result, rerender } = renderHook(({ sort }) => useKeptPageKey({ parent: '/', sortBy: sort }, 2), {
      initialProps: { sort: 'date_desc' as const },
    })
    const key = result.current(1, page)
    expect(key).toEqual(pageKey({ parent: '/', sortBy: 'date_desc' }, 2, 1, page))
    rerender({ sort: 'date_desc' })
    expect(result.current(1, page)).toBe(key)
    // A page with the same content but anew (revalidated) gets a key of its own.
    expect(result.current(1, [makeFile(1), makeFile(2)])).not.toBe(key)
    expect(result.current(1, [makeFile(1)])).toBeNull()
    // Another query: another key.
    rerender({ sort: 'alp_asc' as 'date_desc' })
    expect(result.current(1, page)).toEqual(pageKey({ parent: '/', sortBy: 'alp_asc' }, 2, 1, page))
  })

  it('loads pages of 50 on demand and stops after a short page', async () => {
    serveDrive({ folders: [], files: Array.from({ length: 120 }, (_, i) => makeFile(i)) })
    const { result } = renderHook(() => useFileList({ parent: '/', sortBy: 'date_desc' }, 50), { wrapper })
    await waitFor(() => expect(result.current.files).toHaveLength(50))
    expect(result.current.hasMore).toBe(true)
    act(() => result.current.loadMore())
    // A second call while the page is loading asks for nothing more.
    act(() => result.current.loadMore())
    await waitFor(() => expect(result.current.files).toHaveLength(100))
    expect(queries()).toHaveLength(2)
    expect(queries()[1]).toMatchObject({ startAtId: 'file-49', startAtName: 'report-49.pdf', limit: '50' })
    act(() => result.current.loadMore())
    await waitFor(() => expect(result.current.files).toHaveLength(120))
    expect(result.current.hasMore).toBe(false)
    act(() => result.current.loadMore())
    await new Promise((r) => setTimeout(r, 50))
    expect(queries()).toHaveLength(3)
    // Every file exactly once.
    expect(new Set(result.current.files.map((f) => f._id)).size).toBe(120)
  })

  it('refetches its loaded pages when files change (after uploads, moves, trash …)', async () => {
    const drive = serveDrive({ folders: [], files: [makeFile(1)] })
    const { result } = renderHook(() => useFileList({ parent: '/' }, 50), { wrapper })
    await waitFor(() => expect(result.current.files).toHaveLength(1))
    drive.files = [makeFile(0), makeFile(1)]
    act(() => void notifyListsChanged('files'))
    await waitFor(() => expect(result.current.files.map((f) => f._id)).toEqual(['file-0', 'file-1']))
  })
})

describe('thumbnails still being made (thumbnailPending)', () => {
  afterEach(() => useRealClock())
  const pending = { metadata: { thumbnailPending: true } }
  const done = { metadata: { hasThumbnail: true, thumbnailID: 'thumb-3' } }
  const tick = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms))

  it('backs off 1 s, 2 s, 4 s, then every 8 s', () => {
    expect([0, 1, 2, 3, 4, 10].map(thumbnailWaitDelay)).toEqual([1000, 2000, 4000, 8000, 8000, 8000])
  })

  it('re-reads only the page holding a pending file, until its thumbnail is there; then reads nothing more', async () => {
    useFakeClock()
    const drive = serveDrive({ folders: [], files: [makeFile(1), makeFile(2), makeFile(3, pending)] })
    const { result } = renderHook(() => useFileList({ parent: '/' }, 2), { wrapper })
    await tick(0)
    await tick(0)
    expect(result.current.files).toHaveLength(2)
    act(() => result.current.loadMore())
    await tick(0)
    await tick(0)
    expect(result.current.files).toHaveLength(3)
    expect(queries()).toHaveLength(2)
    await tick(999)
    expect(queries()).toHaveLength(2)
    await tick(1)
    await tick(0)
    // The second page only (it starts after file-2): the first has nothing pending.
    expect(queries()).toHaveLength(3)
    expect(queries()[2]).toMatchObject({ startAtId: 'file-2' })
    drive.files = [makeFile(1), makeFile(2), makeFile(3, done)]
    await tick(2000)
    await tick(0)
    expect(result.current.files[2]!.metadata).toMatchObject({ hasThumbnail: true })
    const reads = queries().length
    await tick(10 * 60_000)
    expect(queries()).toHaveLength(reads)
  })

  it('stops after THUMBNAIL_WAIT_TRIES reads when a thumbnail never comes', async () => {
    useFakeClock()
    serveDrive({ folders: [], files: [makeFile(1, pending)] })
    const { result } = renderHook(() => useFileList({ parent: '/' }, 50), { wrapper })
    await tick(0)
    await tick(0)
    expect(result.current.files).toHaveLength(1)
    for (let i = 0; i < 100; i++) await tick(8000)
    expect(queries()).toHaveLength(1 + THUMBNAIL_WAIT_TRIES)
  })

  it('reads nothing again when no file is pending', async () => {
    useFakeClock()
    serveDrive({ folders: [], files: [makeFile(1), makeFile(2, done)] })
    const { result } = renderHook(() => useFileList({ parent: '/' }, 50), { wrapper })
    await tick(0)
    await tick(0)
    expect(result.current.files).toHaveLength(2)
    await tick(5 * 60_000)
    expect(queries()).toHaveLength(1)
  })
})
