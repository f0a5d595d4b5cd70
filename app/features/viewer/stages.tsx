// The viewer's stage for files that are neither a picture nor a video, chosen by the item's
// preview kind (DESIGN §8 "Previews"). Each viewer comes from @cumulus/ui/viewers, loaded with
// import() when such a file is first opened, so the first load of the app never carries them.
import { Button, Spinner } from '@cumulus/ui'
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react'
import { downloadFile, type FileJson, freshDownloadUrl } from '../../api/files.ts'
import { copy } from '../../copy-screens.ts'
import { TextStage } from './text-stage.tsx'

const PdfViewer = lazy(() => import('@cumulus/ui/viewers').then((m) => ({ default: m.PdfViewer })))

const pdfLabels = { loading: copy.viewer.pdf.loading, error: copy.viewer.pdf.error }

/** A PDF from the download route, read by pdf.js in the page: never rendered as a page of ours. */
function PdfStage({ file }: { file: FileJson }) {
  const [src, setSrc] = useState<string>()
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    let live = true
    void freshDownloadUrl(file._id).then((url) => live && setSrc(url))
    return () => {
      live = false
    }
  }, [file._id])
  const loading = <Spinner label={copy.viewer.pdf.loading} size="large" />
  return (
    <div style={{ display: 'flex', flexDirection: 'column', flexGrow: 1, alignSelf: 'stretch', minWidth: 0 }}>
      {src ? (
        <Suspense fallback={loading}>
          <PdfViewer src={src} labels={pdfLabels} onError={() => setFailed(true)} />
        </Suspense>
      ) : (
        loading
      )}
      {failed && (
        <Button
          icon="download"
          variant="primary"
          style={{ alignSelf: 'center', marginBlock: 12 }}
          onClick={() => void downloadFile(file._id)}
        >
          {copy.viewer.pdf.download}
        </Button>
      )}
    </div>
  )
}

/** The stage for `file`'s kind, or undefined for the viewer's own image or video. */
export function stageFor(file: FileJson): ReactNode | undefined {
  if (file.metadata.preview === 'pdf') return <PdfStage key={file._id} file={file} />
  if (file.metadata.preview === 'text') return <TextStage key={file._id} file={file} />
  return undefined
}
