// The gallery's items for the loaded files. A next page maps only its own files: a file keeps its
// BrowserFile while its record is the same object (SWR keeps loaded pages as they are). When the
// list only grew (a next page), the kept items are extended without looking any file up again:
// at 100,000 photos a lookup per file costs several ms (and a big array of garbage) on every page.
import type { BrowserFile } from '@cumulus/ui'
import { useMemo, useRef } from 'react'
import type { FileJson } from '../../api/files.ts'
import { toBrowserFile } from '../../features/items/browser-items.ts'

interface KeptItems {
  files: readonly FileJson[]
  items: BrowserFile[]
}

/** How many leading files `files` shares with `before` (the same records, in the same places). */
function sharedPrefix(before: readonly FileJson[], files: readonly FileJson[]): number {
  const end = Math.min(before.length, files.length)
  let same = 0
  while (same < end && before[same] === files[same]) same++
  return same
}

export function useMediaItems(files: readonly FileJson[], thumbnailsDisabled: boolean) {
  // Anew when the thumbnail preference changes: every item's thumbnail URL does.
  const cache = useMemo(
    () => ({ items: new WeakMap<FileJson, BrowserFile>(), files: new WeakMap<BrowserFile, FileJson>() }),
    [thumbnailsDisabled],
  )
  const kept = useRef<{ cache: typeof cache; last: KeptItems } | null>(null)
  const items = useMemo(() => {
    const itemOf = (file: FileJson) => {
      let item = cache.items.get(file)
      if (!item) {
        item = toBrowserFile(file, thumbnailsDisabled)
        cache.items.set(file, item)
        cache.files.set(item, file)
      }
      return item
    }
    const last = kept.current?.cache === cache ? kept.current.last : null
    // A next page appended: the kept items stand for the files before it.
    const grown =
      last !== null && last.files.length <= files.length && sharedPrefix(last.files, files) === last.files.length
    const next = grown ? last.items.concat(files.slice(last.files.length).map(itemOf)) : files.map(itemOf)
    kept.current = { cache, last: { files, items: next } }
    return next
  }, [files, cache, thumbnailsDisabled])
  /** The record an item was made from. */
  const fileOf = (item: BrowserFile) => cache.files.get(item)!
  return { items, fileOf }
}
