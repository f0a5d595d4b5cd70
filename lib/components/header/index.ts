export { Header, headerLayouts, type HeaderLayout, type HeaderProps } from './header.tsx'
