// A folder link's page: the library's PublicFolderView over the link's listing (paged, with
// thumbnails from the link's own routes), breadcrumbs inside the shared root, the image and video
// viewer, and downloads (one file, a selection or everything as a zip). The folder shown is in the
// address (`?folder=`), so Back walks up again.
import {
  type BrowserFile,
  type BrowserFolder,
  Button,
  MediaViewer,
  PublicFolderView,
  type PublicFolderSelection,
  Spinner,
} from '@cumulus/ui'
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import { failureReason } from '../../api/http.ts'
import { hasCode } from '../../features/errors/error-code.ts'
import { navigateAway } from '../../api/navigate.ts'
import {
  type FileJson,
  type PublicShareInfo,
  sharedFolderFileUrl,
  sharedThumbnailUrl,
  sharedZipUrl,
} from '../../api/public-share.ts'
import { useBackToClose } from '../../features/viewer/use-back-to-close.ts'
import { usePublicFolder } from '../../hooks/use-public-share.ts'
import { shareCopy } from './public-share-copy.ts'
import { ExpiryNote, SharePage } from './share-page.tsx'
import { type SharedViewerSource, sharedViewerSource } from './shared-viewer-source.ts'

// Loaded only when a song is opened, as in the signed-in viewer.
const AudioPlayer = lazy(() => import('@cumulus/ui/viewers').then((m) => ({ default: m.AudioPlayer })))

// What a visitor's cards show: the name, size, date and whether it plays. No share state.
const toBrowserFile = (file: FileJson): BrowserFile => ({
  id: file._id,
  name: file.filename,
  size: file.metadata.size ?? file.length,
  uploadDate: file.uploadDate,
  ...(file.metadata.isVideo ? { isVideo: true } : {}),
})

export function SharedFolder({
  token,
  info,
  onLinkChanged,
}: {
  token: string
  info: PublicShareInfo
  onLinkChanged: () => void
}) {
  const [location, navigate] = useLocation()
  const folder = new URLSearchParams(useSearch()).get('folder')
  const listing = usePublicFolder(token, folder, true)
  const [viewing, setViewing] = useState<string | null>(null)

  // The link itself changed under the visitor (its password cookie lapsed, it expired): the page
  // reads the link again and shows what that says.
  const linkChanged = hasCode(listing.error, 'SHARE_PASSWORD_REQUIRED', 'SHARE_EXPIRED')
  useEffect(() => {
    if (linkChanged) onLinkChanged()
  }, [linkChanged, onLinkChanged])

  const byId = useMemo(() => new Map(listing.files.map((file) => [file._id, file])), [listing.files])
  const files = useMemo(() => listing.files.map(toBrowserFile), [listing.files])
  const folders = useMemo<BrowserFolder[]>(
    () => listing.folders.map((f) => ({ id: f._id, name: f.name, createdAt: f.createdAt })),
    [listing.folders],
  )
  const thumbnailUrl = useCallback(
    (file: BrowserFile) => (byId.get(file.id)?.metadata.hasThumbnail ? sharedThumbnailUrl(token, file.id) : undefined),
    [byId, token],
  )

  // What the viewer shows of each file; a file with nothing to show downloads.
  const streams = info.videoPreview !== false
  const sourceOf = useCallback((file: FileJson) => sharedViewerSource(token, file, streams), [token, streams])
  const previewables = useMemo(() => listing.files.filter((file) => sourceOf(file) !== null), [listing.files, sourceOf])
  const index = viewing === null ? -1 : previewables.findIndex((file) => file._id === viewing)
  const shown = index >= 0 ? previewables[index]! : null
  const open = shown !== null
  const close = useCallback(() => setViewing(null), [])
  useBackToClose(open, close)

  const goTo = (id: string | null) => {
    setViewing(null)
    navigate(id ? `${location}?folder=${encodeURIComponent(id)}` : location)
  }
  const download = (file: BrowserFile) => navigateAway(sharedFolderFileUrl(token, file.id))
  const openFile = (file: BrowserFile) => {
    const json = byId.get(file.id)
    if (json && sourceOf(json)) setViewing(json._id)
    else download(file)
  }
  // Next at the last loaded picture asks for the next page and steps once it has come.
  const [awaitingAfter, setAwaitingAfter] = useState<string | null>(null)
  useEffect(() => {
    if (awaitingAfter === null) return
    const at = previewables.findIndex((file) => file._id === awaitingAfter)
    const next = at >= 0 ? previewables[at + 1] : undefined
    if (next) {
      setAwaitingAfter(null)
      if (viewing === awaitingAfter) setViewing(next._id)
    } else if (!listing.hasMore || viewing !== awaitingAfter) {
      setAwaitingAfter(null)
    } else if (!listing.loading) {
      // The page held nothing to view: on to the one after it.
      listing.loadMore()
    }
  }, [awaitingAfter, previewables, viewing, listing])
  const onNext = () => {
    if (index < previewables.length - 1) return setViewing(previewables[index + 1]!._id)
    if (!listing.hasMore || !shown) return
    setAwaitingAfter(shown._id)
    listing.loadMore()
  }

  // The path starts at the shared root, which the view names itself.
  const path = listing.path.slice(1).map((crumb) => ({ id: crumb._id, name: crumb.name }))

  return (
    <SharePage>
      <PublicFolderView
        // A new folder starts with nothing selected.
        key={folder ?? ''}
        name={info.name}
        path={path}
        folders={folders}
        files={files}
        thumbnailUrl={thumbnailUrl}
        onNavigate={goTo}
        onOpenFile={openFile}
        onDownloadFile={download}
        onDownloadAll={() => navigateAway(sharedZipUrl(token))}
        onDownloadSelected={(selection: PublicFolderSelection) => navigateAway(sharedZipUrl(token, selection))}
        onEndReached={listing.hasMore ? listing.loadMore : undefined}
        loading={listing.loading}
        error={listing.error && !linkChanged ? failureReason(listing.error) : undefined}
        onRetry={listing.retry}
        useWindowScroll
      />
      <ExpiryNote expiresAt={info.expiresAt} />
      {shown ? (
        <MediaViewer
          open={open}
          name={shown.filename}
          {...viewerProps(sourceOf(shown), shown, download)}
          prevDisabled={index <= 0}
          nextDisabled={index === previewables.length - 1 && !listing.hasMore}
          onPrev={() => index > 0 && setViewing(previewables[index - 1]!._id)}
          onNext={onNext}
          onClose={close}
          labels={{
            prev: shareCopy.viewer.prev,
            next: shareCopy.viewer.next,
            close: shareCopy.viewer.close,
            loading: shareCopy.viewer.loading,
            error: shareCopy.viewer.imageError,
          }}
        />
      ) : null}
    </SharePage>
  )
}

/** The viewer's stage for a source: its own image or video, or the kit's player for a song. */
function viewerProps(source: SharedViewerSource | null, file: FileJson, download: (file: BrowserFile) => void) {
  if (source?.kind !== 'audio') return { kind: source?.kind ?? 'image', src: source?.src }
  return {
    kind: 'image' as const,
    stage: (
      <Suspense fallback={<Spinner label={shareCopy.viewer.loading} size="large" />}>
        <AudioPlayer
          src={source.src}
          title={file.filename}
          coverUrl={source.coverUrl}
          errorAction={
            <Button icon="download" onClick={() => download(toBrowserFile(file))}>
              {shareCopy.viewer.download}
            </Button>
          }
        />
      </Suspense>
    ),
  }
}
