import type { ComponentPropsWithRef, ReactNode } from 'react'
import { cx } from '../../internal/cx.ts'
import * as css from './search-result.css.ts'

/** Plain text around a match, and the matched words as `[start, end)` UTF-16 offsets into it. */
export interface TextSnippetValue {
  text: string
  marks: readonly (readonly [number, number])[]
}

/** Props of `TextSnippet`; the rest go to the `span`. */
export interface TextSnippetProps extends Omit<ComponentPropsWithRef<'span'>, 'children'> {
  snippet: TextSnippetValue
}

/**
 * The marks as sorted, clipped, non-overlapping ranges: offsets come from a server, so a range out
 * of bounds, reversed or overlapping another must neither throw nor repeat text.
 */
export function normalizeMarks(text: string, marks: TextSnippetValue['marks']): Array<[number, number]> {
  const ranges = marks
    .map(([a, b]) => [Math.max(0, Math.min(a, text.length)), Math.max(0, Math.min(b, text.length))] as [number, number])
    .filter(([a, b]) => b > a)
    .sort((x, y) => x[0] - y[0])
  const merged: Array<[number, number]> = []
  for (const range of ranges) {
    const last = merged.at(-1)
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1])
    else merged.push([range[0], range[1]])
  }
  return merged
}

/**
 * A snippet of an item's text with the matched words in `<mark>`. The text is rendered by React
 * (escaped), never as HTML, so a document's own markup shows as text.
 */
export function TextSnippet({ snippet, className, ...props }: TextSnippetProps) {
  const parts: ReactNode[] = []
  let at = 0
  for (const [start, end] of normalizeMarks(snippet.text, snippet.marks)) {
    if (start > at) parts.push(snippet.text.slice(at, start))
    parts.push(
      <mark key={start} className={css.mark}>
        {snippet.text.slice(start, end)}
      </mark>,
    )
    at = end
  }
  if (at < snippet.text.length) parts.push(snippet.text.slice(at))
  return (
    <span dir="auto" data-part="text-snippet" {...props} className={cx(css.snippet, className)}>
      {parts}
    </span>
  )
}
