export * from './pdf-viewer.tsx'
export { type PageSize, zoomSteps } from './page-layout.ts'
export { defaultPdfViewerLabels, type PdfViewerLabels } from './labels.ts'
