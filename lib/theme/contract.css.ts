import { createGlobalThemeContract } from '@vanilla-extract/css'
import { lightTokens } from './tokens.ts'

const kebab = (part: string) => part.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)

/**
 * The theme contract: stable, unhashed `--cumulus-*` CSS variables (e.g. `color.accentSubtle` is
 * `--cumulus-color-accent-subtle`), so apps and stylesheets outside vanilla-extract can use them.
 */
export const vars = createGlobalThemeContract(lightTokens, (_value, path) => `cumulus-${path.map(kebab).join('-')}`)
