import type { ComponentPropsWithRef } from 'react'
import { cx } from '../../internal/cx.ts'
import { defaultBadgeMax, extensionBadge } from '../../utils/extension-badge.ts'
import { badge } from './extension-badge.css.ts'

/** Badge sizes: small in lists, medium on cards, large in banners. */
export const extensionBadgeSizes = ['small', 'medium', 'large'] as const

/** One of `extensionBadgeSizes`. */
export type ExtensionBadgeSize = (typeof extensionBadgeSizes)[number]

/** Props of `ExtensionBadge`; other span attributes are forwarded. */
export interface ExtensionBadgeProps extends Omit<ComponentPropsWithRef<'span'>, 'children'> {
  /** The file name whose extension is shown. */
  filename: string
  /** Longest text before shortening (4, or 3 in some views). */
  max?: number | undefined
  /** Size; defaults to medium. */
  size?: ExtensionBadgeSize | undefined
}

/** A coloured tag with a file's extension, e.g. "PDF" or "UNK". */
export function ExtensionBadge({
  filename,
  max = defaultBadgeMax,
  size,
  className,
  style,
  ...props
}: ExtensionBadgeProps) {
  const { text, color } = extensionBadge(filename, max)
  return (
    <span
      data-part="extension-badge"
      {...props}
      className={cx(badge({ size }), className)}
      style={{ backgroundColor: color, ...style }}
    >
      {text}
    </span>
  )
}
