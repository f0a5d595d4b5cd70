// A file's thumbnail above its details: the desktop details panel and the file details modal.
import { type ReactNode, useState } from 'react'
import * as css from './details-thumbnail.css.ts'

/**
 * Decorative (the name follows). `fallback` stands in once the picture fails to load; callers key
 * it by `src`, so a failed thumbnail does not hide the next file's.
 */
export function DetailsThumbnail({ src, fallback = null }: { src: string; fallback?: ReactNode }) {
  const [failed, setFailed] = useState(false)
  if (failed) return fallback
  return (
    <img src={src} alt="" data-part="details-thumbnail" className={css.thumbnail} onError={() => setFailed(true)} />
  )
}
