// SPEC §2 public download page: loads the info from the id and tempToken in the route (spinner
// meanwhile), then the library's FileDetails; Download navigates to the public download address.
// A link with a password cannot be opened here (the spec's page has no way to send one): it is
// handed to the link's own page, /s/{token}, which asks for it and then offers the download.
import { FileDetails, Spinner } from '@cumulus/ui'
import { useEffect } from 'react'
import { useLocation } from 'wouter'
import { publicDownloadUrl } from '../../api/files.ts'
import { navigateAway } from '../../api/navigate.ts'
import { copy } from '../../copy-screens.ts'
import { CardPage } from '../../features/shell/card-page.tsx'
import { copyWithToast } from '../../features/clipboard/copy-with-toast.ts'
import { fileAccessLabels, fileDetailsLabels } from '../../features/dialogs/file-details-labels.ts'
import { usePublicFile } from '../../hooks/use-public-file.ts'
import { needsSharePassword } from '../../hooks/use-public-share.ts'

const p = copy.publicDownload
const copyName = (name: string) => copyWithToast(name, p.copied)

export function PublicDownloadScreen({ id, tempToken }: { id: string; tempToken: string }) {
  const { data, error } = usePublicFile(id, tempToken)
  const [, navigate] = useLocation()
  const locked = needsSharePassword(error)
  useEffect(() => {
    // Replaced, so Back leaves the link rather than bouncing off this page again.
    if (locked) navigate(`/s/${encodeURIComponent(tempToken)}`, { replace: true })
  }, [locked, navigate, tempToken])
  return (
    <CardPage>
      {error && !locked ? (
        <p role="alert">{p.error}</p>
      ) : data ? (
        <FileDetails
          name={data.filename}
          access={data.metadata.linkType ?? 'private'}
          fileSize={data.metadata.size}
          uploadDate={data.uploadDate}
          onCopyName={copyName}
          onDownload={() => navigateAway(publicDownloadUrl(id, tempToken))}
          labels={fileDetailsLabels}
          accessLabels={fileAccessLabels}
        />
      ) : (
        <Spinner size="large" label={copy.loading} />
      )}
    </CardPage>
  )
}
