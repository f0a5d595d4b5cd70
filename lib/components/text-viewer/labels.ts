// The text viewer's texts, apart from the viewer so the locale's message sets (in the main entry)
// do not bring the viewer's engines with them.

/** The texts of `TextViewer`; each has an English default. */
export interface TextViewerLabels {
  /** The name of the scrollable text, for screen readers. */
  region: (filename: string) => string
  /** Shown when only the start of the file came (the server sends at most 1 MB). */
  truncated: string
  /** Shown when a table has more rows than it renders. */
  rowsLimited: (shown: number) => string
  showAsText: string
  showAsTable: string
  showRendered: string
  empty: string
  /** An image in Markdown, shown as a link and never loaded. */
  image: (alt: string) => string
}

/** English defaults of `TextViewerLabels`. */
export const defaultTextViewerLabels: TextViewerLabels = {
  region: (filename) => `Contents of ${filename}`,
  truncated: 'Showing the first 1 MB',
  rowsLimited: (shown) => `Showing the first ${shown.toLocaleString('en-US')} rows`,
  showAsText: 'Show as text',
  showAsTable: 'Show as table',
  showRendered: 'Show formatted',
  empty: 'This file is empty',
  image: (alt) => (alt ? `Image: ${alt}` : 'Image'),
}
