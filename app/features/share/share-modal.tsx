// SPEC §2 "Share modal" and §4 "Share state": the file's link and its Permission select. Each
// change runs make-public, make-one or remove-link; the returned file then replaces the one in the
// modal and in the main selection, and the file lists refetch.
import { type SharePermission, ShareDialog } from '@cumulus/ui'
import { useSignals } from '@preact/signals-react/runtime'
import { useState } from 'react'
import { type FileJson, makeOne, makePublic, removeLink } from '../../api/files.ts'
import { copy } from '../../copy.ts'
import { useRefetch } from '../../hooks/use-refetch.ts'
import { mainSection, resetShareSelected, shareModal } from '../../state/selection.ts'
import { copyWithToast } from '../clipboard/copy-with-toast.ts'
import { toast, toastRegions } from '../toasts/toasts.tsx'
import { useClosing } from '../modals/use-closing.ts'

const s = copy.share
const permissionLabels: Record<SharePermission, string> = { private: s.private, public: s.public, one: s.temporary }

/** SPEC §3: linkType one or public; absent means private. */
export const filePermission = (file: FileJson): SharePermission => file.metadata.linkType ?? 'private'

/** The public page's address for a shared file, or '' while it has no link. */
export function shareLink(file: FileJson): string {
  const { link } = file.metadata
  if (!link || !file.metadata.linkType) return ''
  return `${window.location.origin}/public-download/${encodeURIComponent(file._id)}/${encodeURIComponent(link)}`
}

function changePermission(file: FileJson, permission: SharePermission): Promise<FileJson> {
  if (permission === 'private') return toast.promise(removeLink(file._id), copy.toasts.removeLink)
  const request = permission === 'public' ? makePublic(file._id) : makeOne(file._id)
  return toast.promise(
    request.then((reply) => reply.file),
    copy.toasts.makePublic,
  )
}

/** After a change: the modal (if still on this file) and the main selection show the returned file. */
function applyFile(next: FileJson): void {
  if (shareModal.peek()?._id === next._id) shareModal.value = next
  const main = mainSection.peek()
  if (main?.id === next._id && main.type !== 'folder') mainSection.value = { ...main, file: next }
}

export function ShareModal() {
  useSignals()
  const { shown: file } = useClosing(shareModal.value)
  const open = shareModal.value !== null
  const [busy, setBusy] = useState(false)
  const refetch = useRefetch()

  if (!file) return null

  const change = async (permission: SharePermission) => {
    setBusy(true)
    try {
      applyFile(await changePermission(file, permission))
      refetch.files()
    } catch (error) {
      // The toast has said so; the select stays on the old permission.
      console.warn('Share change failed', error)
    } finally {
      setBusy(false)
    }
  }

  const link = shareLink(file)
  const permission = filePermission(file)
  return (
    <ShareDialog
      open={open}
      onClose={resetShareSelected}
      filename={file.filename}
      permission={permission}
      link={link}
      busy={busy}
      onPermissionChange={(next) => void change(next)}
      onCopy={(text) => void copyWithToast(text, copy.toasts.linkCopied)}
      title={s.title}
      hint={copy.modals.shareHints[permission]}
      copyLabel={s.copyLink}
      linkLabel={s.link}
      noLinkText={s.noLink}
      permissionLabel={s.permission}
      permissionLabels={permissionLabels}
      closeLabel={copy.modals.close}
      getPersistentElements={toastRegions}
    />
  )
}
