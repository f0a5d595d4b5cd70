import { vars } from '../theme/contract.css.ts'
import { type BadgeLetter, badgeLetters } from '../theme/tokens.ts'

/** Text and colour of a file's type badge. */
export interface ExtensionBadgeInfo {
  /** The upper-cased extension, shortened to the maximum, or "UNK". */
  text: string
  /** A CSS colour: a `var(--cumulus-color-badge-*)` reference. */
  color: string
}

/** Badge text length when a view does not ask for less (4; compact views ask for 3). */
export const defaultBadgeMax = 4

const isBadgeLetter = (c: string): c is BadgeLetter => (badgeLetters as readonly string[]).includes(c)

/**
 * The extension badge: the text after the last dot upper-cased, or "UNK" without one; past
 * `max` characters it keeps the first max−1 characters plus the last; the colour follows the
 * extension's first letter, light blue by default.
 */
export function extensionBadge(filename: string, max: number = defaultBadgeMax): ExtensionBadgeInfo {
  const dot = filename.lastIndexOf('.')
  // A trailing dot names no extension either.
  const extension = dot === -1 ? '' : filename.slice(dot + 1)
  if (extension === '') return { text: 'UNK', color: vars.color.badge.default }

  const upper = extension.toUpperCase()
  const chars = Array.from(upper)
  const text = chars.length > max ? chars.slice(0, Math.max(max - 1, 0)).join('') + chars[chars.length - 1] : upper
  const first = extension[0]?.toLowerCase() ?? ''
  return { text, color: isBadgeLetter(first) ? vars.color.badge[first] : vars.color.badge.default }
}
