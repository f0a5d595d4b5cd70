export { FolderGrid, folderGridMinCardWidth, type FolderGridProps } from './folder-grid.tsx'
