// The PDF viewer's texts, apart from the viewer so the locale's message sets (in the main entry)
// do not bring pdf.js with them.

/** The texts of `PdfViewer`; each has an English default. */
export interface PdfViewerLabels {
  loading: string
  error: string
  page: string
  /** After the page field: "of 12". */
  pageCount: (count: number) => string
  /** A page's name for assistive technology. */
  pageLabel: (page: number) => string
  zoomIn: string
  zoomOut: string
  fitWidth: string
  find: string
  findPrev: string
  findNext: string
  /** "3 of 12" while stepping through matches. */
  matchCount: (current: number, count: number) => string
  noMatches: string
  toolbar: string
}

/** English defaults of `PdfViewerLabels`. */
export const defaultPdfViewerLabels: PdfViewerLabels = {
  loading: 'Loading PDF',
  error: "This PDF can't be shown",
  page: 'Page',
  pageCount: (count) => `of ${count}`,
  pageLabel: (page) => `Page ${page}`,
  zoomIn: 'Zoom in',
  zoomOut: 'Zoom out',
  fitWidth: 'Fit width',
  find: 'Find in document',
  findPrev: 'Previous match',
  findNext: 'Next match',
  matchCount: (current, count) => `${current} of ${count}`,
  noMatches: 'No matches',
  toolbar: 'PDF',
}
