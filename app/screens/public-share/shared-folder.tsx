// A folder link's page: the library's PublicFolderView over the link's listing (paged, with
// thumbnails from the link's own routes), breadcrumbs inside the shared root, the image and video
// viewer, and downloads (one file, a selection or everything as a zip). The folder shown is in the
// address (`?folder=`), so Back walks up again.
import {
  type BrowserFile,
  type BrowserFolder,
  MediaViewer,
  PublicFolderView,
  type PublicFolderSelection,
} from '@cumulus/ui'
import { useCallback, useEffect, useMemo, useState } from 'react'
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

/**
 * Files with a picture or a video open in the viewer; others download. A PDF's thumbnail is its
 * first page, not a picture the link's preview route serves: it downloads too.
 */
const isPreviewable = (file: FileJson) =>
  Boolean((file.metadata.hasThumbnail && file.metadata.preview !== 'pdf') || file.metadata.isVideo)

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

  const previewables = useMemo(() => listing.files.filter(isPreviewable), [listing.files])
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
    if (json && isPreviewable(json)) setViewing(json._id)
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
          kind={shown.metadata.isVideo ? 'video' : 'image'}
          // The file itself: the link has no full-size preview route, and a thumbnail is too small.
          src={sharedFolderFileUrl(token, shown._id)}
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
