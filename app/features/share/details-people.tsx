// Under the details panel (issue #39): whose the selected item is and the caller's role on it, who
// added it, whether one of mine is shared, and for the owner a Share button to the share dialog.
import { Button } from '@cumulus/ui'
import { css } from 'goober'
import { copy } from '../../copy-screens.ts'
import { type SelectedItem, setFolderShareSelected, setShareSelected } from '../../state/selection.ts'
import { cx, vars } from '../../styles.ts'
import { canShare, roleOf } from '../items/item-role.ts'
import { AddedBy, OwnerBadge } from './people-parts.tsx'

const t = copy.sharedWithMe.details

const box = css`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${vars.space.small};
  padding: 0 ${vars.space.large} ${vars.space.large};
`

const facts = css`
  display: flex;
  flex-direction: column;
  gap: ${vars.space.xsmall};
  margin: 0;
  & dt {
    color: ${vars.color.textMuted};
    font-size: ${vars.font.size.small};
  }
  & dd {
    margin: 0;
  }
`

export function DetailsPeople({ item, className }: { item: SelectedItem | null; className?: string }) {
  const record = item?.file ?? item?.folder
  const trashed = item?.file ? item.file.metadata.trashed : item?.folder?.trashed
  if (!item || !record || trashed) return null
  const role = roleOf(record)
  const share = () => (item.folder ? setFolderShareSelected(item.folder) : item.file && setShareSelected(item.file))
  return (
    <section className={cx(box, className)} aria-label={copy.people.access}>
      {record.owner ? (
        <dl className={facts}>
          <dt>{t.owner}</dt>
          <dd>
            <OwnerBadge name={record.owner.displayName} />
          </dd>
          <dt>{t.role}</dt>
          <dd>{copy.people.roles[role === 'editor' ? 'editor' : 'viewer']}</dd>
        </dl>
      ) : null}
      {record.addedBy ? <AddedBy name={record.addedBy.displayName} /> : null}
      {record.shared ? <OwnerBadge shared /> : null}
      {canShare(role) ? (
        <Button icon="share" size="small" onClick={share}>
          {copy.actions.share}
        </Button>
      ) : null}
    </section>
  )
}
