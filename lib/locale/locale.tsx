import { createContext, type ReactNode, useContext, useMemo } from 'react'
import type { LocaleMessages, CumulusMessages } from './messages.ts'
import { type CommonLabels, defaultCommonLabels } from './common-labels.ts'
import { type FormatDate, type FormatSize, intlFormatDate, intlFormatSize } from './formats.ts'

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

/** The locale without a provider: English texts, `en-US` dates and sizes through `Intl`. */
export const defaultLocale: CumulusLocale = {
  locale: 'en-US',
  messages: {},
  formatDate: intlFormatDate('en-US'),
  formatSize: intlFormatSize('en-US'),
}

const LocaleContext = createContext<CumulusLocale>(defaultLocale)

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
  const value = useMemo<CumulusLocale>(() => {
    const tag = locale ?? outer.locale
    const zone = timeZone ?? outer.timeZone
    const relocated = tag !== outer.locale || zone !== outer.timeZone
    return {
      locale: tag,
      ...(zone ? { timeZone: zone } : {}),
      messages: messages ? mergeMessages(outer.messages, messages) : outer.messages,
      formatDate: formatDate ?? (relocated ? intlFormatDate(tag, zone) : outer.formatDate),
      formatSize: formatSize ?? (tag !== outer.locale ? intlFormatSize(tag) : outer.formatSize),
    }
  }, [outer, locale, timeZone, messages, formatDate, formatSize])
  return <LocaleContext value={value}>{children}</LocaleContext>
}

function mergeMessages(outer: LocaleMessages, inner: LocaleMessages): LocaleMessages {
  const merged: Record<string, object> = { ...outer }
  for (const [group, texts] of Object.entries(inner)) merged[group] = { ...merged[group], ...texts }
  return merged as LocaleMessages
}

/** The nearest provider's locale, texts and formats. */
export const useLocale = (): CumulusLocale => useContext(LocaleContext)

/** One component's texts: its English `defaults`, then the provider's `messages[group]`, then its own `labels` prop. */
export function useLabels<K extends keyof CumulusMessages>(
  group: K,
  defaults: CumulusMessages[K],
  overrides?: Partial<CumulusMessages[K]>,
): CumulusMessages[K] {
  const fromLocale = useContext(LocaleContext).messages[group]
  return useMemo(() => ({ ...defaults, ...fromLocale, ...overrides }), [defaults, fromLocale, overrides])
}

/** The shared texts (`common` group): dialogs' buttons, spinners, toasts, collections. */
export const useCommonLabels = (): CommonLabels => useLabels('common', defaultCommonLabels)
