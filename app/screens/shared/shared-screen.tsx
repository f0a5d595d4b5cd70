// /shared (issue #19): every live share link of the user, in the drive's layout with Shared marked
// in the sidebar. Copy puts the link's URL on the clipboard; Edit opens its options (PATCH, same
// URL); Revoke asks, then deletes it, and the list is read again.
import { Button, Dialog, DialogDescription, EmptyState, type ShareLink, SharedLinksTable } from '@cumulus/ui'
import { css } from 'goober'
import { useState } from 'react'
import { failureReason } from '../../api/http.ts'
import type { ShareLinkJson } from '../../api/share-links.ts'
import { copy } from '../../copy-screens.ts'
import { copyText } from '../../features/clipboard/clipboard.ts'
import { confirm } from '../../features/dialogs/dialog-host.tsx'
import { AppLayout } from '../../features/layout/app-layout.tsx'
import { useClosing } from '../../features/dialogs/use-closing.ts'
import { LinkOptionsForm } from '../../features/share/link-options-form.tsx'
import { LinkUploads } from '../../features/share/link-uploads.tsx'
import { shareCopy } from '../../features/share/share-copy.ts'
import { useLinkActions } from '../../features/share/use-link-actions.ts'
import { toast, toastRegions } from '../../features/toasts/toasts.tsx'
import { useRefetchShareLinks, useShareLinks } from '../../hooks/use-share-links.ts'
import { vars } from '../../styles.ts'

const t = shareCopy.screen

const page = css`
  display: flex;
  flex-direction: column;
  gap: ${vars.space.large};
`

const heading = css`
  margin: 0;
  font-size: ${vars.font.size.xlarge};
`

const intro = css`
  margin: ${vars.space.xsmall} 0 0;
  color: ${vars.color.textMuted};
`

// The table's links are the API's: only the row's id is needed to find the full record again.
const byId = (links: readonly ShareLinkJson[], row: ShareLink) => links.find((link) => link._id === row._id)

/** Edit: the link's options in a dialog; Save sends them and closes it. */
function EditLinkDialog({ link, onClose }: { link: ShareLinkJson | null; onClose: () => void }) {
  const { shown } = useClosing(link)
  const actions = useLinkActions()
  if (!shown) return null
  return (
    <Dialog
      open={link !== null}
      onClose={onClose}
      title={shareCopy.edit.title(shown.name)}
      closeLabel={copy.modals.close}
      getPersistentElements={toastRegions}
    >
      <DialogDescription>
        {shown.access === 'upload' ? shareCopy.edit.requestHint : shareCopy.edit.viewHint}
      </DialogDescription>
      <LinkOptionsForm
        aria-label={shareCopy.linkSettings.title}
        link={shown}
        access={shown.access}
        onCancel={onClose}
        save={async (settings) => {
          await actions.save(shown, settings)
          onClose()
        }}
      />
      {shown.access === 'upload' ? <LinkUploads link={shown} /> : null}
    </Dialog>
  )
}

export function SharedScreen() {
  const { links, loaded, loading, error } = useShareLinks()
  const refetchLinks = useRefetchShareLinks()
  const actions = useLinkActions()
  const [editing, setEditing] = useState<ShareLinkJson | null>(null)

  const revoke = async (row: ShareLink) => {
    const link = byId(links, row)
    if (!link || !(await confirm({ ...shareCopy.revoke, danger: true }))) return
    await actions.revoke(link).catch((failure: unknown) => console.warn('Revoke failed', failure))
  }

  let content
  if (!loaded && error) {
    content = (
      <EmptyState
        illustration="folder"
        title={t.loadError}
        description={failureReason(error)}
        action={
          <Button variant="primary" icon="retry" onClick={refetchLinks}>
            {t.retry}
          </Button>
        }
      />
    )
  } else {
    content = (
      <SharedLinksTable
        links={links}
        loading={loading || !loaded}
        captionHidden
        copyText={copyText}
        onCopy={() => toast.success(copy.toasts.linkCopied)}
        onEdit={(row) => setEditing(byId(links, row) ?? null)}
        onRevoke={(row) => void revoke(row)}
        labels={shareCopy.table}
      />
    )
  }

  return (
    <AppLayout area="home" active="shared" canAdd={false}>
      <div className={page}>
        <div>
          <h1 className={heading}>{t.title}</h1>
          <p className={intro}>{t.intro}</p>
        </div>
        {content}
      </div>
      <EditLinkDialog link={editing} onClose={() => setEditing(null)} />
    </AppLayout>
  )
}
