import type { ReactNode } from 'react'
import { cx } from '../../internal/cx.ts'
import { PlayBadge } from '../../internal/play-badge.tsx'
import { useThumbnail } from '../../internal/use-thumbnail.ts'
import { ExtensionBadge } from '../extension-badge/extension-badge.tsx'
import type { BrowserFile } from '../file-card/browser-item.ts'
import { Icon } from '../icon/icon.tsx'
import {
  type CollectionBaseProps,
  type CollectionItemProps,
  VirtualCollection,
} from '../virtual-collection/virtual-collection.tsx'
import * as virtualCss from '../virtual-collection/virtual-collection.css.ts'
import * as css from './media-grid.css.ts'
import { useCommonLabels } from '../../locale/locale.tsx'

/** The narrowest media cell, in px. */
export const mediaGridMinCell = 100

/** Props of `MediaGrid`; the rest go to the root `div`. Generic over your item type, as `FileGrid`. */
export interface MediaGridProps<T extends BrowserFile = BrowserFile> extends CollectionBaseProps<T> {
  /** Narrowest cell in px; defaults to 100. */
  minCellWidth?: number | undefined
  /** Never loads thumbnails: tiles show extension badges. */
  thumbnailsDisabled?: boolean | undefined
  /** Accessible name of the broken-thumbnail icon; defaults to "Thumbnail failed to load". */
  thumbnailErrorLabel?: string | undefined
}

/** Props of one media tile (shared with the photo gallery). */
export interface MediaTileProps extends CollectionItemProps {
  file: BrowserFile
  selected: boolean
  thumbnailsDisabled: boolean
  thumbnailErrorLabel: string
  /** Shows the file name over the picture on hover and focus. */
  caption?: boolean | undefined
  /** Drawn over the picture's top start corner, e.g. an `OwnerBadge` on someone else's photo. */
  badge?: ReactNode | undefined
}

/** One thumbnail tile: picture (or badge, or error icon), play mark on videos, optional caption. */
export function MediaTile({
  file,
  selected,
  thumbnailsDisabled,
  thumbnailErrorLabel,
  caption = false,
  badge,
  className,
  ...props
}: MediaTileProps) {
  const { url, failed, onError } = useThumbnail(file.thumbnailUrl, thumbnailsDisabled)
  return (
    // No visible text: the tile is named by the file name.
    <div
      aria-label={file.name}
      title={file.name}
      data-selected={selected || undefined}
      data-part="media-tile"
      {...props}
      className={cx(css.tile, className)}
    >
      {failed ? (
        <Icon name="error" size="large" label={thumbnailErrorLabel} className={css.error} />
      ) : url == null ? (
        <ExtensionBadge filename={file.name} aria-hidden />
      ) : (
        <img
          src={url}
          alt=""
          loading="lazy"
          decoding="async"
          draggable={false}
          className={css.image}
          onError={onError}
        />
      )}
      {file.isVideo && !failed ? <PlayBadge overBadge={url == null} /> : null}
      {badge != null ? <span className={css.badge}>{badge}</span> : null}
      {caption ? (
        // The tile is already named by the file name: the caption is for sighted users only.
        <span className={css.caption} aria-hidden>
          {file.name}
        </span>
      ) : null}
    </div>
  )
}

const fileId = (file: BrowserFile) => file.id

/**
 * The media gallery (Media page, titled "Photos and Videos", "Photos" or "Videos"): a tight,
 * virtualised grid of thumbnails at least 100 px wide; videos carry a play overlay and a broken
 * thumbnail shows an error icon. Keyboard, selection, menus and paging work as in `FileGrid`.
 */
export function MediaGrid<T extends BrowserFile = BrowserFile>({
  minCellWidth = mediaGridMinCell,
  thumbnailsDisabled = false,
  thumbnailErrorLabel,
  ...props
}: MediaGridProps<T>) {
  const common = useCommonLabels()
  return (
    <VirtualCollection<T>
      data-part="media-grid"
      {...props}
      view="grid"
      getId={fileId}
      minCellWidth={minCellWidth}
      listClassName={virtualCss.tightList}
      renderItem={(file, itemProps, { selected }) => (
        <MediaTile
          file={file}
          selected={selected}
          thumbnailsDisabled={thumbnailsDisabled}
          thumbnailErrorLabel={thumbnailErrorLabel ?? common.thumbnailError}
          {...itemProps}
        />
      )}
    />
  )
}
