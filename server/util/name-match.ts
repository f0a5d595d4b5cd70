// How a name matches a search (the relevance tiers of DESIGN.md §8 "Search inside files"), in
// JS over candidates the database found through its name indexes. Names and search text are
// folded alike (util/text-fold.ts), so `cafe` is `Café`.
import { foldText, foldedWords } from './text-fold.ts'

/** Only this many words of a search count, each cut to this many characters. */
const SEARCH_WORDS = 32
const WORD_CHARS = 64
/** Shorter words must match exactly: one edit of a 3-letter word matches half the vocabulary. */
export const TYPO_MIN = 4

export interface NameQuery {
  /** The whole search folded, spaces collapsed: what tiers 0 and 1 compare with. */
  text: string
  words: string[]
}

export function nameQuery(search: string): NameQuery {
  const words = [...new Set(foldedWords(search).map((w) => [...w].slice(0, WORD_CHARS).join('')))].slice(
    0,
    SEARCH_WORDS,
  )
  return { text: foldText(search).trim().replace(/\s+/g, ' '), words }
}

/** What a name stores as accent_key (migration 031): its fold when that is not its lower case. */
export function accentKey(name: string): string | null {
  const folded = foldText(name)
  return folded === name.toLowerCase() ? null : folded
}

/** A name's sort key within a tier. */
export const foldedName = (name: string) => foldText(name)

/** Whether `a` and `b` are at most one edit apart: insert, delete, substitute or swap two adjacent letters. */
export function oneEdit(a: string, b: string): boolean {
  if (a === b) return true
  const la = a.length
  const lb = b.length
  if (Math.abs(la - lb) > 1) return false
  let i = 0
  while (i < la && i < lb && a[i] === b[i]) i++
  if (la === lb) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true // substitution
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2) // transposition
  }
  return la > lb ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1)
}

/** A doubled letter typed once too often ("hollyday"): the word with each run of one letter kept single. */
const singled = (word: string) => word.replace(/(.)\1+/gu, '$1')

/** The forms of a query word a typo match tries: the word, and the word with its doubled letters single. */
export function typoForms(word: string): string[] {
  const single = singled(word)
  return single !== word && single.length >= TYPO_MIN ? [word, single] : [word]
}

/** A query word's typo match of a name word (both folded). */
function typoMatch(word: string, nameWords: readonly string[]): boolean {
  if ([...word].length < TYPO_MIN) return false
  return typoForms(word).some((form) => nameWords.some((n) => oneEdit(form, n) || oneEdit(form, singled(n))))
}

/**
 * The tier (0–3) of a name for a search, or undefined when it does not match by name:
 * 0 the name, or the name without its extension, is the search; 1 the name starts with it;
 * 2 every word is in the name; 3 every word is in the name or one edit from one of its words.
 */
export function nameTier(name: string, q: NameQuery): 0 | 1 | 2 | 3 | undefined {
  const folded = foldText(name)
  if (q.text) {
    const dot = folded.lastIndexOf('.')
    if (folded === q.text || (dot > 0 && folded.slice(0, dot) === q.text)) return 0
    if (folded.startsWith(q.text)) return 1
  }
  if (!q.words.length) return undefined
  if (q.words.every((w) => folded.includes(w))) return 2
  const nameWords = foldedWords(name)
  if (q.words.every((w) => folded.includes(w) || typoMatch(w, nameWords))) return 3
  return undefined
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)

/**
 * LIKE patterns (escape '\') one of which a name holds when one of its words is one edit from
 * `word`: its deletions, swaps, and `_` for a substituted or inserted letter. Trigram indexes
 * (FTS5's, pg_trgm) serve each from its literal runs; the match is then checked in JS.
 */
export function typoPatterns(word: string): string[] {
  const out = new Set<string>()
  for (const form of typoForms(word)) {
    const c = [...form]
    const esc = c.map(likeEscape)
    const join = (parts: string[]) => `%${parts.join('')}%`
    out.add(join(esc))
    for (let i = 0; i <= c.length; i++) {
      if (i < c.length) {
        out.add(join([...esc.slice(0, i), ...esc.slice(i + 1)])) // deletion
        out.add(join([...esc.slice(0, i), '_', ...esc.slice(i + 1)])) // substitution
      }
      if (i + 1 < c.length) out.add(join([...esc.slice(0, i), esc[i + 1]!, esc[i]!, ...esc.slice(i + 2)])) // swap
      out.add(join([...esc.slice(0, i), '_', ...esc.slice(i)])) // insertion
    }
  }
  return [...out]
}
