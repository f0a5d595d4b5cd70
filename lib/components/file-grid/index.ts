export { FileGrid, fileGridMinCardWidth, type FileGridProps } from './file-grid.tsx'
