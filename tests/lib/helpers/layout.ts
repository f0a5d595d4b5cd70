// jsdom lays nothing out, so a collection sees no viewport: it renders its first items and never
// reports reaching the end (nobody could have seen it). This stands in for a browser's layout:
// every element has a box and is `height` px tall inside (a scroller's viewport); with
// `itemHeight`, items (elements with data-index) are boxes of that height, one per row.
import { vi } from 'vitest'

export function stubLayout({ height, itemHeight }: { height: number; itemHeight?: number }) {
  vi.spyOn(HTMLElement.prototype, 'getClientRects').mockImplementation(
    () => [new DOMRect(0, 0, 800, height)] as unknown as DOMRectList,
  )
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(height)
  if (itemHeight === undefined) return
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const index = this.dataset.index
    return index === undefined
      ? new DOMRect(0, 0, 800, height)
      : new DOMRect(0, Number(index) * itemHeight, 800, itemHeight)
  })
}
