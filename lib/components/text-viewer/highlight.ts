// Syntax colours with highlight.js: its core and one language at a time, each loaded on first
// use. Its HTML is never inserted: the few tags it writes (spans with classes, escaped text) are
// read back into lines of classed segments that React renders as text.
import type { HLJSApi, LanguageFn } from 'highlight.js'
import type { CodeLanguage } from './text-mode.ts'

// One static import() per language, so a bundler makes each its own chunk.
const loaders: Record<CodeLanguage, () => Promise<{ default: LanguageFn }>> = {
  bash: () => import('highlight.js/lib/languages/bash'),
  c: () => import('highlight.js/lib/languages/c'),
  cpp: () => import('highlight.js/lib/languages/cpp'),
  csharp: () => import('highlight.js/lib/languages/csharp'),
  css: () => import('highlight.js/lib/languages/css'),
  go: () => import('highlight.js/lib/languages/go'),
  ini: () => import('highlight.js/lib/languages/ini'),
  java: () => import('highlight.js/lib/languages/java'),
  javascript: () => import('highlight.js/lib/languages/javascript'),
  json: () => import('highlight.js/lib/languages/json'),
  kotlin: () => import('highlight.js/lib/languages/kotlin'),
  php: () => import('highlight.js/lib/languages/php'),
  python: () => import('highlight.js/lib/languages/python'),
  ruby: () => import('highlight.js/lib/languages/ruby'),
  rust: () => import('highlight.js/lib/languages/rust'),
  sql: () => import('highlight.js/lib/languages/sql'),
  swift: () => import('highlight.js/lib/languages/swift'),
  typescript: () => import('highlight.js/lib/languages/typescript'),
  xml: () => import('highlight.js/lib/languages/xml'),
  yaml: () => import('highlight.js/lib/languages/yaml'),
}

/** A run of text and the highlight.js scopes it sits in (e.g. `['hljs-string']`). */
export interface Segment {
  text: string
  scopes: readonly string[]
}

/** Highlighted text, one array of segments per line. */
export type HighlightedLines = Segment[][]

let core: Promise<HLJSApi> | undefined
const registered = new Map<CodeLanguage, Promise<HLJSApi>>()

/** highlight.js's core with `language` registered (each loaded once). */
function withLanguage(language: CodeLanguage): Promise<HLJSApi> {
  let ready = registered.get(language)
  if (!ready) {
    core ??= import('highlight.js/lib/core').then((m) => (m as unknown as { default: HLJSApi }).default)
    ready = Promise.all([core, loaders[language]()]).then(([hljs, lang]) => {
      if (!hljs.getLanguage(language)) hljs.registerLanguage(language, lang.default)
      return hljs
    })
    // A failed load (offline) may be tried again by the next file.
    ready.catch(() => registered.delete(language))
    registered.set(language, ready)
  }
  return ready
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'" }
const unescape = (s: string) => s.replace(/&(?:amp|lt|gt|quot|#x27);/g, (e) => ENTITIES[e]!)

/** Reads highlight.js's HTML back into lines; scopes stay open across line breaks. */
export function htmlToLines(html: string): HighlightedLines {
  const lines: HighlightedLines = [[]]
  const stack: string[][] = []
  const scopes = () => stack.flat()
  for (const m of html.matchAll(/<span class="([^"]*)">|<\/span>|([^<]+)/g)) {
    if (m[1] !== undefined) stack.push(m[1].split(' ').filter(Boolean))
    else if (m[2] === undefined) stack.pop()
    else {
      const parts = unescape(m[2]).split('\n')
      parts.forEach((text, i) => {
        if (i > 0) lines.push([])
        if (text) lines[lines.length - 1]!.push({ text, scopes: scopes() })
      })
    }
  }
  return lines
}

/** `text` coloured as `language`, in lines. */
export async function highlight(text: string, language: CodeLanguage): Promise<HighlightedLines> {
  const hljs = await withLanguage(language)
  return htmlToLines(hljs.highlight(text, { language, ignoreIllegals: true }).value)
}
