// The Versions dialog (DESIGN.md §8 "Versions"): a file's earlier contents, opened from the details
// panel or the viewer's menu through the versionsModal signal. Owners and editors restore and
// delete; a viewer downloads (item-role.ts). After a change the list, the file's lists and the
// storage meter are read again, and a toast says how it went.
import { Dialog, DialogDescription, type FileVersion, type VersionAction, VersionList } from '@cumulus/ui'
import { useSignals } from '@preact/signals-react/runtime'
import { css } from 'goober'
import { useMemo, useState } from 'react'
import type { FileJson } from '../../api/files.ts'
import { failureReason } from '../../api/http.ts'
import { deleteVersion, downloadVersion, restoreVersion, type VersionJson } from '../../api/versions.ts'
import { copy } from '../../copy-screens.ts'
import { versionsCopy as t } from '../../copy-versions.ts'
import { useRefetchVersions, useVersions } from '../../hooks/use-versions.ts'
import { mainSection, popupModal, resetVersionsModal, versionsModal } from '../../state/selection.ts'
import { vars } from '../../styles.ts'
import { useClosing } from '../dialogs/use-closing.ts'
import { canChangeVersions, roleOf } from '../items/item-role.ts'
import { toast, toastRegions } from '../toasts/toasts.tsx'

const name = css`
  font-weight: ${vars.font.weight.semibold};
  overflow-wrap: anywhere;
`

const toFileVersion = (version: VersionJson): FileVersion => ({
  id: version._id,
  size: version.size,
  createdAt: version.createdAt,
  addedBy: version.addedBy,
})

/** Render once inside the signed-in layout. */
export function VersionsModal() {
  useSignals()
  const file = versionsModal.value
  // The last file stays shown while the dialog fades out; each opening starts afresh.
  const { shown, opening } = useClosing(file)
  if (!shown) return null
  return <VersionsDialog key={opening} file={shown} open={file !== null} />
}

/** A restored file's new record replaces the old one wherever the app holds it (its size and date changed). */
function keepFresh(file: FileJson) {
  if (mainSection.peek()?.id === file._id) mainSection.value = { ...mainSection.peek()!, file }
  const popup = popupModal.peek()
  if (popup?.file._id === file._id) popupModal.value = { ...popup, file }
}

function VersionsDialog({ file, open }: { file: FileJson; open: boolean }) {
  const { versions, loading, error, retry } = useVersions(file._id)
  const refetch = useRefetchVersions()
  const [busy, setBusy] = useState<{ id: string; action: VersionAction } | null>(null)
  const list = useMemo(() => versions.map(toFileVersion), [versions])
  const changes = canChangeVersions(roleOf(file))

  /** Runs one action on one version; whatever the outcome, what it may have changed is read again. */
  const run = async (version: FileVersion, action: VersionAction, call: () => Promise<unknown>) => {
    setBusy({ id: version.id, action })
    try {
      const reply = await call()
      if (action === 'restore') {
        if (reply && typeof reply === 'object' && '_id' in reply) keepFresh(reply as FileJson)
        toast.success(t.toasts.restored)
      } else {
        toast.success(t.toasts.deleted)
      }
    } catch (failure) {
      console.warn(`Version ${action} failed`, failure)
      const title = action === 'restore' ? t.toasts.restoreError : t.toasts.deleteError
      toast.error(`${title}: ${failureReason(failure)}`)
    } finally {
      setBusy(null)
      refetch(file._id)
    }
  }

  const download = (version: FileVersion) =>
    void downloadVersion(file._id, version.id).catch((failure: unknown) => {
      console.warn('Version download failed', failure)
      toast.error(`${t.toasts.downloadError}: ${failureReason(failure)}`)
    })

  return (
    <Dialog
      open={open}
      onClose={resetVersionsModal}
      title={t.action}
      closeLabel={copy.modals.close}
      getPersistentElements={toastRegions}
    >
      <DialogDescription>
        <bdi className={name}>{file.filename}</bdi>
        <br />
        {t.of}
      </DialogDescription>
      <VersionList
        versions={list}
        loading={loading}
        error={error ? `${t.loadError}. ${failureReason(error)}` : undefined}
        onRetry={retry}
        busy={busy}
        onDownload={download}
        {...(changes
          ? {
              onRestore: (version: FileVersion) =>
                void run(version, 'restore', () => restoreVersion(file._id, version.id)),
              onDelete: (version: FileVersion) =>
                void run(version, 'delete', () => deleteVersion(file._id, version.id)),
            }
          : {})}
        labels={t.list}
      />
    </Dialog>
  )
}
