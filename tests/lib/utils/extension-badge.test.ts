import { describe, expect, it } from 'vitest'
import { extensionBadge, vars } from '../../../lib/index.ts'

// SPEC §3 "Extension badge".
describe('extensionBadge', () => {
  it('takes the text after the last dot, upper-cased', () => {
    expect(extensionBadge('report.final.pdf').text).toBe('PDF')
    expect(extensionBadge('photo.JpG').text).toBe('JPG')
  })

  it('reads UNK when there is no dot', () => {
    expect(extensionBadge('README').text).toBe('UNK')
  })

  it('reads UNK when the name ends with a dot (nothing after it)', () => {
    expect(extensionBadge('archive.').text).toBe('UNK')
  })

  it('keeps an extension of exactly the maximum (4 by default)', () => {
    expect(extensionBadge('notes.docx').text).toBe('DOCX')
  })

  it('when longer than the maximum, becomes the first (max−1) characters plus the last', () => {
    expect(extensionBadge('movie.torrent').text).toBe('TORT')
    expect(extensionBadge('page.xhtml').text).toBe('XHTL')
  })

  it('with a maximum of 3 (some views), shortens the same way', () => {
    expect(extensionBadge('notes.docx', 3).text).toBe('DOX')
    expect(extensionBadge('photo.jpeg', 3).text).toBe('JPG')
    expect(extensionBadge('a.pdf', 3).text).toBe('PDF')
  })

  it('colours by the first letter of the extension from the fixed palette', () => {
    expect(extensionBadge('a.pdf').color).toBe(vars.color.badge.p)
    expect(extensionBadge('a.PNG').color).toBe(vars.color.badge.p)
    expect(extensionBadge('a.zip').color).toBe(vars.color.badge.z)
    expect(extensionBadge('a.pdf').color).toBe('var(--cumulus-color-badge-p)')
  })

  it('defaults to light blue when there is no extension or it starts with a non-letter', () => {
    expect(extensionBadge('README').color).toBe(vars.color.badge.default)
    expect(extensionBadge('backup.7z').color).toBe(vars.color.badge.default)
  })
})
