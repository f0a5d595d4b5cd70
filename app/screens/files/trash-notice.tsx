// Above the trash root: the spec's banner (its text as SPEC §2 gives it), this server's real
// retention beside it, and "Empty trash", which deletes forever everything in the trash after a
// confirmation, in one request.
import { Button } from '@cumulus/ui'
import { css } from 'goober'
import { emptyTrash } from '../../api/files.ts'
import { copy } from '../../copy-screens.ts'
import { confirm } from '../../features/dialogs/dialog-host.tsx'
import { toast } from '../../features/toasts/toasts.tsx'
import { useRefetch } from '../../hooks/use-refetch.ts'
import { vars } from '../../styles.ts'

const banner = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${vars.space.small} ${vars.space.medium};
  margin: 0 0 ${vars.space.medium};
  padding: ${vars.space.small} ${vars.space.medium};
  border-radius: ${vars.radius.medium};
  background: ${vars.color.warningSubtle};
  color: ${vars.color.text};
  & p {
    margin: 0;
  }
`

const texts = css`
  flex: 1 1 20rem;
`

export interface TrashNoticeProps {
  /** TRASH_RETENTION_DAYS as user-detailed says it; undefined while it loads. */
  retentionDays: number | undefined
  /** Whether there is anything to empty. */
  canEmpty: boolean
  /** What the trash lists: the confirmation counts it (`moreFiles`: not every file page is loaded). */
  counts?: { files: number; folders: number; moreFiles: boolean }
}

export function TrashNotice({ retentionDays, canEmpty, counts }: TrashNoticeProps) {
  const refetch = useRefetch()
  const empty = async () => {
    const { title, text, counted } = copy.confirm.emptyTrash
    const said = counts ? counted({ files: counts.files, folders: counts.folders, more: counts.moreFiles }) : text
    if (!(await confirm({ title, text: said, danger: true }))) return
    await toast.promise(emptyTrash(), copy.toasts.emptyTrash).then(
      () => refetch.all(),
      (error: unknown) => console.error('Empty trash failed', error),
    )
  }
  return (
    <div className={banner}>
      <div className={texts}>
        <p>{copy.browser.trashBanner}</p>
        {retentionDays !== undefined ? <p>{copy.browser.trashRetention(retentionDays)}</p> : null}
      </div>
      {canEmpty ? (
        <Button variant="danger" icon="trash" onClick={() => void empty()}>
          {copy.browser.emptyTrashAction}
        </Button>
      ) : null}
    </div>
  )
}
