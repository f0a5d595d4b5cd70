// react-virtuoso (under the photo gallery and the text viewer) measures nothing in jsdom: this
// wrapper gives its lists a fixed viewport and item size, so they render a known number of items.
// The kit's own grids and lists need none: without layout they render their first items.
import type { ReactNode } from 'react'
import { VirtuosoGridMockContext, VirtuosoMockContext } from 'react-virtuoso'

/** A 400 px list of 40 px rows, and an 800 × 200 grid of 200 × 50 cells. */
export function Virtual({ children }: { children: ReactNode }) {
  return (
    <VirtuosoMockContext.Provider value={{ viewportHeight: 400, itemHeight: 40 }}>
      <VirtuosoGridMockContext.Provider
        value={{ viewportHeight: 200, viewportWidth: 800, itemHeight: 50, itemWidth: 200 }}
      >
        {children}
      </VirtuosoGridMockContext.Provider>
    </VirtuosoMockContext.Provider>
  )
}
