// Build-time only (lib/vite.config.ts); not part of the package.
//
// A consumer's bundler keeps every top-level binding of lib/dist/index.js whose initialiser it cannot
// prove free of side effects, and with it everything that initialiser reaches. vanilla-extract
// compiles each `recipe()` / `sprinkles` definition into a runtime call (`createRuntimeFn({...})`,
// `createSprinkles(...)`), components add `memo(...)`, `createContext(...)`, `new Set(...)`, and
// plain values read other values (`{ outline: `${vars.borderWidth.thick} solid …` }`,
// `{ ...shared }`, `Number.MAX_SAFE_INTEGER`), which a bundler must assume could run a getter.
// Unannotated, those made `import { ExtensionBadge }` pull in the sprinkles runtime config, the icon
// glyph table and a dozen recipes.
//
// So, for every top-level `const`/`let`/`var` initialiser:
// - a call or `new` gets `/* @__PURE__ */`;
// - any other expression that reads more than literals, identifiers and functions is wrapped as
//   `/* @__PURE__ */ (() => (…))()`: evaluated at the same moment, droppable when unused.
// That is sound for this package because a top-level binding here only ever holds a value (a
// class-name function, a component, a table); nothing registers itself by being evaluated at import
// time. Global CSS (the theme) comes from `.css.ts` files and ends up in the stylesheets, not in
// the JavaScript. Statements that are not declarations are left alone.
import { RolldownMagicString } from 'rolldown'
import { parseAst, type Plugin } from 'vite'

const PURE = '/* @__PURE__ */ '

interface Node {
  type: string
  start: number
  end: number
  [key: string]: unknown
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string'

/** Nodes a bundler already treats as free of side effects (function bodies are not evaluated). */
const inert = new Set(['ObjectExpression', 'ArrayExpression', 'Property', 'Literal', 'Identifier', 'TemplateElement'])
const deferred = new Set(['ArrowFunctionExpression', 'FunctionExpression'])

/** Whether evaluating `node` only builds literals out of literals, names and functions. */
function isInert(node: Node): boolean {
  if (deferred.has(node.type)) return true
  if (node.type === 'TemplateLiteral') return (node.expressions as Node[]).length === 0
  if (node.type === 'Property' && node.computed) return false
  if (node.type === 'UnaryExpression') return node.operator !== 'delete' && isInert(node.argument as Node)
  // 'a' + 'b' (a long path split over lines): constant, folded by every bundler.
  if (node.type === 'BinaryExpression') return node.operator === '+' && isConstantString(node)
  if (!inert.has(node.type)) return false
  return Object.entries(node).every(([key, value]) => {
    if (key === 'key' && node.type === 'Property') return true
    const children = Array.isArray(value) ? value : [value]
    return children.every((child) => !isNode(child) || isInert(child))
  })
}

const isConstantString = (node: Node): boolean =>
  (node.type === 'Literal' && typeof node.value === 'string') ||
  (node.type === 'BinaryExpression' &&
    node.operator === '+' &&
    isConstantString(node.left as Node) &&
    isConstantString(node.right as Node))

/** Whether `node` contains `await` or `yield` outside nested functions (an arrow would break it). */
function suspends(node: Node): boolean {
  if (node.type === 'AwaitExpression' || node.type === 'YieldExpression') return true
  if (deferred.has(node.type)) return false
  return Object.values(node).some((value) =>
    (Array.isArray(value) ? value : [value]).some((child) => isNode(child) && suspends(child)),
  )
}

/** One edit: insert `text` at `at`, and when `close` is set, `close` at `end`. */
export interface PureEdit {
  at: number
  text: string
  end?: number
  close?: string
}

/** The edits that make every top-level variable initialiser of `code` droppable when unused. */
export function pureEdits(code: string): PureEdit[] {
  const program = parseAst(code) as unknown as { body: Node[] }
  const edits: PureEdit[] = []
  for (const statement of program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement
    if (declaration?.type !== 'VariableDeclaration') continue
    for (const { init } of declaration.declarations as Array<{ init: Node | null }>) {
      if (!init || isInert(init) || suspends(init)) continue
      // Already annotated (by the JSX transform or by hand): the comment sits right before.
      if (/@__PURE__\s*\*\/\s*$/.test(code.slice(Math.max(0, init.start - 32), init.start))) continue
      if (init.type === 'CallExpression' || init.type === 'NewExpression') edits.push({ at: init.start, text: PURE })
      else edits.push({ at: init.start, text: `${PURE}(() => (`, end: init.end, close: '))()' })
    }
  }
  return edits
}

/** `code` with the edits of `pureEdits` applied (what the plugin emits, without a source map). */
export function annotatePure(code: string): string {
  let out = code
  for (const { at, text, end, close } of pureEdits(code).reverse()) {
    if (end !== undefined) out = out.slice(0, end) + close + out.slice(end)
    out = out.slice(0, at) + text + out.slice(at)
  }
  return out
}

/**
 * Runs after Vite's own transforms (TypeScript, JSX, vanilla-extract), on the package's modules
 * only, so what it parses is plain JavaScript. Source maps stay exact (Rolldown's MagicString).
 */
export function pureTopLevel(root: string): Plugin {
  return {
    name: 'cumulus-pure-top-level',
    enforce: 'post',
    apply: 'build',
    transform(code, id) {
      const file = id.split('?')[0]!
      if (!file.startsWith(root) || file.includes('/node_modules/') || !/\.[cm]?[jt]sx?$/.test(file)) return null
      const edits = pureEdits(code)
      if (edits.length === 0) return null
      const s = new RolldownMagicString(code)
      for (const { at, text, end, close } of edits) {
        s.prependRight(at, text)
        if (end !== undefined) s.appendLeft(end, close!)
      }
      return { code: s }
    },
  }
}
