// SPEC §2 "File details modal (non-previewable files)": the popup for a file with no thumbnail that
// is not a video (the viewer takes the others). Same details as the public download page, plus what
// the desktop details panel shows of a photo (its thumbnail, the date taken) when the file has them.
import { FileDetailsDialog } from '@cumulus/ui'
import { useSignals } from '@preact/signals-react/runtime'
import { useState } from 'react'
import { downloadFile, type FileJson } from '../../api/files.ts'
import { copy } from '../../copy-screens.ts'
import { popupModal, resetPopupSelect } from '../../state/selection.ts'
import { loadThumbnailsDisabled } from '../../state/preferences.ts'
import { isPreviewable, toBrowserFile } from '../items/browser-items.ts'
import { copyWithToast } from '../clipboard/copy-with-toast.ts'
import { fileAccessLabels, fileDetailsLabels } from './file-details-labels.ts'
import { toastRegions } from '../toasts/toasts.tsx'
import { useClosing } from './use-closing.ts'

const detailsFile = (file: FileJson | undefined) => (file && !isPreviewable(file) ? file : null)

export function FileDetailsModal() {
  useSignals()
  const file = detailsFile(popupModal.value?.file)
  const { shown } = useClosing(file)
  const [downloading, setDownloading] = useState(false)
  if (!shown) return null
  // The panel's own mapping: the same thumbnail address, preference and date.
  const { thumbnailUrl, takenDate } = toBrowserFile(shown, loadThumbnailsDisabled.value)

  const download = async () => {
    setDownloading(true)
    try {
      await downloadFile(shown._id)
    } catch (error) {
      console.warn('Download failed', error)
    } finally {
      setDownloading(false)
    }
  }

  return (
    <FileDetailsDialog
      open={file !== null}
      onClose={resetPopupSelect}
      name={shown.filename}
      access={shown.metadata.linkType ?? 'private'}
      fileSize={shown.metadata.size ?? shown.length}
      uploadDate={shown.uploadDate}
      thumbnailUrl={thumbnailUrl}
      takenDate={takenDate}
      onCopyName={(name) => void copyWithToast(name, copy.toasts.filenameCopied)}
      onDownload={() => void download()}
      downloading={downloading}
      labels={fileDetailsLabels}
      accessLabels={fileAccessLabels}
      closeLabel={copy.modals.close}
      getPersistentElements={toastRegions}
    />
  )
}
