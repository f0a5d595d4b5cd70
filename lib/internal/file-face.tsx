import type { DateInput } from '../utils/format-date.ts'
import { ExtensionBadge, type ExtensionBadgeSize } from '../components/extension-badge/extension-badge.tsx'
import type { BrowserFile } from '../components/file-card/browser-item.ts'
import { PeopleMark } from './people-mark.tsx'
import * as peopleCss from './people-mark.css.ts'
import { PlayBadge } from './play-badge.tsx'
import { useThumbnail } from './use-thumbnail.ts'
import { useLocale } from '../locale/locale.tsx'
import { TrashNote } from '../components/trash-note/trash-note.tsx'

/** The classes of a face's parts, from the card's own stylesheet. */
export interface FileFaceClasses {
  preview: string
  image: string
  body: string
  name: string
  date: string
}

/** The props of a component that shows a file's face (FileCard, QuickAccessItem). */
export interface FileFaceOptions {
  /** The file to show. */
  file: BrowserFile
  /** Never loads the thumbnail, showing the extension badge instead (the user's "do not load thumbnails" preference). */
  thumbnailsDisabled?: boolean
  /** Longest badge text before it is shortened. */
  badgeMax?: number
  /** Formats the upload date; defaults to the locale's `card` date format (`LocaleProvider`). */
  formatDate?: ((date: DateInput) => string) | undefined
}

interface FileFaceProps extends Required<Omit<FileFaceOptions, 'formatDate'>>, Pick<FileFaceOptions, 'formatDate'> {
  badgeSize?: ExtensionBadgeSize
  classes: FileFaceClasses
  /** `span` inside a button, where a `div` is not allowed. */
  as: 'div' | 'span'
}

/**
 * What a file's card shows, above and below: the thumbnail (or the extension badge when there is
 * none, thumbnails are off or it fails to load), with the play mark on a video, then the name and
 * the upload date. The preview class must position its box (the play mark sits over it), and the card's root too (the people mark sits over the preview's corner). Name and
 * date are bidi-isolated (`dir="auto"`): a Hebrew name in an English page, or a date in an Arabic one, keeps its own order.
 */
export function FileFace({
  file,
  thumbnailsDisabled,
  badgeMax,
  badgeSize,
  formatDate,
  classes,
  as: Part,
}: FileFaceProps) {
  const { url, onError } = useThumbnail(file.thumbnailUrl, thumbnailsDisabled)
  const locale = useLocale()
  // In the trash, when it was deleted and how long it has left matter more than the upload date.
  const date = file.trashed ? (
    <TrashNote at={file.trashed.at} daysLeft={file.trashed.daysLeft} className={classes.date} />
  ) : (
    <span data-part="file-date" dir="auto" className={classes.date}>
      {formatDate ? formatDate(file.uploadDate) : locale.formatDate(file.uploadDate, 'card')}
      {file.note ? <span data-part="file-note"> · {file.note}</span> : null}
    </span>
  )
  return (
    <>
      <Part data-part="file-preview" className={classes.preview}>
        {url ? (
          <img
            src={url}
            alt=""
            loading="lazy"
            decoding="async"
            draggable={false}
            className={classes.image}
            onError={onError}
          />
        ) : (
          // The name says the extension already: the badge is decoration.
          <ExtensionBadge filename={file.name} max={badgeMax} size={badgeSize} aria-hidden />
        )}
        {file.isVideo ? <PlayBadge overBadge={!url} /> : null}
      </Part>
      <Part data-part="file-body" className={classes.body}>
        <span data-part="file-name" dir="auto" className={classes.name} title={file.name}>
          {file.name}
        </span>
        {/* Keeps a space between name and date in the accessible name, whatever the layout. */} {date}
      </Part>
      {/* Last in the DOM, so the card's accessible name starts with the file name; drawn over the
          preview's corner (the card is positioned). */}
      <PeopleMark people={file.people} className={peopleCss.overPreview} />
    </>
  )
}
