import type { ReactNode } from 'react'
import { backdrop, illustration, ink, paper } from './empty-state.css.ts'

/** The pictures an empty state can show. */
export const emptyStateIllustrations = ['folder', 'trash', 'search', 'photos', 'upload'] as const

/** One of `emptyStateIllustrations`. */
export type EmptyStateIllustration = (typeof emptyStateIllustrations)[number]

// Each drawing sits on a soft disc, on a 96-unit grid; colours come from the theme (see the css).
const drawings: Record<EmptyStateIllustration, ReactNode> = {
  folder: (
    <>
      <path className={paper} d="M22 32a4 4 0 0 1 4-4h14l6 6h24a4 4 0 0 1 4 4v26a4 4 0 0 1-4 4H26a4 4 0 0 1-4-4z" />
      <path className={ink} d="M22 42h52" />
    </>
  ),
  trash: (
    <>
      <path className={paper} d="M30 34h36l-3 34a4 4 0 0 1-4 4H37a4 4 0 0 1-4-4z" />
      <path className={ink} d="M26 34h44M40 34v-5a3 3 0 0 1 3-3h10a3 3 0 0 1 3 3v5M42 44v18M54 44v18" />
    </>
  ),
  search: (
    <>
      <circle className={paper} cx="44" cy="44" r="16" />
      <path className={ink} d="M56 56l14 14M38 44h12" />
    </>
  ),
  photos: (
    <>
      <rect className={paper} x="22" y="28" width="52" height="40" rx="4" />
      <circle className={ink} cx="36" cy="40" r="4" />
      <path className={ink} d="M22 62l16-14 10 8 10-10 16 14" />
    </>
  ),
  upload: (
    <>
      <path className={paper} d="M26 58v8a4 4 0 0 0 4 4h36a4 4 0 0 0 4-4v-8" />
      <path className={ink} d="M48 60V28M36 40l12-12 12 12" />
    </>
  ),
}

/** A decorative picture for an empty state, hidden from assistive technology. */
export function Illustration({ name }: { name: EmptyStateIllustration }) {
  return (
    <svg viewBox="0 0 96 96" aria-hidden focusable="false" className={illustration} data-illustration={name}>
      <circle className={backdrop} cx="48" cy="48" r="48" />
      {drawings[name]}
    </svg>
  )
}
