// @vitest-environment node
// The build step that puts the kit's CSS in `@layer cumulus` (lib/build/css-layer.ts).
import { describe, expect, it } from 'vitest'
import { cssLayer, wrapInLayer } from '../../../lib/build/css-layer.ts'

describe('wrapInLayer', () => {
  it('puts every rule, at-rules included, inside @layer cumulus', () => {
    const css =
      ':root { --a: 1; }\n@media (prefers-color-scheme: dark) { :root { --a: 2; } }\n@keyframes spin { to { rotate: 1turn; } }'
    expect(wrapInLayer(css)).toBe(`@layer cumulus {\n${css}\n}\n`)
  })

  it('keeps @charset and @import outside the block, where CSS requires them', () => {
    const wrapped = wrapInLayer('@charset "utf-8";\n@import url(x.css);\n.a { color: red; }')
    expect(wrapped.startsWith('@charset "utf-8";\n@import url(x.css);\n@layer cumulus {')).toBe(true)
    expect(wrapped).toContain('.a { color: red; }')
  })

  it('leaves empty and already layered CSS alone', () => {
    expect(wrapInLayer('  ')).toBe('  ')
    expect(wrapInLayer('@layer cumulus { .a {} }')).toBe('@layer cumulus { .a {} }')
  })
})

describe('cssLayer', () => {
  const transform = (id: string) => {
    const plugin = cssLayer('/repo/lib')
    const hook = plugin.transform as (code: string, id: string) => { code: string } | null
    return hook.call({}, '.a { color: red; }', id)
  }

  it("layers vanilla-extract's CSS of the lib's .css.ts files, query or not", () => {
    expect(transform('/repo/lib/components/button/button.css.ts.vanilla.css')?.code).toContain('@layer cumulus {')
    expect(transform('/repo/lib/theme/light.css.ts.vanilla.css?source=abc')?.code).toContain('@layer cumulus {')
  })

  it("leaves other stylesheets alone (Storybook's, the app's, a sibling folder named like lib)", () => {
    expect(transform('/repo/.storybook/preview.css.ts.vanilla.css')).toBeNull()
    expect(transform('/repo/library/x.css.ts.vanilla.css')).toBeNull()
    expect(transform('/repo/lib/components/button/button.tsx')).toBeNull()
  })
})
