// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// House rule (DESIGN.md): component styles use only contract vars, sprinkles and the shared state
// selectors. A literal colour or length in a component's .css.ts bypasses the theme (and dark mode).
const lib = fileURLToPath(new URL('../../../lib', import.meta.url))

const styleFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return styleFiles(path)
    return entry.name.endsWith('.css.ts') ? [path] : []
  })

const files = [...styleFiles(join(lib, 'components')), ...styleFiles(join(lib, 'internal'))]
const forbidden: Array<[string, RegExp]> = [
  ['hex colour', /#[0-9a-f]{3,8}\b/i],
  ['rgb/hsl colour', /\b(rgba?|hsla?)\(/i],
  ['named colour', /:\s*'(white|black|red|blue|green|gray|grey)'/i],
  ['pixel or rem length', /\b\d+(\.\d+)?(px|rem)\b/],
]

// RTL: a side that does not follow the text direction. Components use logical properties
// (insetInlineStart, paddingInlineEnd, textAlign: 'start'), so `dir="rtl"` mirrors them.
const physicalSides: Array<[string, RegExp]> = [
  ['left/right offset', /\b(left|right)\s*:/],
  ['physical margin, padding or border side', /\b(margin|padding|border)(Left|Right)\w*\s*:/],
  ['physical text alignment', /textAlign:\s*'(left|right)'/],
  ['float', /\bfloat\s*:/],
]

describe('component stylesheets', () => {
  it('exist', () => {
    expect(files.length).toBeGreaterThan(10)
  })

  it.each(files.map((f) => [relative(lib, f), f]))('%s uses theme variables only', (_name, file) => {
    const code = readFileSync(file, 'utf8')
    const hits = forbidden.flatMap(([what, pattern]) => (pattern.test(code) ? [what] : []))
    expect(hits).toEqual([])
  })

  it.each(files.map((f) => [relative(lib, f), f]))('%s uses logical sides only', (_name, file) => {
    const code = readFileSync(file, 'utf8')
    const hits = physicalSides.flatMap(([what, pattern]) => (pattern.test(code) ? [what] : []))
    expect(hits).toEqual([])
  })
})
