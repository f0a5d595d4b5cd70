// An upload link's unfinished resumable uploads (GET /share-service/links/{id}/uploads): each one
// holds its whole length of the owner's storage until it finishes, so the owner sees them and can
// cancel one. Shows nothing while there are none.
import { Button, formatBytes } from '@cumulus/ui'
import { css } from 'goober'
import { useId } from 'react'
import { useSWRConfig } from 'swr'
import { keys } from '../../api/keys.ts'
import { cancelLinkUpload, type LinkUploadJson, type ShareLinkJson } from '../../api/share-links.ts'
import { useApi } from '../../hooks/swr-config.ts'
import { useRefetchShareLinks } from '../../hooks/use-share-links.ts'
import { vars } from '../../styles.ts'
import { toast } from '../toasts/toasts.tsx'
import { shareCopy } from './share-copy.ts'
import * as styles from './share-styles.ts'

const t = shareCopy.uploads

const list = css`
  display: flex;
  flex-direction: column;
  gap: ${vars.space.small};
  margin: 0;
  padding: 0;
  list-style: none;
`

const row = css`
  display: flex;
  align-items: center;
  gap: ${vars.space.medium};
  & > div {
    flex: 1;
    min-width: 0;
    overflow-wrap: anywhere;
  }
`

export function LinkUploads({ link }: { link: ShareLinkJson }) {
  const headingId = useId()
  const key = keys.linkUploads(link._id)
  const { data } = useApi<{ uploads: LinkUploadJson[] }>(key)
  const { mutate } = useSWRConfig()
  const refetchLinks = useRefetchShareLinks()
  const uploads = data?.uploads ?? []
  if (uploads.length === 0) return null

  const cancel = async (upload: LinkUploadJson) => {
    try {
      await toast.promise(cancelLinkUpload(link._id, upload._id), shareCopy.toasts.cancelUpload)
    } catch (failure) {
      // The toast has said it failed (e.g. a piece is arriving right now); the list is read again.
      console.warn('Cancelling an upload failed', failure)
    }
    void mutate(key)
    // The link's counts (bytes and files on their way) change with it.
    refetchLinks()
  }

  return (
    <section aria-labelledby={headingId} className={styles.uploads}>
      <h3 id={headingId} className={styles.label}>
        {t.title}
      </h3>
      <p className={styles.hint}>{t.hint}</p>
      <ul className={list}>
        {uploads.map((upload) => (
          <li key={upload._id} className={row}>
            <div>
              <div>{upload.filename}</div>
              <div className={styles.hint}>{t.progress(formatBytes(upload.offset), formatBytes(upload.length))}</div>
            </div>
            <Button
              variant="secondary"
              size="small"
              aria-label={t.cancelLabel(upload.filename)}
              onClick={() => void cancel(upload)}
            >
              {t.cancel}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  )
}
