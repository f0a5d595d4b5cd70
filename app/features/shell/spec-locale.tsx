// SPEC §9 "Date formats" and "Size formatting" fix the app's formats (MM/DD/YY hh:mma on cards,
// MM/DD/YYYY in the details panel, MM/DD/YYYY hh:mma in file details; B to PB with two decimals).
// The kit's defaults follow Intl instead ("03/07/24, 09:05 PM"), so the app hands it the spec's
// formats through its locale layer, once, for every component.
import {
  type FormatDate,
  formatBytes,
  formatCardDate,
  formatDetailsDate,
  formatFileDate,
  formatLinkDate,
  formatMonthHeading,
  LocaleProvider,
  type LocaleMessages,
} from '@cumulus/ui'
import type { ReactNode } from 'react'
import { copy } from '../../copy-screens.ts'

const specDate: FormatDate = (date, style) => {
  switch (style) {
    case 'card':
      return formatCardDate(date)
    case 'details':
      return formatDetailsDate(date)
    case 'file':
      return formatFileDate(date)
    case 'month':
      return formatMonthHeading(date)
    case 'link':
      // Not fixed by the spec: the browser's own medium date and short time.
      return formatLinkDate(new Date(date).toISOString())
  }
}

// The kit's texts that components read from the locale rather than a labels prop (a trashed
// card's note, deep inside the grids), from the app's copy.
const messages: LocaleMessages = {
  trashNote: { deleted: copy.browser.trashDeleted, daysLeft: copy.browser.trashDaysLeft },
  // Search results' and suggestions' path lines.
  itemPath: {
    path: copy.search.location,
    home: copy.layout.home,
    trash: copy.layout.trash,
    openFolder: copy.search.openFolder,
  },
}

/** The kit's locale for the whole app: English texts (the app passes its own), the spec's formats. */
export function SpecLocale({ children }: { children: ReactNode }) {
  return (
    <LocaleProvider locale="en-US" messages={messages} formatDate={specDate} formatSize={formatBytes}>
      {children}
    </LocaleProvider>
  )
}
