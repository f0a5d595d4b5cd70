export { QuickAccessItem, type QuickAccessItemProps } from './quick-access-item.tsx'
