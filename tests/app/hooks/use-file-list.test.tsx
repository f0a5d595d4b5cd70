import '../helpers/setup.ts'
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { SWRConfig } from 'swr'
import { describe, expect, it } from 'vitest'
import { pageKey, useFileList } from '../../../app/hooks/use-file-list.ts'
import { notifyListsChanged } from '../../../app/hooks/use-refetch.ts'
import { makeFile, serveDrive } from '../helpers/drive.ts'
import { sent } from '../helpers/server.ts'

const wrapper = ({ children }: { children: ReactNode }) => <SWRConfig value={{ provider: () => new Map() }}>{children}</SWRConfig>
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
