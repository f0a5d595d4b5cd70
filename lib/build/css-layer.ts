// Build-time only (lib/vite.config.ts, and the repo's vite.config.ts so the app and Storybook see
// the same cascade); not part of the package.
//
// Every rule the kit's `.css.ts` files produce goes inside `@layer cumulus { … }`. Unlayered CSS
// outranks any layer whatever its specificity, so a consumer's plain `:root { --cumulus-… }` or
// `.my-card { … }` wins over the kit's `:root[data-theme="dark"]` or `.card:hover` without
// `!important` or selector games. Inside the layer the kit's own order is unchanged.
import type { Plugin } from 'vite'

/** The one cascade layer the kit's stylesheet lives in. */
export const cumulusLayer = 'cumulus'

/** Wraps a stylesheet's rules in `@layer <name>`; `@charset` and `@import` must stay outside. */
export function wrapInLayer(css: string, name = cumulusLayer): string {
  if (css.trim() === '' || css.trimStart().startsWith(`@layer ${name}`)) return css
  const head: string[] = []
  const body = css.replace(/^\s*@(charset|import)\b[^;]*;/gm, (rule) => {
    head.push(rule.trim())
    return ''
  })
  return `${head.join('\n')}${head.length ? '\n' : ''}@layer ${name} {\n${body}\n}\n`
}

/** The CSS vanilla-extract emits for a `.css.ts` under `dir` (its virtual `*.css.ts.vanilla.css` modules). */
export function cssLayer(dir: string): Plugin {
  const prefix = dir.endsWith('/') ? dir : `${dir}/`
  return {
    name: 'cumulus-css-layer',
    enforce: 'pre',
    transform(code, id) {
      const [path] = id.split('?')
      if (!path?.startsWith(prefix) || !path.endsWith('.css.ts.vanilla.css')) return null
      return { code: wrapInLayer(code), map: null }
    },
  }
}
