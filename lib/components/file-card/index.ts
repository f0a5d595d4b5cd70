export type { BrowserFile, BrowserFolder, BrowserItemPeople } from './browser-item.ts'
export { FileCard, type FileCardProps } from './file-card.tsx'
