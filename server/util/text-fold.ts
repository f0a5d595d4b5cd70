// The one fold of words the content index and its queries share (both engines): accents off
// (NFKD, marks dropped), lower case, split on anything not a letter or a digit. What is indexed
// and what is searched for go through it, so `Café`, `CAFE` and `cafe` are one word everywhere.
//
// foldText, foldedWords and distinctWords name nothing but each other and built-ins: the content
// queue's word thread runs their source (`foldSource`), so the fold it indexes with is this one.
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()
}

/** The folded words of `text`, in order. */
export function foldedWords(text: string): string[] {
  return foldText(text).match(/[\p{L}\p{N}]+/gu) ?? []
}

/**
 * The distinct folded words of `text`, space-separated, in first-seen order: all an index that
 * keeps no positions needs (FTS5 detail=none, a stripped tsvector). Words longer than
 * `maxWordLength` are left out; words stop once they would pass `maxBytes` (UTF-8 bytes + 8 each,
 * PostgreSQL's tsvector accounting).
 */
export function distinctWords(text: string, maxBytes = Infinity, maxWordLength = Infinity): string {
  const seen = new Set<string>()
  let bytes = 0
  for (const w of foldedWords(text)) {
    if (seen.has(w) || w.length > maxWordLength) continue
    bytes += Buffer.byteLength(w) + 8
    if (bytes > maxBytes) break
    seen.add(w)
  }
  return [...seen].join(' ')
}

/** Source defining the three above for a worker thread, and the name distinctWords has in it. */
export const foldSource = {
  code: [foldText, foldedWords, distinctWords].map(String).join('\n'),
  entry: distinctWords.name,
}

/** Each word of `text` with its UTF-16 span in `text` (snippets mark the original's letters). */
export function wordSpans(text: string): Array<{ word: string; start: number; end: number }> {
  const spans: Array<{ word: string; start: number; end: number }> = []
  for (const m of text.matchAll(/[\p{L}\p{N}\p{M}]+/gu)) {
    const word = foldText(m[0])
    if (word) spans.push({ word, start: m.index, end: m.index + m[0].length })
  }
  return spans
}
