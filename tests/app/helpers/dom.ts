// What jsdom 29 lacks and the app or Ariakit touch. Copied in spirit from tests/lib/helpers (owned
// by the library suite), so the two suites do not depend on each other's helpers.

// Ariakit decides focusability with checkVisibility (else layout sizes, which jsdom lacks).
if (!('checkVisibility' in Element.prototype)) {
  Object.defineProperty(Element.prototype, 'checkVisibility', {
    configurable: true,
    value(this: Element) {
      const self = this as Element
      if (!self.isConnected) return false
      if (getComputedStyle(self).visibility === 'hidden') return false
      for (let el: Element | null = self; el; el = el.parentElement) {
        if (el instanceof HTMLElement && el.hidden) return false
        if (getComputedStyle(el).display === 'none') return false
      }
      return true
    },
  })
}

if (typeof Element.prototype.scrollIntoView !== 'function')
  Element.prototype.scrollIntoView = function scrollIntoView() {}

if (typeof globalThis.CSS === 'undefined') {
  const escape = (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`)
  Object.defineProperty(globalThis, 'CSS', { configurable: true, value: { supports: () => false, escape } })
}

// jsdom does not scroll: a window that remembers what it was told, up to a settable page height.
let pageHeight = 10_000
let scrollY = 0
export function setPageHeight(height: number): void {
  pageHeight = height
}
Object.defineProperty(window, 'scrollY', { configurable: true, get: () => scrollY })
Object.defineProperty(window, 'pageYOffset', { configurable: true, get: () => scrollY })
window.scrollTo = ((x?: number | ScrollToOptions, y?: number) => {
  const top = typeof x === 'object' ? (x.top ?? scrollY) : (y ?? 0)
  const next = Math.max(0, Math.min(top, pageHeight - window.innerHeight))
  if (next === scrollY) return
  scrollY = next
  window.dispatchEvent(new Event('scroll'))
}) as typeof window.scrollTo

// A matchMedia that answers min-width queries from a settable viewport width.
let viewportWidth = 1280
const mediaListeners = new Set<() => void>()
export function setViewportWidth(width: number): void {
  viewportWidth = width
  for (const listener of mediaListeners) listener()
}
window.matchMedia = (query: string) => {
  const min = /min-width:\s*(\d+(?:\.\d+)?)px/.exec(query)
  const max = /max-width:\s*(\d+(?:\.\d+)?)px/.exec(query)
  const matches = (!min || viewportWidth >= Number(min[1])) && (!max || viewportWidth <= Number(max[1]))
  return {
    matches,
    media: query,
    onchange: null,
    addEventListener: (_type: string, listener: () => void) => mediaListeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => mediaListeners.delete(listener),
    addListener: (listener: () => void) => mediaListeners.add(listener),
    removeListener: (listener: () => void) => mediaListeners.delete(listener),
    dispatchEvent: () => false,
  } as unknown as MediaQueryList
}
