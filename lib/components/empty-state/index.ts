export {
  EmptyState,
  emptyStateHeadingLevels,
  type EmptyStateHeadingLevel,
  type EmptyStateProps,
} from './empty-state.tsx'
export { emptyStateIllustrations, type EmptyStateIllustration } from './illustrations.tsx'
