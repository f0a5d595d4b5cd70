// SPEC §2 "Share modal" and §4 "Share state": the file's link and its Permission select. Each
// change runs make-public, make-one or remove-link; the returned file then replaces the one in the
// modal and in the main selection, and the file lists refetch.
// Under the select, "Link settings" (issue #19): the options of that same link (expiry, password,
// download limit), saved with PATCH /share-service/links/{id}; the URL stays. The Share link is the
// one address to hand out: a password there is asked for on the way (/public-download → /s/{token}).
import { type SharePermission, ShareDialog, type ShareDialogLabels, Spinner } from '@cumulus/ui'
import { useSignals } from '@preact/signals-react/runtime'
import { useId } from 'react'
import { type FileJson, makeOne, makePublic, removeLink } from '../../api/files.ts'
import { failureReason } from '../../api/http.ts'
import type { ShareLinkJson } from '../../api/share-links.ts'
import { copy } from '../../copy-screens.ts'
import { useRefetch } from '../../hooks/use-refetch.ts'
import { useRefetchShareLinks, useShareLinks } from '../../hooks/use-share-links.ts'
import { mainSection, resetShareSelected, shareModal } from '../../state/selection.ts'
import { copyWithToast } from '../clipboard/copy-with-toast.ts'
import { toast, toastRegions } from '../toasts/toasts.tsx'
import { useClosing } from '../dialogs/use-closing.ts'
import { useFormSubmit } from '../forms/use-form-submit.ts'
import { LinkOptionsForm } from './link-options-form.tsx'
import { PeopleSection } from './people-section.tsx'
import { shareCopy } from './share-copy.ts'
import * as styles from './share-styles.ts'
import { useLinkActions } from './use-link-actions.ts'

const s = copy.share
const permissionLabels: Record<SharePermission, string> = { private: s.private, public: s.public, one: s.temporary }
const labels: Partial<ShareDialogLabels> = {
  title: s.title,
  copy: s.copyLink,
  link: s.link,
  noLink: s.noLink,
  permission: s.permission,
  permissions: permissionLabels,
}

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

/** The file as the server now shows it once its link's limit changed: a limit of 1 is the spec's "one". */
const withLink = (file: FileJson, link: ShareLinkJson): FileJson => ({
  ...file,
  metadata: { ...file.metadata, linkType: link.maxDownloads === 1 ? 'one' : 'public' },
})

/** The file's link among the user's links: the one whose token the file shows. */
const fileLink = (links: readonly ShareLinkJson[], file: FileJson) =>
  links.find((link) => link.itemType === 'file' && link.itemId === file._id && link.token === file.metadata.link)

/** "Link settings": the options of the file's one link, once it has one. */
function FileLinkSettings({ file }: { file: FileJson }) {
  const headingId = useId()
  const shared = filePermission(file) !== 'private'
  const { links, loaded, validating, error } = useShareLinks(shared)
  const actions = useLinkActions()
  const link = fileLink(links, file)
  const t = shareCopy.linkSettings

  let body
  if (!shared) body = <p className={styles.hint}>{t.noLink}</p>
  else if (link) {
    body = (
      <>
        {/* One link: the Share link above opens it in every state (public-download-screen.tsx hands a password link to its page). */}
        <p className={styles.hint}>{t.sameLinkHint}</p>
        <LinkOptionsForm
          aria-labelledby={headingId}
          link={link}
          access="view"
          save={async (settings) => applyFile(withLink(file, await actions.save(link, settings)))}
        />
      </>
    )
  } else if (!loaded || validating) {
    body = (
      <div className={styles.status}>
        <Spinner label={t.loading} />
      </div>
    )
  } else body = <p className={styles.hint}>{error ? failureReason(error) : t.gone}</p>

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionTitle}>
        {t.title}
      </h2>
      {body}
    </section>
  )
}

export function ShareModal() {
  useSignals()
  const { shown: file } = useClosing(shareModal.value)
  const open = shareModal.value !== null
  const refetch = useRefetch()
  const refetchLinks = useRefetchShareLinks()
  const { busy, act: change } = useFormSubmit({
    run: async (shared: FileJson, permission: SharePermission) => {
      applyFile(await changePermission(shared, permission))
      refetch.files()
      // A new level is a new link (or none): its settings are read again.
      refetchLinks()
    },
    failed: (error) => {
      // The toast has said so; the select stays on the old permission.
      console.warn('Share change failed', error)
      return ''
    },
    stays: true,
  })

  if (!file) return null

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
      onPermissionChange={(next) => void change(file, next)}
      onCopy={(text) => void copyWithToast(text, copy.toasts.linkCopied)}
      hint={copy.modals.shareHints[permission]}
      labels={labels}
      closeLabel={copy.modals.close}
      getPersistentElements={toastRegions}
    >
      <PeopleSection itemType="file" itemId={file._id} />
      <FileLinkSettings file={file} />
    </ShareDialog>
  )
}
