// How a file's text is shown, by its extension: Markdown rendered, CSV/TSV as a table, code
// coloured by language, anything else plain.

/** The ways `TextViewer` shows a text. */
export const textModes = ['plain', 'code', 'markdown', 'csv'] as const

/** One of `textModes`. */
export type TextMode = (typeof textModes)[number]

/** The languages `TextViewer` colours (highlight.js names), each loaded only when a file needs it. */
export const codeLanguages = [
  'bash',
  'c',
  'cpp',
  'csharp',
  'css',
  'go',
  'ini',
  'java',
  'javascript',
  'json',
  'kotlin',
  'php',
  'python',
  'ruby',
  'rust',
  'sql',
  'swift',
  'typescript',
  'xml',
  'yaml',
] as const

/** One of `codeLanguages`. */
export type CodeLanguage = (typeof codeLanguages)[number]

const LANGUAGE_BY_EXTENSION: Record<string, CodeLanguage> = {
  sh: 'bash',
  bash: 'bash',
  zsh: 'bash',
  c: 'c',
  h: 'c',
  cc: 'cpp',
  cpp: 'cpp',
  cxx: 'cpp',
  hpp: 'cpp',
  cs: 'csharp',
  css: 'css',
  go: 'go',
  ini: 'ini',
  cfg: 'ini',
  conf: 'ini',
  toml: 'ini',
  java: 'java',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  jsx: 'javascript',
  json: 'json',
  kt: 'kotlin',
  kts: 'kotlin',
  php: 'php',
  py: 'python',
  rb: 'ruby',
  rs: 'rust',
  sql: 'sql',
  swift: 'swift',
  ts: 'typescript',
  tsx: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  html: 'xml',
  htm: 'xml',
  xml: 'xml',
  svg: 'xml',
  yaml: 'yaml',
  yml: 'yaml',
}

/** What `filename` is shown as: its mode, the language of code, the delimiter of a table. */
export interface TextKind {
  mode: TextMode
  language?: CodeLanguage
  delimiter?: string
}

/** The mode `TextViewer` picks for a file name (by its extension, case-insensitive). */
export function textKindOf(filename: string): TextKind {
  const dot = filename.lastIndexOf('.')
  const ext = dot > 0 ? filename.slice(dot + 1).toLowerCase() : ''
  if (ext === 'md' || ext === 'markdown') return { mode: 'markdown' }
  if (ext === 'csv') return { mode: 'csv', delimiter: ',' }
  if (ext === 'tsv') return { mode: 'csv', delimiter: '\t' }
  const language = LANGUAGE_BY_EXTENSION[ext]
  return language ? { mode: 'code', language } : { mode: 'plain' }
}
