export type { BrowserFile, BrowserFolder } from './browser-item.ts'
export { FileCard, type FileCardProps } from './file-card.tsx'
