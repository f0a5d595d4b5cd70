export { Icon, iconNames, iconSizes, type IconName, type IconProps, type IconSize } from './icon.tsx'
