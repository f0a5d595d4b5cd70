export { defaultOwnerBadgeLabels, OwnerBadge, type OwnerBadgeLabels, type OwnerBadgeProps } from './owner-badge.tsx'
