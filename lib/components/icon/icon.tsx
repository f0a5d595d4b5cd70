import type { ComponentPropsWithRef } from 'react'
import { cx } from '../../internal/cx.ts'
import { type Glyph, glyphs } from './glyphs.ts'
import { directional, icon, solid } from './icon.css.ts'

/** Every icon the set draws. */
export const iconNames: readonly IconName[] = (Object.keys(glyphs) as IconName[]).sort()

/** The name of one icon. */
export type IconName = keyof typeof glyphs

/** Icon sizes, from the theme's `size.icon` scale. */
export const iconSizes = ['small', 'medium', 'large'] as const

/** One of `iconSizes`. */
export type IconSize = (typeof iconSizes)[number]

/** Props of `Icon`; any other SVG attribute is forwarded. */
export interface IconProps extends Omit<ComponentPropsWithRef<'svg'>, 'children'> {
  /** Which glyph to draw. */
  name: IconName
  /** Rendered size; defaults to medium. */
  size?: IconSize
  /** Accessible name. Without one the icon is decorative and hidden from assistive technology. */
  label?: string
}

// Back, previous and next point the other way in a right-to-left page.
const mirroredInRtl: ReadonlySet<IconName> = new Set<IconName>(['arrow-left', 'chevron-left', 'chevron-right'])

/** An inline SVG icon drawn in `currentColor`; arrows along the text mirror under `dir="rtl"`. */
export function Icon({ name, size = 'medium', label, className, ...props }: IconProps) {
  const glyph: Glyph = glyphs[name]
  return (
    <svg
      viewBox="0 0 24 24"
      focusable="false"
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
      data-part="icon"
      {...props}
      className={cx(icon({ size }), mirroredInRtl.has(name) && directional, className)}
    >
      {glyph.stroke ? <path d={glyph.stroke} /> : null}
      {glyph.fill ? <path d={glyph.fill} className={solid} /> : null}
    </svg>
  )
}
