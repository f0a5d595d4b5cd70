import type { ReactNode } from 'react'
import { Spinner } from '../spinner/spinner.tsx'
import type { CollectionView } from './collection-types.ts'
import * as css from './virtual-collection.css.ts'

// Paging is the app's: the collection only says when the end came into view, never while a page
// is already loading, and shows a spinner under the items meanwhile.

interface CollectionPagingOptions {
  view: CollectionView
  total: number
  loading: boolean
  loadingLabel?: string | undefined
  onEndReached?: (() => void) | undefined
}

/** `endReached` for the body, and the loading footer under the items (or null). */
export function useCollectionPaging({ view, total, loading, loadingLabel, onEndReached }: CollectionPagingOptions) {
  const endReached = () => {
    if (!loading) onEndReached?.()
  }

  // In the list view the footer is a row of the grid.
  const footer: ReactNode =
    loading && total > 0 ? (
      view === 'grid' ? (
        <div className={css.status}>
          <Spinner label={loadingLabel} />
        </div>
      ) : (
        <div role="row" aria-rowindex={total + 2} className={css.status}>
          <div role="gridcell">
            <Spinner label={loadingLabel} />
          </div>
        </div>
      )
    ) : null

  return { endReached, footer }
}
