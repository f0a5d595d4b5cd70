// Numbers in the locale's own digits. Apart from context.ts, which every component imports, so the
// `Intl.NumberFormat` work stays out of a first load that shows no counts.
import { useContext, useMemo } from 'react'
import { LocaleContext } from './context.ts'

const latin = '0123456789'
const digitSets = new Map<string, string>()

/**
 * Writes the ASCII digits of a text in `locale`'s own digits (Arabic-Indic in `ar-EG`, Devanagari
 * in `hi-IN-u-nu-deva`); unchanged where the locale writes 0–9. For texts made of numbers and
 * words alone (counts, time left): a name inside a text keeps its digits, so texts with names
 * never go through it.
 */
export function localizeDigits(text: string, locale: string): string {
  let digits = digitSets.get(locale)
  if (digits === undefined) {
    const format = new Intl.NumberFormat(locale, { useGrouping: false })
    digits = [...latin].map((d) => format.format(Number(d))).join('')
    digitSets.set(locale, digits)
  }
  if (digits === latin) return text
  const set = [...digits]
  return text.replace(/[0-9]/g, (d) => set[Number(d)]!)
}

/** `localizeDigits` in the nearest provider's locale. */
export function useLocaleDigits(): (text: string) => string {
  const { locale } = useContext(LocaleContext)
  return useMemo(() => (text: string) => localizeDigits(text, locale), [locale])
}
