export {
  Sidebar,
  sidebarItems,
  sidebarLayouts,
  type SidebarItem,
  type SidebarLayout,
  type SidebarProps,
} from './sidebar.tsx'
