import type { PDFDocumentLoadingTask, PDFDocumentProxy } from 'pdfjs-dist'
import {
  type ComponentPropsWithRef,
  type KeyboardEvent,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
// The kit's parts through its main entry, an import the package build leaves to the consumer:
// parts imported directly would give both entries a shared chunk and stylesheet of their own.
import { Button, Icon, IconButton, Spinner } from '@cumulus/ui'
import {
  findMatches,
  firstMatchFrom,
  type ItemHighlight,
  itemHighlights,
  pageTextOf,
  stepMatch,
  type PageText,
} from './find.ts'
import {
  CSS_PER_POINT,
  currentPage,
  fitWidthZoom,
  layoutPages,
  type PageSize,
  parsePageNumber,
  visiblePages,
  zoomIn,
  zoomOut,
} from './page-layout.ts'
import { PdfPage } from './pdf-page.tsx'
import { loadPdfjs, type PdfjsModule } from './pdfjs.ts'
import * as css from './pdf-viewer.css.ts'
import { useLabels } from '../../locale/context.ts'
import { defaultPdfViewerLabels, type PdfViewerLabels } from './labels.ts'

/** Where the PDF comes from: an address (fetched by pdf.js, in ranges when the server allows) or a loader of its bytes. */
export type PdfSource = string | (() => Promise<ArrayBuffer>)

/** The viewer's states, as `data-state` on its root. */
export const pdfViewerStates = ['loading', 'ready', 'error'] as const

/** One of `pdfViewerStates`. */
export type PdfViewerState = (typeof pdfViewerStates)[number]

/** Props of `PdfViewer`; other div attributes are forwarded to its root. */
export interface PdfViewerProps extends Omit<ComponentPropsWithRef<'div'>, 'children' | 'onError'> {
  /** The PDF: a URL or a function resolving to its bytes (keep it stable, e.g. with useCallback). */
  src: PdfSource
  /** Texts; English by default. */
  labels?: Partial<PdfViewerLabels>
  /** The document could not be opened or a page could not be drawn (the error state shows). */
  onError?: (error: Error) => void
  /** pdf.js's worker script; defaults to the one in pdfjs-dist, emitted by the bundler. */
  workerSrc?: string
  /** Zoom at the start (1 = 100 %); defaults to fitting the page width. */
  initialZoom?: number
  /** Search this text as soon as the document is open. */
  initialQuery?: string
}

/** Gap between pages, and around them, in CSS pixels (the scroller's own padding is zero). */
const GAP = 12
const asError = (err: unknown) => (err instanceof Error ? err : new Error(String(err)))

/**
 * A PDF reader: pages drawn by pdf.js as they scroll into view (placeholders sized from each
 * page), zoom (buttons, + and − keys, fit width), "Page x of y" with a page field, selectable
 * text, and find with highlighted matches. The document's JavaScript never runs.
 */
export function PdfViewer({
  src,
  labels: labelOverrides,
  onError,
  workerSrc,
  initialZoom,
  initialQuery = '',
  className,
  onKeyDown,
  ...props
}: PdfViewerProps) {
  const labels = useLabels('pdfViewer', defaultPdfViewerLabels, labelOverrides)
  const [state, setState] = useState<PdfViewerState>('loading')
  const [pdfjs, setPdfjs] = useState<PdfjsModule>()
  const [doc, setDoc] = useState<PDFDocumentProxy>()
  const [sizes, setSizes] = useState<PageSize[]>([])
  const [zoom, setZoom] = useState<number | 'fit'>(initialZoom ?? 'fit')
  const [view, setView] = useState({ top: 0, height: 0, width: 0 })
  const [pageInput, setPageInput] = useState<string>()
  const [query, setQuery] = useState(initialQuery)
  const [texts, setTexts] = useState<(PageText | undefined)[]>([])
  const [selected, setSelected] = useState(-1)
  const scroller = useRef<HTMLDivElement>(null)
  const onErrorRef = useRef(onError)
  onErrorRef.current = onError

  const fail = useCallback((err: unknown) => {
    setState('error')
    onErrorRef.current?.(asError(err))
  }, [])

  // Open the document.
  useEffect(() => {
    let cancelled = false
    let task: PDFDocumentLoadingTask | undefined
    setState('loading')
    setDoc(undefined)
    setTexts([])
    void (async () => {
      const lib = await loadPdfjs(workerSrc)
      const source = typeof src === 'string' ? { url: src } : { data: new Uint8Array(await src()) }
      if (cancelled) return
      // No eval (fonts are drawn without compiled code), no XFA forms; pdf.js never runs the
      // document's scripts without the viewer's scripting sandbox, which this does not load.
      task = lib.getDocument({ ...source, isEvalSupported: false, enableXfa: false })
      const opened = await task.promise
      const first = (await opened.getPage(1)).getViewport({ scale: 1 })
      if (cancelled) return
      const size = { width: first.width * CSS_PER_POINT, height: first.height * CSS_PER_POINT }
      setPdfjs(() => lib)
      setSizes(Array.from({ length: opened.numPages }, () => size))
      setDoc(opened)
      setState('ready')
    })().catch((err: unknown) => {
      if (!cancelled) fail(err)
    })
    return () => {
      cancelled = true
      void task?.destroy()
    }
  }, [src, workerSrc, fail])

  // Follow the scroller's size and position.
  useLayoutEffect(() => {
    const el = scroller.current
    if (!el) return
    const measure = () => setView({ top: el.scrollTop, height: el.clientHeight, width: el.clientWidth })
    measure()
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure)
    observer?.observe(el)
    return () => observer?.disconnect()
  }, [state])

  const onSize = useCallback((page: number, size: PageSize) => {
    setSizes((all) => {
      const old = all[page - 1]
      if (!old || (Math.abs(old.width - size.width) < 0.5 && Math.abs(old.height - size.height) < 0.5)) return all
      const next = [...all]
      next[page - 1] = size
      return next
    })
  }, [])

  const fitZoom = fitWidthZoom(sizes[0]?.width ?? 0, view.width - 2 * GAP)
  const scale = zoom === 'fit' ? fitZoom : zoom
  const layout = useMemo(() => layoutPages(sizes, scale, GAP), [sizes, scale])
  const range = visiblePages(layout, view.top, view.height)
  const pageCount = sizes.length
  const page = currentPage(layout, view.top, view.height)

  const goTo = useCallback(
    (n: number, offset = 0) => {
      const el = scroller.current
      const top = layout.tops[n - 1]
      if (!el || top === undefined) return
      el.scrollTop = top - GAP + offset
      setView((v) => ({ ...v, top: el.scrollTop }))
    },
    [layout],
  )

  // Keep the reader's place across a zoom: the same page, the same fraction into it.
  const anchor = useRef<{ page: number; fraction: number } | undefined>(undefined)
  const changeZoom = (next: number | 'fit') => {
    const n = Math.max(1, page)
    const top = layout.tops[n - 1] ?? 0
    anchor.current = { page: n, fraction: (view.top - top) / Math.max(1, layout.heights[n - 1] ?? 1) }
    setZoom(next)
  }
  useLayoutEffect(() => {
    const a = anchor.current
    if (!a) return
    anchor.current = undefined
    goTo(a.page, a.fraction * (layout.heights[a.page - 1] ?? 0) + GAP)
  }, [layout, goTo])

  // Find: read the text of every page once a query is typed, then match.
  useEffect(() => {
    if (!doc || !query.trim() || texts.length === doc.numPages) return
    let cancelled = false
    void (async () => {
      const all: PageText[] = []
      for (let n = 1; n <= doc.numPages && !cancelled; n++) {
        const content = await (await doc.getPage(n)).getTextContent()
        all.push(pageTextOf(content.items as { str?: string; hasEOL?: boolean }[]))
      }
      if (!cancelled) setTexts(all)
    })().catch(() => {})
    return () => {
      cancelled = true
    }
  }, [doc, query, texts.length])

  const matches = useMemo(() => findMatches(texts, query), [texts, query])
  // A new query starts from the page being read.
  useEffect(() => setSelected(firstMatchFrom(matches, page)), [matches])
  const step = (direction: 1 | -1) => {
    const next = stepMatch(selected, matches.length, direction)
    setSelected(next)
    const match = matches[next]
    if (match && (match.page < range.first + 2 || match.page > range.last)) goTo(match.page)
  }
  useEffect(() => {
    const match = matches[selected]
    if (match && (match.page < page - 1 || match.page > page + 1)) goTo(match.page)
    // Only when the selected match changes, not on every scroll.
  }, [selected, matches])

  const highlightsByPage = useMemo(() => {
    const byPage = new Map<number, ItemHighlight[]>()
    const own = new Map<number, { start: number; end: number; selected: boolean }[]>()
    matches.forEach((m, i) => own.set(m.page, [...(own.get(m.page) ?? []), { ...m, selected: i === selected }]))
    for (const [n, list] of own) {
      const text = texts[n - 1]
      if (text) byPage.set(n, itemHighlights(text, list))
    }
    return byPage
  }, [matches, selected, texts])

  const keyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event)
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return
    const target = event.target as HTMLElement
    if (target.tagName === 'INPUT' || target.isContentEditable) return
    if (event.key === '+' || event.key === '=') {
      event.preventDefault()
      changeZoom(zoomIn(scale))
    } else if (event.key === '-' || event.key === '−') {
      event.preventDefault()
      changeZoom(zoomOut(scale))
    }
  }

  const countText =
    query.trim() && texts.length
      ? matches.length
        ? labels.matchCount(selected + 1, matches.length)
        : labels.noMatches
      : ''

  return (
    <div
      data-part="pdf-viewer"
      data-state={state}
      {...props}
      onKeyDown={keyDown}
      className={className ? `${css.root} ${className}` : css.root}
    >
      {state === 'ready' && (
        <div role="toolbar" aria-label={labels.toolbar} className={css.toolbar} data-part="toolbar">
          <span className={css.group}>
            <label className={css.pageField}>
              <span>{labels.page}</span>
              <input
                className={css.input}
                aria-label={labels.page}
                inputMode="numeric"
                size={Math.max(2, String(pageCount).length)}
                value={pageInput ?? String(page)}
                onChange={(e) => setPageInput(e.target.value)}
                onFocus={(e) => e.target.select()}
                onBlur={() => setPageInput(undefined)}
                onKeyDown={(e) => {
                  if (e.key !== 'Enter') return
                  const n = parsePageNumber(e.currentTarget.value, pageCount)
                  setPageInput(undefined)
                  if (n) goTo(n)
                }}
              />
              <span data-part="page-count">{labels.pageCount(pageCount)}</span>
            </label>
          </span>
          <span className={css.group}>
            <IconButton
              icon="minimize"
              label={labels.zoomOut}
              size="small"
              onClick={() => changeZoom(zoomOut(scale))}
            />
            <span className={css.zoomValue} data-part="zoom">{`${Math.round(scale * 100)}%`}</span>
            <IconButton icon="plus" label={labels.zoomIn} size="small" onClick={() => changeZoom(zoomIn(scale))} />
            <Button size="small" variant="ghost" aria-pressed={zoom === 'fit'} onClick={() => changeZoom('fit')}>
              {labels.fitWidth}
            </Button>
          </span>
          <span className={`${css.group} ${css.findGroup}`}>
            <Icon name="search" size="small" />
            <input
              type="search"
              className={`${css.input} ${css.findInput}`}
              aria-label={labels.find}
              placeholder={labels.find}
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault()
                  step(e.shiftKey ? -1 : 1)
                }
              }}
            />
            <span className={css.matchCount} data-part="match-count" aria-live="polite">
              {countText}
            </span>
            <Button size="small" variant="ghost" disabled={!matches.length} onClick={() => step(-1)}>
              {labels.findPrev}
            </Button>
            <Button size="small" variant="ghost" disabled={!matches.length} onClick={() => step(1)}>
              {labels.findNext}
            </Button>
          </span>
        </div>
      )}
      <div
        ref={scroller}
        className={css.scroller}
        data-part="pages"
        tabIndex={0}
        onScroll={(e) => {
          const el = e.currentTarget
          setView((v) => (v.top === el.scrollTop ? v : { ...v, top: el.scrollTop }))
        }}
      >
        {state === 'loading' && (
          <div className={css.status}>
            <Spinner label={labels.loading} size="large" />
          </div>
        )}
        {state === 'error' && (
          <p className={css.status} data-state="error" role="alert">
            <Icon name="error" size="large" />
            {labels.error}
          </p>
        )}
        {state === 'ready' && doc && pdfjs && (
          <div className={css.column} style={{ gap: GAP, paddingBlock: GAP }}>
            {sizes.map((_, k) => {
              const n = k + 1
              const style = { width: layout.widths[k], height: layout.heights[k] }
              if (k < range.first || k > range.last)
                return <div key={n} className={css.placeholder} style={style} data-part="placeholder" />
              return (
                <div key={n} className={css.slot} style={style}>
                  <PdfPage
                    pdfjs={pdfjs}
                    doc={doc}
                    page={n}
                    zoom={scale}
                    width={layout.widths[k]!}
                    height={layout.heights[k]!}
                    label={labels.pageLabel(n)}
                    highlights={highlightsByPage.get(n) ?? NO_HIGHLIGHTS}
                    onSize={onSize}
                    onError={fail}
                  />
                </div>
              )
            })}
          </div>
        )}
      </div>
    </div>
  )
}

const NO_HIGHLIGHTS: never[] = []
