// SPEC §2 public download page: loads the info from the id and tempToken in the route (spinner
// meanwhile), then the library's FileDetails; Download navigates to the public download address.
import { FileDetails, Spinner } from '@cumulus/ui'
import { publicDownloadUrl } from '../../api/files.ts'
import { navigateAway } from '../../api/navigate.ts'
import { copy } from '../../copy-screens.ts'
import { CardPage } from '../../features/shell/card-page.tsx'
import { copyWithToast } from '../../features/clipboard/copy-with-toast.ts'
import { fileAccessLabels, fileDetailsLabels } from '../../features/modals/file-details-labels.ts'
import { usePublicFile } from '../../hooks/use-public-file.ts'

const p = copy.publicDownload
const copyName = (name: string) => copyWithToast(name, p.copied)

export function PublicDownloadScreen({ id, tempToken }: { id: string; tempToken: string }) {
  const { data, error } = usePublicFile(id, tempToken)
  return (
    <CardPage>
      {error ? (
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
