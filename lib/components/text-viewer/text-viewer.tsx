import { type ComponentPropsWithRef, useMemo, useState } from 'react'
import { cx } from '../../internal/cx.ts'
import { useLabels } from '../../locale/context.ts'
import { CsvTable, parseCsv } from './csv-table.tsx'
import { highlight } from './highlight.ts'
import { defaultTextViewerLabels, type TextViewerLabels } from './labels.ts'
import { MarkdownView, type MarkdownComponent } from './markdown-view.tsx'
import { TextLines } from './text-lines.tsx'
import { textKindOf, type TextMode } from './text-mode.ts'
import * as css from './text-viewer.css.ts'
import { useLoaded } from './use-loaded.ts'

/** Texts longer than this (in characters) are shown without syntax colours: colouring 1 MB stalls a phone. */
export const HIGHLIGHT_LIMIT = 256 * 1024

/** Props of `TextViewer`; other props go to its root element. */
export interface TextViewerProps extends Omit<ComponentPropsWithRef<'div'>, 'children'> {
  /** The file's text (e.g. the first 1 MB of it). */
  text: string
  /** Its name: the extension picks the mode (Markdown, CSV/TSV, code by language, else plain). */
  filename: string
  /** Only the start of the file is in `text`: a notice says so. */
  truncated?: boolean
  /** A CSV or TSV table renders at most this many rows under its header (default 1,000). */
  maxRows?: number
  /** Texts; English defaults (`defaultTextViewerLabels`). */
  labels?: Partial<TextViewerLabels>
}

/** react-markdown with GitHub's additions (tables, task lists, strikethrough, bare links), loaded together. */
const loadMarkdown = () =>
  Promise.all([import('react-markdown'), import('remark-gfm')]).then(([m, gfm]) => {
    const Markdown = m.default
    const plugins = [gfm.default]
    const WithGfm: MarkdownComponent = (props) => <Markdown {...props} remarkPlugins={plugins} />
    return WithGfm
  })

/**
 * A file's text, read-only: plain text and code in a monospaced face with line numbers (code
 * coloured by language, the highlighter and each language loaded when first needed; long texts
 * virtualised), Markdown as a document (raw HTML dropped, links opening in a new tab, images as
 * links), CSV and TSV as a table; both of these can be switched to the text itself. The text sits
 * in a focusable, labelled region, so the keyboard scrolls it.
 */
export function TextViewer({
  text,
  filename,
  truncated = false,
  maxRows = 1000,
  labels: labelOverrides,
  className,
  ...props
}: TextViewerProps) {
  const labels = useLabels('textViewer', defaultTextViewerLabels, labelOverrides)
  const kind = useMemo(() => textKindOf(filename), [filename])
  const [asText, setAsText] = useState(false)
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null)
  const normalised = useMemo(() => text.replace(/\r\n?/g, '\n'), [text])
  const lines = useMemo(() => {
    const all = normalised.split('\n')
    // A final newline ends the last line; it does not start another.
    if (all.length > 1 && all[all.length - 1] === '') all.pop()
    return all
  }, [normalised])

  const rendered = (kind.mode === 'markdown' || kind.mode === 'csv') && !asText && text !== ''
  const mode: TextMode = rendered ? kind.mode : kind.mode === 'code' ? 'code' : 'plain'
  const Markdown = useLoaded(loadMarkdown, mode === 'markdown' ? loadMarkdown : null)
  const csvKey = useMemo(() => ({ normalised, delimiter: kind.delimiter, maxRows }), [normalised, kind, maxRows])
  const csv = useLoaded(csvKey, mode === 'csv' ? () => parseCsv(normalised, kind.delimiter!, maxRows) : null)
  const language = mode === 'code' && normalised.length <= HIGHLIGHT_LIMIT ? kind.language : undefined
  const codeKey = useMemo(() => ({ normalised, language }), [normalised, language])
  const highlighted = useLoaded(codeKey, language ? () => highlight(normalised, language) : null)

  const switchable = kind.mode === 'markdown' || kind.mode === 'csv'
  const notices = [truncated && labels.truncated, mode === 'csv' && csv?.more && labels.rowsLimited(maxRows)].filter(
    (n): n is string => typeof n === 'string',
  )

  return (
    <div
      data-part="text-viewer"
      data-mode={mode}
      {...(language && { 'data-language': language })}
      {...props}
      className={cx(css.viewer, className)}
    >
      {notices.length > 0 || (switchable && text !== '') ? (
        <div className={css.bar} data-part="bar">
          <span data-part="notice" role="status">
            {notices.join(' · ')}
          </span>
          {switchable && text !== '' ? (
            <button type="button" className={css.toggle} onClick={() => setAsText((v) => !v)} data-part="mode-toggle">
              {!asText ? labels.showAsText : kind.mode === 'csv' ? labels.showAsTable : labels.showRendered}
            </button>
          ) : null}
        </div>
      ) : null}
      <div
        ref={setScroller}
        role="region"
        aria-label={labels.region(filename)}
        // The region scrolls with the keyboard once focused (arrows, Page Up/Down, Home/End).
        tabIndex={0}
        className={css.scroller}
        data-part="scroller"
      >
        {text === '' ? (
          <p className={css.empty} data-part="empty">
            {labels.empty}
          </p>
        ) : mode === 'markdown' && Markdown ? (
          <MarkdownView Markdown={Markdown} text={normalised} labels={labels} />
        ) : mode === 'csv' && csv ? (
          <CsvTable rows={csv.rows} label={filename} />
        ) : (
          // Also what shows while a mode's engine loads (or if it cannot).
          <TextLines lines={lines} highlighted={highlighted} scroller={scroller} />
        )}
      </div>
    </div>
  )
}
