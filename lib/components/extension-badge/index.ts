export {
  ExtensionBadge,
  extensionBadgeSizes,
  type ExtensionBadgeProps,
  type ExtensionBadgeSize,
} from './extension-badge.tsx'
