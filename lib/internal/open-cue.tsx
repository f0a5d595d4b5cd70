import { Icon } from '../components/icon/icon.tsx'
import { useCommonLabels } from '../locale/locale.tsx'
import { openCue } from './open-cue.css.ts'

/**
 * A selected card's "Open" pill (FileCard, FolderCard with `openCue`). Hidden from assistive
 * technology: the card's own name and selected state say it all, and Enter opens it there.
 */
export function OpenCue({ label }: { label?: string | undefined }) {
  const common = useCommonLabels()
  return (
    <span data-part="open-cue" aria-hidden="true" className={openCue}>
      <Icon name="check" size="small" />
      {label ?? common.open}
    </span>
  )
}
