import { Icon } from '../components/icon/icon.tsx'
import { play, playCorner } from '../components/media-grid/media-grid.css.ts'
import { cx } from './cx.ts'

/**
 * The play mark a video carries over its picture (media tiles, file cards): centred on a
 * thumbnail, small in a corner over an extension badge. Decoration: the name says what the file is.
 * Its parent must be positioned.
 */
export function PlayBadge({ overBadge }: { overBadge: boolean }) {
  return (
    <span className={cx(play, overBadge && playCorner)} data-play-badge="" aria-hidden>
      <Icon name="play" size={overBadge ? 'small' : 'medium'} />
    </span>
  )
}
