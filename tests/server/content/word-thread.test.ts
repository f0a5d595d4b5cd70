// The content queue's word thread (services/content/word-thread.ts): the words it makes off the
// main thread are the ones util/text-fold.ts makes on it (its source is run there), within each
// engine's limits; the main thread keeps turning while a large text is folded; and jobs still
// waiting when the thread goes away get their words all the same.
import { setImmediate as turn } from 'node:timers/promises'
import { afterEach, describe, expect, it } from 'vitest'
import { indexWords, wordLimitsFor } from '../../../server/repositories/content-index.ts'
import { createWordThread, type WordThread } from '../../../server/services/content/word-thread.ts'
import { distinctWords } from '../../../server/util/text-fold.ts'

// Accents composed and decomposed, case, CJK, Arabic, Devanagari marks, digits, emoji, a ZWJ
// sequence, NUL and FTS/tsquery operators: every branch of the fold.
const SAMPLE =
  'Café CAFE cafe\u0301 Ångström ŒUVRE straße 東京 タワー مرحبا हिन्दी 42 ½ 👍🏽 👩‍👩‍👧 \u0000 "NEAR" (a* OR -b) x'.repeat(3)

let thread: WordThread | undefined
afterEach(async () => {
  await thread?.close()
  thread = undefined
})

describe('content word thread', () => {
  it.each(['sqlite', 'postgres'] as const)('makes the words the main thread makes (%s limits)', async (dialect) => {
    thread = createWordThread()
    const limits = wordLimitsFor(dialect)
    const long = `${'z'.repeat(300)} short`
    for (const text of [SAMPLE, long, '', '   '])
      expect(await thread.words(text, limits)).toBe(indexWords(text, limits))
    // Distinct, folded, first-seen order.
    expect((await thread.words('Café cafe CAFÉ Tee tee', limits)).split(' ')).toEqual(['cafe', 'tee'])
    // PostgreSQL's limits drop a 300-letter word; FTS5's keep it.
    expect((await thread.words(long, limits)).includes('z'.repeat(300))).toBe(dialect === 'sqlite')
  })

  it('stops at the byte limit as the main thread does', async () => {
    thread = createWordThread()
    const text = Array.from({ length: 5000 }, (_, i) => `w${i}`).join(' ')
    const limits = { maxBytes: 1000, maxWordLength: 200 }
    const words = await thread.words(text, limits)
    expect(words).toBe(distinctWords(text, 1000, 200))
    expect(words.split(' ').length).toBeLessThan(200)
  })

  it('leaves the main thread free while 1 MiB of text is folded', async () => {
    thread = createWordThread()
    const text = Array.from({ length: 120_000 }, (_, i) => `Wört${i % 20_000}é`).join(' ')
    await thread.words('warm', wordLimitsFor('sqlite'))
    let turns = 0
    let folding = true
    const counting = (async () => {
      while (folding) {
        await turn()
        turns++
      }
    })()
    const words = await thread.words(text, wordLimitsFor('sqlite'))
    folding = false
    await counting
    expect(words.split(' ').length).toBe(20_000)
    // Folded here, the job would hold the event loop for its whole length: no turn at all.
    expect(turns).toBeGreaterThan(3)
  })

  it('jobs waiting when the thread goes away still get their words', async () => {
    thread = createWordThread()
    const limits = wordLimitsFor('sqlite')
    const texts = Array.from({ length: 20 }, (_, i) => `${SAMPLE} doc${i}`.repeat(200))
    const pending = texts.map((t) => thread!.words(t, limits))
    await thread.close()
    expect(await Promise.all(pending)).toEqual(texts.map((t) => indexWords(t, limits)))
    // And a new job after that starts a new thread.
    expect(await thread.words('Neu', limits)).toBe('neu')
  })
})
