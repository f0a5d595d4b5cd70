import { type ReactNode, useContext, useMemo } from 'react'
import type { LocaleMessages } from './messages.ts'
import { LocaleContext, type LocaleState } from './context.ts'
import { type FormatDate, type FormatSize, intlFormatDate, intlFormatSize } from './formats.ts'

export { useCommonLabels, useLabels } from './context.ts'

/** What every component reads from the nearest `LocaleProvider` (or the English defaults). */
export interface CumulusLocale {
  /** A BCP 47 tag, e.g. "de-DE"; dates and sizes follow it unless `formatDate`/`formatSize` say otherwise. */
  locale: string
  /** The IANA time zone dates are shown in; the user's own when unset. */
  timeZone?: string
  /** Texts per component; what is missing falls back to English. */
  messages: LocaleMessages
  /** Formats a date for one place (see `dateStyles`). */
  formatDate: FormatDate
  /** Formats a byte count. */
  formatSize: FormatSize
}

/** Props of `LocaleProvider`: all optional; what is not given comes from an outer provider, else the defaults. */
export interface LocaleProviderProps {
  /** A BCP 47 tag, e.g. "de-DE". */
  locale?: string
  /** The IANA time zone for dates, e.g. "Europe/Berlin"; the user's own when unset. */
  timeZone?: string
  /** Texts per component, e.g. `deMessages`; merged over the outer provider's, then English. */
  messages?: LocaleMessages
  /** Replaces the `Intl` date formats (e.g. to keep fixed formats a product's spec requires). */
  formatDate?: FormatDate
  /** Replaces the `Intl` size format. */
  formatSize?: FormatSize
  children?: ReactNode
}

/**
 * Gives every component inside it a language, texts and formats. It renders no element: set `lang`
 * and `dir` on your own root (`<html lang="de" dir="rtl">`); components follow the `dir` they sit in.
 */
export function LocaleProvider({ locale, timeZone, messages, formatDate, formatSize, children }: LocaleProviderProps) {
  const outer = useContext(LocaleContext)
  const value = useMemo<LocaleState>(() => {
    const tag = locale ?? outer.locale
    const zone = timeZone ?? outer.timeZone
    const relocated = tag !== outer.locale || zone !== outer.timeZone
    // An outer provider's own formats hold until the language (or, for dates, the zone) changes;
    // then `Intl`'s for the new one apply (useLocale makes them).
    const date = formatDate ?? (relocated ? undefined : outer.formatDate)
    const size = formatSize ?? (tag !== outer.locale ? undefined : outer.formatSize)
    return {
      locale: tag,
      ...(zone ? { timeZone: zone } : {}),
      messages: messages ? mergeMessages(outer.messages, messages) : outer.messages,
      ...(date ? { formatDate: date } : {}),
      ...(size ? { formatSize: size } : {}),
    }
  }, [outer, locale, timeZone, messages, formatDate, formatSize])
  return <LocaleContext value={value}>{children}</LocaleContext>
}

function mergeMessages(outer: LocaleMessages, inner: LocaleMessages): LocaleMessages {
  const merged: Record<string, object> = { ...outer }
  for (const [group, texts] of Object.entries(inner)) merged[group] = { ...merged[group], ...texts }
  return merged as LocaleMessages
}

/**
 * The nearest provider's locale, texts and formats; without a provider English texts and `en-US`
 * dates and sizes through `Intl`.
 */
export function useLocale(): CumulusLocale {
  const state = useContext(LocaleContext)
  return useMemo(
    () => ({
      ...state,
      formatDate: state.formatDate ?? intlFormats(state.locale, state.timeZone).date,
      formatSize: state.formatSize ?? intlFormats(state.locale).size,
    }),
    [state],
  )
}

/** `Intl`'s formats per language and zone, made once: every row of a long list asks for them. */
const made = new Map<string, { date: FormatDate; size: FormatSize }>()
function intlFormats(locale: string, timeZone?: string) {
  const key = `${locale} ${timeZone ?? ''}`
  let formats = made.get(key)
  if (!formats) {
    formats = { date: intlFormatDate(locale, timeZone), size: intlFormatSize(locale) }
    made.set(key, formats)
  }
  return formats
}
