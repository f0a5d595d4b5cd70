// The one fold of words the content index and its queries share (both engines): accents off
// (NFKD, marks dropped), lower case, split on anything not a letter or a digit. What is indexed
// and what is searched for go through it, so `Café`, `CAFE` and `cafe` are one word everywhere.
const WORD = /[\p{L}\p{N}]+/gu

export const foldText = (text: string): string => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()

/** The folded words of `text`, in order. */
export function foldedWords(text: string): string[] {
  return foldText(text).match(WORD) ?? []
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
