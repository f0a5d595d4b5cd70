import type { PDFDocumentProxy, RenderTask, TextLayer } from 'pdfjs-dist'
import { useEffect, useRef } from 'react'
import { CSS_PER_POINT, type PageSize } from './page-layout.ts'
import type { ItemHighlight } from './find.ts'
import type { PdfjsModule } from './pdfjs.ts'
import * as css from './pdf-viewer.css.ts'

export interface PdfPageProps {
  pdfjs: PdfjsModule
  doc: PDFDocumentProxy
  /** 1-based. */
  page: number
  zoom: number
  width: number
  height: number
  label: string
  highlights: readonly ItemHighlight[]
  /** The page's own size at 100 %, once pdf.js has read it. */
  onSize: (page: number, size: PageSize) => void
  onError: (error: unknown) => void
}

/** Marks the highlighted parts of each text item, rebuilding only the items that have some. */
function paintHighlights(divs: readonly HTMLElement[], texts: readonly string[], highlights: readonly ItemHighlight[]) {
  const byItem = new Map<number, ItemHighlight[]>()
  for (const h of highlights) byItem.set(h.item, [...(byItem.get(h.item) ?? []), h])
  divs.forEach((div, item) => {
    const parts = byItem.get(item)
    const text = texts[item] ?? ''
    if (!parts && !div.dataset.marked) return
    div.replaceChildren()
    delete div.dataset.marked
    if (!parts) return void div.append(text)
    div.dataset.marked = 'true'
    let at = 0
    for (const part of parts.sort((a, b) => a.start - b.start)) {
      if (part.start > at) div.append(text.slice(at, part.start))
      const mark = document.createElement('mark')
      mark.className = css.highlight
      mark.dataset.part = 'match'
      if (part.selected) mark.dataset.selected = 'true'
      mark.textContent = text.slice(part.start, part.end)
      div.append(mark)
      at = part.end
    }
    if (at < text.length) div.append(text.slice(at))
  })
}

/** One page, drawn: a canvas at the screen's pixel density and pdf.js's text layer over it. */
export function PdfPage({ pdfjs, doc, page, zoom, width, height, label, highlights, onSize, onError }: PdfPageProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null)
  const textRef = useRef<HTMLDivElement>(null)
  const layerRef = useRef<TextLayer | null>(null)
  const highlightsRef = useRef(highlights)
  highlightsRef.current = highlights

  useEffect(() => {
    let cancelled = false
    let task: RenderTask | undefined
    let layer: TextLayer | undefined
    void (async () => {
      const proxy = await doc.getPage(page)
      if (cancelled) return
      const base = proxy.getViewport({ scale: 1 })
      onSize(page, { width: base.width * CSS_PER_POINT, height: base.height * CSS_PER_POINT })
      const viewport = proxy.getViewport({ scale: zoom * CSS_PER_POINT })
      const canvas = canvasRef.current
      const container = textRef.current
      if (!canvas || !container) return
      const ratio = window.devicePixelRatio || 1
      canvas.width = Math.floor(viewport.width * ratio)
      canvas.height = Math.floor(viewport.height * ratio)
      const context = canvas.getContext('2d')
      if (!context) return
      task = proxy.render({
        canvas,
        canvasContext: context,
        viewport,
        transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
      })
      container.replaceChildren()
      container.style.setProperty('--total-scale-factor', String(viewport.scale))
      layer = new pdfjs.TextLayer({ textContentSource: proxy.streamTextContent(), container, viewport })
      await Promise.all([task.promise, layer.render()])
      if (cancelled) return
      layerRef.current = layer
      paintHighlights(layer.textDivs, layer.textContentItemsStr, highlightsRef.current)
    })().catch((err: unknown) => {
      // A render cancelled by a zoom or a scroll away is no error.
      if (!cancelled && (err as { name?: string })?.name !== 'RenderingCancelledException') onError(err)
    })
    return () => {
      cancelled = true
      task?.cancel()
      layer?.cancel()
      layerRef.current = null
    }
    // onSize and onError are the viewer's stable callbacks.
  }, [pdfjs, doc, page, zoom])

  useEffect(() => {
    const layer = layerRef.current
    if (layer) paintHighlights(layer.textDivs, layer.textContentItemsStr, highlights)
  }, [highlights])

  return (
    <div
      className={css.page}
      data-part="page"
      data-page={page}
      role="group"
      aria-label={label}
      style={{ width, height }}
    >
      <canvas ref={canvasRef} className={css.canvas} style={{ width, height }} />
      <div ref={textRef} className={css.textLayer} data-part="text-layer" />
    </div>
  )
}
