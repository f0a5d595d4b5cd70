export {
  defaultSidebarLabels,
  Sidebar,
  sidebarItems,
  sidebarLayouts,
  type SidebarDestination,
  type SidebarItem,
  type SidebarLabels,
  type SidebarLayout,
  type SidebarProps,
} from './sidebar.tsx'
