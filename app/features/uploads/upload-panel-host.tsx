// SPEC §2 "Upload panel": bottom-right, shown whenever any uploads exist, bound to the upload store.
// It is not modal: the toasts (bottom-left, stacked above it) and the page stay usable. While it is
// shown, a spacer as tall as the panel ends the page, so the last cards can scroll out from under it.
import { UploadPanel } from '@cumulus/ui'
import { useSignals } from '@preact/signals-react/runtime'
import { css } from 'goober'
import { useLayoutEffect, useRef, useState } from 'react'
import { copy } from '../../copy.ts'
import { cancelAllUploads, cancelUpload, setUploadsMinimized, uploads, uploadsMinimized } from '../../state/uploads.ts'
import { vars } from '../../styles.ts'

const labels = {
  region: copy.uploads.panel,
  minimize: copy.uploads.minimize,
  expand: copy.uploads.expand,
  close: copy.uploads.close,
  cancel: copy.uploads.cancel,
  completed: copy.uploads.completed,
  failed: copy.uploads.failed,
  canceled: copy.uploads.canceled,
}

// The panel's own bottom gutter (lib upload-panel: `space.large`) plus a gap above it.
const spacer = css`
  flex-shrink: 0;
  padding-bottom: calc(${vars.space.large} * 2);
`

/** The panel's height, followed as it grows, shrinks and minimizes. */
function usePanelHeight() {
  const panel = useRef<HTMLElement>(null)
  const [height, setHeight] = useState(0)
  useLayoutEffect(() => {
    const element = panel.current
    if (!element) return
    setHeight(element.offsetHeight)
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() => setHeight(element.offsetHeight))
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  return { panel, height }
}

function Panel() {
  useSignals()
  const { panel, height } = usePanelHeight()
  return (
    <>
      <div className={spacer} style={{ height }} aria-hidden data-upload-spacer="" />
      <UploadPanel
        ref={panel}
        items={uploads.value}
        onCancel={cancelUpload}
        onClose={cancelAllUploads}
        minimized={uploadsMinimized.value}
        onMinimizedChange={setUploadsMinimized}
        title={copy.uploads.title}
        summary={copy.uploads.summary}
        labels={labels}
      />
    </>
  )
}

/** The upload panel; render it once in the layout. */
export function UploadPanelHost() {
  useSignals()
  if (uploads.value.length === 0) return null
  return <Panel />
}
