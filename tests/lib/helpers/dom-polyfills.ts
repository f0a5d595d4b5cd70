// jsdom 29 has no layout and no Element.checkVisibility, so Ariakit's isVisible() (checkVisibility,
// else offset sizes) calls every element invisible, hence unfocusable: menus and selects then
// cannot move or return focus. This stand-in answers from the hidden attribute and computed
// display/visibility, which is what the browser's answer depends on for our components.
if (typeof Element !== 'undefined' && !('checkVisibility' in Element.prototype)) {
  Object.defineProperty(Element.prototype, 'checkVisibility', {
    configurable: true,
    value(this: Element) {
      if (!this.isConnected) return false
      const self = this as Element
      for (let el: Element | null = self; el; el = el.parentElement) {
        if (el instanceof HTMLElement && el.hidden) return false
        const style = getComputedStyle(el)
        if (style.display === 'none') return false
        if (el === self && style.visibility === 'hidden') return false
      }
      return true
    },
  })
}

// jsdom does not scroll; Ariakit scrolls the active item into view as arrows move.
if (typeof Element !== 'undefined' && typeof Element.prototype.scrollIntoView !== 'function') {
  Element.prototype.scrollIntoView = function scrollIntoView() {}
}

// jsdom has no CSS namespace; Ariakit escapes ids with CSS.escape when it looks up the active item,
// and asks CSS.supports about features jsdom cannot render anyway.
if (typeof globalThis.CSS === 'undefined') {
  // Enough of CSSOM's serialize-an-identifier for the ids React's useId makes ("_r_1_", ":r1:"),
  // which never start with a digit.
  const escape = (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`)
  Object.defineProperty(globalThis, 'CSS', { configurable: true, value: { supports: () => false, escape } })
}
