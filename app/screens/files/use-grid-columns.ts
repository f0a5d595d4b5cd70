import { useLayoutEffect, useState } from 'react'

/** The tracks of a laid-out grid, from its resolved `grid-template-columns` ("170px 170px …"); null when unknown (not laid out, jsdom). */
export function gridColumnCount(element: Element): number | null {
  const tracks = getComputedStyle(element).gridTemplateColumns.trim().split(/\s+/)
  return tracks.every((track) => /^\d+(\.\d+)?px$/.test(track)) ? tracks.length : null
}

/**
 * How many columns an auto-fill grid shows now, following its width (null until known): a ref
 * callback for the grid and the count. Read before paint, so a grid cut to one row never flashes a second.
 */
export function useGridColumns(): [ref: (element: HTMLElement | null) => void, columns: number | null] {
  const [element, setElement] = useState<HTMLElement | null>(null)
  const [columns, setColumns] = useState<number | null>(null)
  useLayoutEffect(() => {
    if (!element) return
    const measure = () => setColumns(gridColumnCount(element))
    measure()
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [element])
  return [setElement, columns]
}
