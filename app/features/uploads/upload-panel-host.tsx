// SPEC §2 "Upload panel": bottom-right, shown whenever any uploads exist, bound to the upload store
// (pause, resume and retry included, issue #18).
// It is not modal: the toasts (bottom-left, stacked above it) and the page stay usable. While it is
// shown, a spacer as tall as the panel ends the page, so the last cards can scroll out from under it.
import { UploadPanel } from '@cumulus/ui'
import { useSignals } from '@preact/signals-react/runtime'
import { css } from 'goober'
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import {
  cancelAllUploads,
  cancelUpload,
  pauseUpload,
  resumeUpload,
  retryUpload,
  setUploadsMinimized,
  uploads,
  uploadsMinimized,
} from '../../state/uploads.ts'
import { vars } from '../../styles.ts'
import { ConflictHost } from './conflict-host.tsx'
import { restoreUnfinishedUploadsOnce } from './restored-uploads.ts'
import { uploadCopy } from './upload-copy.ts'
import { useLeaveWarning } from './use-leave-warning.ts'
import { useUploadRefetch } from './use-upload-refetch.ts'

/** Files are being sent (or wait to be sent again): leaving the page would cut them off. */
const sending = () => uploads.peek().some((u) => u.state === 'running' || u.state === 'retrying')

const labels = {
  region: uploadCopy.panel,
  minimize: uploadCopy.minimize,
  expand: uploadCopy.expand,
  close: uploadCopy.close,
  cancel: uploadCopy.cancel,
  pause: uploadCopy.pause,
  resume: uploadCopy.resume,
  retry: uploadCopy.retry,
  completed: uploadCopy.completed,
  failed: uploadCopy.failed,
  canceled: uploadCopy.canceled,
  paused: uploadCopy.paused,
  retrying: uploadCopy.retrying,
  skipped: uploadCopy.skipped,
  replaced: uploadCopy.replaced,
  keptBoth: uploadCopy.keptBoth,
  speed: uploadCopy.speed,
  timeLeft: uploadCopy.timeLeft,
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
        onPause={pauseUpload}
        onResume={resumeUpload}
        onRetry={retryUpload}
        onClose={cancelAllUploads}
        minimized={uploadsMinimized.value}
        onMinimizedChange={setUploadsMinimized}
        title={uploadCopy.title}
        summary={uploadCopy.summary}
        labels={labels}
      />
    </>
  )
}

/**
 * The upload panel and the uploads' conflict dialog; render it once in the layout. On its first
 * mount in a page it lists the uploads a reload left unfinished, each waiting for its file to be
 * picked again.
 */
export function UploadPanelHost() {
  useSignals()
  const onUploaded = useUploadRefetch()
  useEffect(() => restoreUnfinishedUploadsOnce(onUploaded), [onUploaded])
  useLeaveWarning(sending)
  return (
    <>
      <ConflictHost />
      {uploads.value.length > 0 ? <Panel /> : null}
    </>
  )
}
