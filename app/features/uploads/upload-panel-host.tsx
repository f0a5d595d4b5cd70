// SPEC §2 "Upload panel": bottom-right, shown whenever any uploads exist, bound to the upload store.
// It is not modal: the toasts (bottom-left, stacked above it) and the page stay usable.
import { UploadPanel } from '@cumulus/ui'
import { useSignals } from '@preact/signals-react/runtime'
import { copy } from '../../copy.ts'
import { cancelAllUploads, cancelUpload, setUploadsMinimized, uploads, uploadsMinimized } from '../../state/uploads.ts'

const labels = {
  region: copy.uploads.panel,
  minimize: copy.uploads.minimize,
  expand: copy.uploads.expand,
  close: copy.uploads.close,
  cancel: copy.uploads.cancel,
  completed: copy.uploads.completed,
  canceled: copy.uploads.canceled,
}

/** The upload panel; render it once in the layout. */
export function UploadPanelHost() {
  useSignals()
  const items = uploads.value
  if (items.length === 0) return null
  return (
    <UploadPanel
      items={items}
      onCancel={cancelUpload}
      onClose={cancelAllUploads}
      minimized={uploadsMinimized.value}
      onMinimizedChange={setUploadsMinimized}
      title={copy.uploads.title}
      labels={labels}
    />
  )
}
