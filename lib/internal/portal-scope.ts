import { themeAttribute } from '../theme/theme.ts'

// Ariakit portals popups to <body>, out of the subtree they were rendered in, so a dialog opened
// under <div dir="rtl" data-theme="dark"> would lay out left to right and light. Its `portalElement`
// callback gets the placeholder Ariakit renders in place: read the subtree's direction, theme and
// language there and put them on the portal element. Set by <html> itself, they reach <body>
// anyway, and a theme switch on <html> then keeps working while a popup is open.
const carried = ['dir', themeAttribute, 'lang'] as const

/**
 * A portal element that carries the `dir`, `data-theme` and `lang` of where `origin` sits; for
 * Ariakit's `portalElement` prop (a module-level function, so Ariakit makes the portal once).
 */
export function scopedPortal(origin: HTMLElement): HTMLElement {
  const portal = origin.ownerDocument.createElement('div')
  const root = origin.ownerDocument.documentElement
  for (const attribute of carried) {
    const from = origin.closest(`[${attribute}]`)
    const value = from?.getAttribute(attribute)
    if (from && from !== root && value) portal.setAttribute(attribute, value)
  }
  return portal
}
