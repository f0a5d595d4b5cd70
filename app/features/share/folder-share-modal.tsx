// The share dialog of a folder (issue #19, DESIGN.md §7 "Share links"): "Share folder" makes or
// changes the folder's view link (a page that browses it) and shows its URL to copy; "Request
// files" does the same for an upload-only link, with a largest file, a total and a number of files,
// and lists its unfinished uploads with a Cancel each. Revoking stays on the Shared screen. The spec's Private / Public / Temporary select is the file dialog's only.
import { Dialog, Icon, Spinner } from '@cumulus/ui'
import { useSignals } from '@preact/signals-react/runtime'
import { css } from 'goober'
import { useId } from 'react'
import type { FolderJson } from '../../api/folders.ts'
import { failureReason } from '../../api/http.ts'
import type { ShareLinkJson } from '../../api/share-links.ts'
import { copy } from '../../copy-screens.ts'
import { linkOf, useShareLinks } from '../../hooks/use-share-links.ts'
import { folderShareModal, resetFolderShareSelected } from '../../state/selection.ts'
import { vars } from '../../styles.ts'
import { formStack } from '../forms/form.tsx'
import { useClosing } from '../dialogs/use-closing.ts'
import { toastRegions } from '../toasts/toasts.tsx'
import { LinkOptionsForm } from './link-options-form.tsx'
import { LinkUploads } from './link-uploads.tsx'
import { LinkUrlField } from './link-url-field.tsx'
import { PeopleSection } from './people-section.tsx'
import { shareCopy } from './share-copy.ts'
import * as styles from './share-styles.ts'
import { useLinkActions } from './use-link-actions.ts'

const t = shareCopy.folder

const folderRow = css`
  display: flex;
  align-items: center;
  gap: ${vars.space.medium};
  padding: ${vars.space.medium};
  border-radius: ${vars.radius.medium};
  background: ${vars.color.surfaceSunken};
  font-weight: ${vars.font.weight.semibold};
  overflow-wrap: anywhere;
`

interface SectionProps {
  folder: FolderJson
  access: ShareLinkJson['access']
  link: ShareLinkJson | undefined
}

/** One kind of folder link: its URL with Copy, and its options (Create link, then Save). */
function FolderLinkSection({ folder, access, link }: SectionProps) {
  const headingId = useId()
  const hintId = useId()
  const actions = useLinkActions()
  const texts =
    access === 'view'
      ? { title: t.shareFolder, hint: t.shareFolderHint, field: t.folderLink }
      : { title: t.requestFiles, hint: t.requestFilesHint, field: t.requestLink }

  return (
    <section className={styles.section} aria-labelledby={headingId} aria-describedby={hintId}>
      <h2 id={headingId} className={styles.sectionTitle}>
        {texts.title}
      </h2>
      <p id={hintId} className={styles.hint}>
        {texts.hint}
      </p>
      <LinkUrlField label={texts.field} url={link?.url ?? ''} placeholder={t.noLink} />
      <LinkOptionsForm
        aria-labelledby={headingId}
        link={link}
        access={access}
        submitLabel={link ? t.save : t.createLink}
        save={(settings) =>
          link ? actions.save(link, settings) : actions.create('folder', folder._id, access, settings)
        }
      />
      {access === 'upload' && link ? <LinkUploads link={link} /> : null}
    </section>
  )
}

export function FolderShareModal() {
  useSignals()
  const { shown: folder } = useClosing(folderShareModal.value)
  const open = folderShareModal.value !== null
  const { links, loaded, error } = useShareLinks(open)
  if (!folder) return null
  return (
    <Dialog
      open={open}
      onClose={resetFolderShareSelected}
      title={t.title}
      size="medium"
      closeLabel={copy.modals.close}
      getPersistentElements={toastRegions}
    >
      <div className={formStack}>
        <div className={folderRow}>
          <Icon name="folder" />
          <span>{folder.name}</span>
        </div>
        <PeopleSection itemType="folder" itemId={folder._id} />
        {loaded ? (
          <>
            <FolderLinkSection folder={folder} access="view" link={linkOf(links, 'folder', folder._id, 'view')} />
            <FolderLinkSection folder={folder} access="upload" link={linkOf(links, 'folder', folder._id, 'upload')} />
            <p className={styles.hint}>{t.manage}</p>
          </>
        ) : (
          // Until the links are read it is unknown whether Create would make a second link.
          <div className={styles.status}>
            {error ? (
              <p className={styles.hint}>{failureReason(error)}</p>
            ) : (
              <Spinner label={shareCopy.linkSettings.loading} />
            )}
          </div>
        )}
      </div>
    </Dialog>
  )
}
