import type { ComponentPropsWithRef, ReactNode } from 'react'
import { cx } from '../../internal/cx.ts'
import { vars } from '../../theme/contract.css.ts'
import { extensionBadge } from '../../utils/extension-badge.ts'
import { formatDimensions } from '../../utils/format-dimensions.ts'
import { defaultMiddleTruncateMax, middleTruncate } from '../../utils/middle-truncate.ts'
import type { BrowserFile, BrowserFolder } from '../file-card/browser-item.ts'
import { Icon } from '../icon/icon.tsx'
import * as css from './details-panel.css.ts'
import { type DetailsRow, DetailsRows, type DetailsRowsOption } from './details-rows.tsx'
import { DetailsThumbnail } from './details-thumbnail.tsx'
import { useLabels, useLocale } from '../../locale/locale.tsx'

/** The panel's default width, in px. */
export const detailsPanelWidth = 260

/** What the details panel describes (the selection's main item). */
export type DetailsSelection = { type: 'file'; file: BrowserFile } | { type: 'folder'; folder: BrowserFolder }

/** Texts of `DetailsPanel`. */
export interface DetailsPanelLabels {
  /** The landmark's name. */
  panel: string
  /** Shown while nothing is selected (typographic apostrophe and all). */
  empty: string
  type: string
  size: string
  created: string
  /** When a photo or video was taken. */
  taken: string
  /** A picture's width × height in pixels. */
  dimensions: string
  access: string
  /** The Type of a folder. */
  folder: string
  public: string
  private: string
}

/** Default texts of the details panel. */
export const defaultDetailsPanelLabels: DetailsPanelLabels = {
  panel: 'Details',
  empty: 'Select a file or folder to view it’s details.',
  type: 'Type',
  size: 'Size',
  created: 'Created',
  taken: 'Taken',
  dimensions: 'Dimensions',
  access: 'Access',
  folder: 'Folder',
  public: 'Public',
  private: 'Private',
}

/** Props of `DetailsPanel`; the rest go to the `aside`. */
export interface DetailsPanelProps extends Omit<ComponentPropsWithRef<'aside'>, 'children'> {
  /** The selected file or folder; nothing shows the empty state. */
  selection?: DetailsSelection | null
  /** Width in px; defaults to 260. */
  width?: number
  /** Longest name shown whole; defaults to 66, longer ones lose their middle. */
  nameMax?: number
  /** Texts; defaults to `defaultDetailsPanelLabels`. */
  labels?: Partial<DetailsPanelLabels>
  /**
   * The rows under the name, given the built-in ones (Type, Size, Created, Taken, Dimensions,
   * Access) and the selection: return them with yours added, some dropped, reordered, or with a
   * `render` of their own.
   */
  rows?: DetailsRowsOption<[selection: DetailsSelection]> | undefined
}

// The Type row spells the whole extension (the banner's badge text may be shortened).
const UNLIMITED = Number.MAX_SAFE_INTEGER

/**
 * The desktop details panel: the file's thumbnail, or a type banner coloured by extension, the name
 * truncated in the middle past 66 characters, then Type, Size (files), Created (MM/DD/YYYY), Taken
 * and Dimensions (when known) and Access (files).
 */
export function DetailsPanel({
  selection,
  width = detailsPanelWidth,
  nameMax = defaultMiddleTruncateMax,
  labels,
  rows,
  className,
  style,
  ...props
}: DetailsPanelProps) {
  const text = useLabels('detailsPanel', defaultDetailsPanelLabels, labels)
  const { locale, formatDate, formatSize } = useLocale()
  const frame = (children: ReactNode) => (
    <aside
      aria-label={text.panel}
      data-part="details-panel"
      {...props}
      className={cx(css.panel, className)}
      style={{ inlineSize: width, ...style }}
    >
      {children}
    </aside>
  )
  if (!selection) return frame(<p className={css.empty}>{text.empty}</p>)

  const isFile = selection.type === 'file'
  const name = isFile ? selection.file.name : selection.folder.name
  const shown = middleTruncate(name, nameMax)
  const badge = isFile ? extensionBadge(name) : null
  const row = (id: string, term: string, value: string): DetailsRow => ({ id, term, value })
  const builtIn: DetailsRow[] =
    selection.type === 'file'
      ? [
          row('type', text.type, extensionBadge(name, UNLIMITED).text),
          row('size', text.size, formatSize(selection.file.size)),
          row('created', text.created, formatDate(selection.file.uploadDate, 'details')),
          ...(selection.file.takenDate !== undefined
            ? [row('taken', text.taken, formatDate(selection.file.takenDate, 'details'))]
            : []),
          ...(selection.file.width && selection.file.height
            ? [
                row(
                  'dimensions',
                  text.dimensions,
                  formatDimensions(selection.file.width, selection.file.height, locale),
                ),
              ]
            : []),
          row('access', text.access, selection.file.linkType ? text.public : text.private),
        ]
      : [
          row('type', text.type, text.folder),
          row('created', text.created, formatDate(selection.folder.createdAt, 'details')),
        ]
  const facts = rows ? rows(builtIn, selection) : builtIn
  return frame(
    <>
      {isFile && selection.file.thumbnailUrl ? (
        // Keyed by address: a thumbnail that failed does not hide the next file's.
        <DetailsThumbnail
          key={selection.file.thumbnailUrl}
          src={selection.file.thumbnailUrl}
          fallback={<Banner badge={badge} />}
        />
      ) : (
        <Banner badge={badge} />
      )}
      <h2 className={css.name} title={shown === name ? undefined : name} aria-label={shown === name ? undefined : name}>
        {shown}
      </h2>
      <dl className={css.facts}>
        <DetailsRows rows={facts} termClassName={css.term} valueClassName={css.value} />
      </dl>
    </>,
  )
}

type Badge = ReturnType<typeof extensionBadge> | null

// Decorative: the Type row says the same in words.
function Banner({ badge }: { badge: Badge }) {
  return (
    <div aria-hidden className={css.banner} style={{ backgroundColor: badge ? badge.color : vars.color.accent }}>
      {badge ? badge.text : <Icon name="folder" size="large" />}
    </div>
  )
}
