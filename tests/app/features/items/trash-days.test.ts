import { describe, expect, it } from 'vitest'
import { trashDaysLeft } from '../../../../app/features/items/trash-days.ts'

const DAY = 86_400_000
const now = Date.parse('2026-06-15T12:00:00Z')
const at = (msAgo: number) => new Date(now - msAgo).toISOString()

describe('trashDaysLeft', () => {
  it('counts whole days up to the sweep, and 0 once it is due', () => {
    expect(trashDaysLeft(at(0), 30, now)).toBe(30)
    expect(trashDaysLeft(at(DAY + 1), 30, now)).toBe(29)
    expect(trashDaysLeft(at(31 * DAY), 30, now)).toBe(0)
  })

  it('never promises more than the retention when the device clock is behind the server', () => {
    expect(trashDaysLeft(at(-400 * DAY), 30, now)).toBe(30)
  })

  it('says nothing when nothing will delete the item', () => {
    expect(trashDaysLeft(at(0), 0, now)).toBeUndefined()
    expect(trashDaysLeft(undefined, 30, now)).toBeUndefined()
    expect(trashDaysLeft('not a date', 30, now)).toBeUndefined()
  })
})
