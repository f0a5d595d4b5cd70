// App-local styles with goober (runtime CSS-in-JS; the server's CSP allows inline styles, never
// inline scripts). Values come from the library's theme contract, so the app follows light/dark.
import { createElement } from 'react'
import { glob, setup } from 'goober'
import { breakpoints, vars } from '@cumulus/ui'

// goober's styled() needs the element factory once; css`` and glob`` work without it.
setup(createElement)

export { vars }

export const mq = {
  desktop: `@media (min-width: ${breakpoints.desktop}px)`,
}

/** SPEC §9 "Details panel width". */
export const DETAILS_PANEL_WIDTH = 260

void glob`
  *, *::before, *::after { box-sizing: border-box; }
  html { -webkit-text-size-adjust: 100%; }
  body {
    margin: 0;
    min-height: 100vh;
    background: ${vars.color.bg};
    color: ${vars.color.text};
    font-family: ${vars.font.family};
    font-size: ${vars.font.size.medium};
    line-height: ${vars.font.lineHeight.normal};
  }
  #app { min-height: 100vh; }
`

/** Joins class names, skipping falsy ones. */
export const cx = (...names: Array<string | false | null | undefined>) => names.filter(Boolean).join(' ')
