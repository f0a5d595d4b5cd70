// The locale's React context and the label hooks every component uses. Kept apart from
// locale.tsx so a component that only needs texts (a toast, a spinner) does not bring the `Intl`
// date and size formats into a consumer's first-load bundle.
import { createContext, useContext, useMemo } from 'react'
import type { CumulusMessages, LocaleMessages } from './messages.ts'
import { type CommonLabels, defaultCommonLabels } from './common-labels.ts'
import type { FormatDate, FormatSize } from './formats.ts'

/** What a provider holds: formats only where one was given (useLocale fills in `Intl`'s). */
export interface LocaleState {
  locale: string
  timeZone?: string
  messages: LocaleMessages
  formatDate?: FormatDate
  formatSize?: FormatSize
}

export const LocaleContext = createContext<LocaleState>({ locale: 'en-US', messages: {} })

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
