// SPEC §2 public download page: loads the info from the id and tempToken in the route (spinner
// meanwhile), then the library's FileDetails; Download navigates to the public download address.
import { FileDetails, type SharePermission, Spinner } from '@cumulus/ui'
import { publicDownloadUrl } from '../../api/files.ts'
import { navigateAway } from '../../api/navigate.ts'
import { copy } from '../../copy.ts'
import { CardPage } from '../../features/card-page.tsx'
import { copyText } from '../../features/clipboard.ts'
import { toast } from '../../features/toasts.tsx'
import { usePublicFile } from '../../hooks/use-public-file.ts'

const p = copy.publicDownload
const labels = { copyName: p.copyName, heading: p.details, access: p.access, size: p.size, uploaded: p.uploaded, download: p.download }
const accessLabels: Record<SharePermission, string> = { one: p.temporary, public: p.public, private: p.private }

async function copyName(name: string) {
  try {
    await copyText(name)
    toast.success(p.copied)
  } catch (error) {
    console.warn('Copy failed', error)
  }
}

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
          labels={labels}
          accessLabels={accessLabels}
        />
      ) : (
        <Spinner size="large" label={copy.loading} />
      )}
    </CardPage>
  )
}
