export type { BrowserFile, BrowserFolder, BrowserItemMatch, BrowserItemPeople } from './browser-item.ts'
export { FileCard, type FileCardProps } from './file-card.tsx'
