// Under the details panel: the selected file's Versions button, which opens the Versions dialog.
// Folders have no versions; a trashed file's are reached after restoring it.
import { Button } from '@cumulus/ui'
import { css } from 'goober'
import { versionsCopy as t } from '../../copy-versions.ts'
import { type SelectedItem, setVersionsModal } from '../../state/selection.ts'
import { cx, vars } from '../../styles.ts'

const box = css`
  display: flex;
  padding: 0 ${vars.space.large} ${vars.space.large};
`

export function DetailsVersions({ item, className }: { item: SelectedItem | null; className?: string }) {
  const file = item?.file
  if (!file || file.metadata.trashed) return null
  return (
    <div className={cx(box, className)}>
      <Button icon="restore" size="small" onClick={() => setVersionsModal(file)}>
        {t.action}
      </Button>
    </div>
  )
}
