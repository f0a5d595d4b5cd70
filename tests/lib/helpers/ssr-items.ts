import type { BrowserFile, BrowserFolder } from '../../../lib/index.ts'

// Items with fixed dates and no thumbnails, the same on the server and the client.

export const serverFiles = (count: number): BrowserFile[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `f${i}`,
    name: `report-${i}.pdf`,
    size: 1024 * (i + 1),
    uploadDate: new Date(Date.UTC(2024, 2, 28 - (i % 28), 12)),
  }))

export const serverFolders = (count: number): BrowserFolder[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `d${i}`,
    name: `Folder ${i}`,
    createdAt: new Date(Date.UTC(2024, 0, 2)),
  }))
