export * from './pdf-viewer.tsx'
export { type PageSize, zoomSteps } from './page-layout.ts'
