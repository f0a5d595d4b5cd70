// @vitest-environment node
// The build step that lets a consumer's bundler drop unused top-level values (lib/build/pure-top-level.ts).
import { describe, expect, it } from 'vitest'
import { annotatePure } from '../../../lib/build/pure-top-level.ts'

describe('annotatePure', () => {
  it('marks top-level calls and `new` pure, exported or not', () => {
    expect(annotatePure('var badge = createRuntimeFn({ a: 1 });')).toBe(
      'var badge = /* @__PURE__ */ createRuntimeFn({ a: 1 });',
    )
    expect(annotatePure('export const Row = memo(function Row() {});')).toBe(
      'export const Row = /* @__PURE__ */ memo(function Row() {});',
    )
    expect(annotatePure('const keys = new Set(["a"]);')).toBe('const keys = /* @__PURE__ */ new Set(["a"]);')
  })

  it('wraps values that read other values in a pure arrow, evaluated at the same moment', () => {
    expect(annotatePure('const ring = { outline: `${vars.a} solid` };')).toBe(
      'const ring = /* @__PURE__ */ (() => ({ outline: `${vars.a} solid` }))();',
    )
    expect(annotatePure('const all = { ...shared };')).toBe('const all = /* @__PURE__ */ (() => ({ ...shared }))();')
    expect(annotatePure('const max = Number.MAX_SAFE_INTEGER;')).toBe(
      'const max = /* @__PURE__ */ (() => (Number.MAX_SAFE_INTEGER))();',
    )
  })

  it('leaves alone what a bundler already drops, what is already marked, and what is not a declaration', () => {
    const untouched = [
      'const table = { a: "x", b: ["y", -1], c: name, d: () => 1, e: "long" + "path" };',
      'const fn = () => vars.a;',
      'const s = `plain`;',
      'const a = /* @__PURE__ */ jsx("p", {});',
      'register(thing);',
      'function f() { const inner = g(); return inner }',
      'const data = await load();',
    ]
    for (const code of untouched) expect(annotatePure(code), code).toBe(code)
  })

  it('keeps the code valid: the wrapped module still evaluates to the same values', () => {
    const code = annotatePure(
      'const base = { a: 1 };\nconst more = { ...base, b: `${base.a}!` };\nexport const list = [more].map((m) => m.b);',
    )
    const run = new Function(code.replace('export ', '') + '\nreturn { more, list }') as () => unknown
    expect(run()).toEqual({ more: { a: 1, b: '1!' }, list: ['1!'] })
  })
})
