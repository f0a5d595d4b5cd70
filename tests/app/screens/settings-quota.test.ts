import { describe, expect, it } from 'vitest'
import { quotaBytes, quotaFields } from '../../../app/screens/settings/quota.ts'

describe('quota sizes as the admin types them (1024-based, like the meter)', () => {
  it('turns a size and unit into bytes; nothing for an empty, zero, negative or non-number size', () => {
    expect(quotaBytes('50', 'GB')).toBe(50 * 1024 ** 3)
    expect(quotaBytes(' 1,5 ', 'TB')).toBe(1.5 * 1024 ** 4)
    expect(quotaBytes('500', 'MB')).toBe(500 * 1024 ** 2)
    for (const bad of ['', '  ', '0', '-3', 'ten', '1e400']) expect(quotaBytes(bad, 'GB')).toBeNull()
  })

  it('starts the form from a quota in its largest whole unit; GB and empty for none', () => {
    expect(quotaFields(null)).toEqual({ size: '', unit: 'GB' })
    expect(quotaFields(5 * 1024 ** 3)).toEqual({ size: '5', unit: 'GB' })
    expect(quotaFields(1.5 * 1024 ** 4)).toEqual({ size: '1.5', unit: 'TB' })
    expect(quotaFields(300 * 1024 ** 2)).toEqual({ size: '300', unit: 'MB' })
    // A tiny quota (set through the API) still starts as a size the form accepts.
    expect(quotaFields(1000)).toEqual({ size: '0.00095', unit: 'MB' })
  })
})
