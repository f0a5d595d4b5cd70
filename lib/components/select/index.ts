export { Select, selectLayouts, type SelectLayout, type SelectOption, type SelectProps } from './select.tsx'
