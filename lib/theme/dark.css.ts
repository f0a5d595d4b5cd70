import { assignVars, createGlobalTheme, globalStyle } from '@vanilla-extract/css'
import { vars } from './contract.css.ts'
import { schemeGroups } from './theme.ts'
import { darkTokens } from './tokens.ts'

// Dark colours apply when a page or subtree says data-theme="dark", and on pages that say nothing
// while the system prefers dark. `:root[...]` outranks the light theme's plain `:root`.
createGlobalTheme(':root[data-theme="dark"], [data-theme="dark"]', schemeGroups(vars), schemeGroups(darkTokens))
globalStyle(':root[data-theme="dark"], [data-theme="dark"]', { colorScheme: 'dark' })

globalStyle(':root:not([data-theme="light"])', {
  '@media': {
    '(prefers-color-scheme: dark)': {
      colorScheme: 'dark',
      vars: assignVars(schemeGroups(vars), schemeGroups(darkTokens)),
    },
  },
})
