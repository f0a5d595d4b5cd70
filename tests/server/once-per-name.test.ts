// The backup makes each blob folder once while several copies are in flight: a copy that shares
// the folder must wait for that mkdir, or it finds no folder and the blob is miscounted as missing.
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { oncePerName } from '../../server/util/once-per-name.ts'

let root: string | undefined
afterEach(async () => {
  if (root) await rm(root, { recursive: true, force: true })
})

describe('oncePerName', () => {
  it('given two callers for one name at once, then make runs once and both wait for it to finish', async () => {
    root = await mkdtemp(join(tmpdir(), 'cumulus-once-'))
    let runs = 0
    const ready = oncePerName(async (name) => {
      runs++
      await new Promise((r) => setTimeout(r, 20))
      await mkdir(join(root!, name))
    })
    const seen: boolean[] = []
    await Promise.all([
      ready('ab').then(() => seen.push(existsSync(join(root!, 'ab')))),
      ready('ab').then(() => seen.push(existsSync(join(root!, 'ab')))),
    ])
    expect(runs).toBe(1)
    expect(seen).toEqual([true, true])
  })

  it('given two names, then each gets its own run; a failed run rejects every caller of that name', async () => {
    const made: string[] = []
    const ready = oncePerName(async (name) => {
      made.push(name)
      if (name === 'bad') throw new Error('no room')
    })
    await Promise.all([ready('a'), ready('b'), ready('a')])
    expect(made).toEqual(['a', 'b'])
    await expect(ready('bad')).rejects.toThrow('no room')
    await expect(ready('bad')).rejects.toThrow('no room')
    expect(made).toEqual(['a', 'b', 'bad'])
  })
})
