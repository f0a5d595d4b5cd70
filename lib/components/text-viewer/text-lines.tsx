import { memo, useMemo } from 'react'
import { Virtuoso } from 'react-virtuoso'
import type { HighlightedLines, Segment } from './highlight.ts'
import * as css from './text-viewer.css.ts'

/** Texts of more lines than this are virtualised: only the lines in view are in the DOM. */
export const VIRTUALIZE_FROM = 400

/** A text's lines, numbered: plain strings, or highlighted segments once they are ready. */
export function TextLines({
  lines,
  highlighted,
  scroller,
}: {
  lines: readonly string[]
  highlighted?: HighlightedLines | undefined
  /** The scrolling element (the viewer's region), which the virtual list follows. */
  scroller: HTMLElement | null
}) {
  // The gutter fits the longest number, in character widths of the monospaced face.
  const gutter = useMemo(() => ({ minInlineSize: `${String(lines.length).length}ch` }), [lines.length])
  const row = (index: number) => (
    <Line key={index} n={index + 1} text={lines[index]!} segments={highlighted?.[index]} gutter={gutter} />
  )
  if (lines.length <= VIRTUALIZE_FROM || !scroller)
    return (
      <div className={css.lines} data-part="lines">
        {lines.slice(0, VIRTUALIZE_FROM).map((_, i) => row(i))}
      </div>
    )
  return (
    <Virtuoso
      className={css.lines}
      data-part="lines"
      customScrollParent={scroller}
      totalCount={lines.length}
      // Short lines are one row each; a guess close to it keeps the scrollbar steady.
      defaultItemHeight={18}
      increaseViewportBy={400}
      itemContent={(index) => row(index)}
    />
  )
}

const Line = memo(function Line({
  n,
  text,
  segments,
  gutter,
}: {
  n: number
  text: string
  segments: readonly Segment[] | undefined
  gutter: { minInlineSize: string }
}) {
  return (
    <div className={css.line} data-part="line">
      <span className={css.lineNumber} style={gutter} aria-hidden="true">
        {n}
      </span>
      {/* Each line finds its own direction: a Hebrew or Arabic line reads from the right. */}
      <span className={css.lineText} dir="auto">
        {segments
          ? segments.map((s, i) =>
              s.scopes.length ? (
                <span key={i} className={s.scopes.join(' ')}>
                  {s.text}
                </span>
              ) : (
                s.text
              ),
            )
          : text}
        {/* An empty line keeps its height. */}
        {text === '' ? '\n' : null}
      </span>
    </div>
  )
})
