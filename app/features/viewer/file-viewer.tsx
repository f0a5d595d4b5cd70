// SPEC §2 "File viewer modal (previewable files)": the full-screen viewer for files with a thumbnail
// or a video flag, opened through the popupModal signal. Images come from the full-size thumbnail;
// videos stream once the stream token is set (§4 "Video", §8 "Error getting video").
import { AddedBy, MediaViewer, Menu, type MenuEntry, PhotoInfo } from '@cumulus/ui'
import { useSignals } from '@preact/signals-react/runtime'
import { useEffect, useMemo, useRef, useState } from 'react'
import { type FileJson, fullThumbnailUrl, type MediaInfoJson, streamVideoUrl } from '../../api/files.ts'
import { copy } from '../../copy-screens.ts'
import { popupModal, resetPopupSelect, setPopupSelect } from '../../state/selection.ts'
import { isPreviewable } from '../items/browser-items.ts'
import { AudioStage, isAudio } from './audio-stage.tsx'
import { toast, toastRegions } from '../toasts/toasts.tsx'
import { useMediaInfo } from '../../hooks/use-media-info.ts'
import { stageFor } from './stages.tsx'
import { createStreamToken } from './stream-token.ts'
import { useBackToClose } from './use-back-to-close.ts'

export interface FileViewerProps {
  /** Every loaded file of the list the viewer was opened from, in display order. */
  files: readonly FileJson[]
  /** Another page of that list exists. */
  hasMore: boolean
  /** Asks for that page. */
  loadMore: () => void
  /** The context menu entries for the shown file. */
  menuItems?: (file: FileJson) => readonly MenuEntry[]
}

const labels = {
  prev: copy.viewer.previous,
  next: copy.viewer.next,
  close: copy.viewer.close,
  loading: copy.loading,
  error: copy.viewer.imageError,
}

const noFiles: readonly FileJson[] = []

/** Next pressed at the last loaded previewable file: waiting for the page after `length` files. */
interface AwaitingNext {
  afterId: string
  length: number
}

export function FileViewer({ files, hasMore, loadMore, menuItems }: FileViewerProps) {
  useSignals()
  const popup = popupModal.value
  const open = popup !== null && isPreviewable(popup.file)
  // Only while open: closed, the viewer would filter every loaded file on every page (100,000 on the Media page).
  const previewables = useMemo(() => (open ? files.filter(isPreviewable) : noFiles), [files, open])
  const index = open ? previewables.findIndex((file) => file._id === popup.file._id) : -1
  // The list's copy is the fresher one (a rename refetches the list; the popup keeps what it opened).
  const current = open ? (previewables[index] ?? popup.file) : null

  // The last file stays on screen while the dialog fades out.
  const [shown, setShown] = useState(current)
  if (current && current !== shown) setShown(current)
  const file = current ?? shown

  const [tokens] = useState(createStreamToken)
  const [stream, setStream] = useState<{ id: string; src: string } | null>(null)
  // Videos and songs stream with the stream cookie.
  const videoId = open && current && (current.metadata.isVideo || isAudio(current)) ? current._id : null

  useEffect(() => {
    if (!videoId) return
    // Only the answer for the file still shown may set the address (a slow token for an earlier video).
    let live = true
    tokens.request().then(
      () => {
        if (live) setStream({ id: videoId, src: streamVideoUrl(videoId) })
      },
      (error: unknown) => {
        console.warn('Stream token failed', error)
        if (live) toast.error(copy.toasts.videoError)
      },
    )
    return () => {
      live = false
      setStream(null)
    }
  }, [videoId, tokens])

  const wasOpen = useRef(false)
  useEffect(() => {
    if (wasOpen.current && !open) tokens.release()
    wasOpen.current = open
  }, [open, tokens])

  useBackToClose(open, resetPopupSelect)

  // The info pane stays open from photo to photo; its EXIF is read only while it is.
  const [infoOpen, setInfoOpen] = useState(false)
  const photoId = open && infoOpen && current && !current.metadata.isVideo ? current._id : null
  const media = useMediaInfo(photoId)

  const [awaiting, setAwaiting] = useState<AwaitingNext | null>(null)
  useEffect(() => {
    if (!awaiting) return
    const at = previewables.findIndex((item) => item._id === awaiting.afterId)
    // The user moved on, closed the viewer, or the file left the list.
    if (!popup || popup.file._id !== awaiting.afterId || at < 0) return setAwaiting(null)
    const next = previewables[at + 1]
    if (next) {
      setAwaiting(null)
      setPopupSelect({ type: popup.type, file: next })
    } else if (!hasMore) {
      setAwaiting(null)
    } else if (files.length > awaiting.length) {
      // The page held nothing previewable: on to the one after it.
      setAwaiting({ afterId: awaiting.afterId, length: files.length })
      loadMore()
    }
  }, [awaiting, previewables, popup, files.length, hasMore, loadMore])

  if (!file) return null

  const step = (target: FileJson | undefined) => {
    if (popup && target) setPopupSelect({ type: popup.type, file: target })
  }
  const onNext = () => {
    if (index < 0) return
    if (index < previewables.length - 1) return step(previewables[index + 1])
    if (!hasMore) return
    setAwaiting({ afterId: previewables[index]!._id, length: files.length })
    loadMore()
  }

  const isVideo = file.metadata.isVideo
  const streamed = isVideo || isAudio(file)
  const src = streamed ? (stream?.id === file._id ? stream.src : undefined) : fullThumbnailUrl(file._id)
  const items = current && menuItems ? menuItems(current) : []
  // Who put it in: a member who added it, else the owner when it is someone else's (issue #39).
  const adder = file.addedBy ?? file.owner

  return (
    <MediaViewer
      open={open}
      name={file.filename}
      kind={isVideo ? 'video' : 'image'}
      src={src}
      stage={isAudio(file) ? <AudioStage file={file} src={src} files={previewables} onStep={step} /> : stageFor(file)}
      menu={items.length > 0 ? <Menu label={copy.viewer.fileActions} items={items} /> : undefined}
      details={adder ? <AddedBy name={adder.displayName} /> : undefined}
      prevDisabled={index <= 0}
      nextDisabled={index < 0 || (index === previewables.length - 1 && !hasMore)}
      onPrev={() => step(index > 0 ? previewables[index - 1] : undefined)}
      onNext={onNext}
      onClose={resetPopupSelect}
      info={isVideo ? undefined : <PhotoPane file={file} info={media.info} loading={media.loading} />}
      infoOpen={infoOpen}
      onInfoOpenChange={setInfoOpen}
      labels={labels}
      // A toast raised over the viewer ("Error getting video") stays announced.
      getPersistentElements={toastRegions}
    />
  )
}

/** The photo's info pane: the route's EXIF, else what the file's own record knows. */
function PhotoPane({ file, info, loading }: { file: FileJson; info?: MediaInfoJson; loading: boolean }) {
  const { metadata } = file
  const photo = info?.photo ?? {}
  const width = info?.width ?? metadata.width
  const height = info?.height ?? metadata.height
  const takenDate = info?.takenDate ?? metadata.takenDate
  return (
    <PhotoInfo
      loading={loading}
      size={metadata.size ?? file.length}
      {...(takenDate ? { takenDate } : {})}
      {...(width && height ? { width, height } : {})}
      {...photo}
    />
  )
}
