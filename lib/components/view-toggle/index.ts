export { defaultViewToggleLabels, ViewToggle, type ViewToggleLabels, type ViewToggleProps } from './view-toggle.tsx'
