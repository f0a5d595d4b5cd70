export { FolderCard, type FolderCardProps } from './folder-card.tsx'
