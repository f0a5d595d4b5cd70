/**
 * Whether `element` lays out right to left: the nearest `dir` attribute decides, else the computed
 * `direction` (a stylesheet may set it). Read when a key is pressed, so a page can switch at any time.
 */
export function isRtl(element: Element | null): boolean {
  if (!element) return false
  const dir = element.closest('[dir]')?.getAttribute('dir')?.toLowerCase()
  if (dir === 'rtl' || dir === 'ltr') return dir === 'rtl'
  return getComputedStyle(element).direction === 'rtl'
}

/**
 * The arrow key as a left-to-right layout means it: in RTL, ArrowLeft moves forward (to the next
 * item, which sits to the left) and ArrowRight back. Other keys come back unchanged.
 */
export function logicalArrow(key: string, element: Element | null): string {
  if (key !== 'ArrowLeft' && key !== 'ArrowRight') return key
  if (!isRtl(element)) return key
  return key === 'ArrowLeft' ? 'ArrowRight' : 'ArrowLeft'
}
