// A file request's page (an upload link on a folder): the library's drop zone with the visitor's
// uploads under it. Nothing of the folder is shown, only its name.
import { FileRequestDropZone } from '@cumulus/ui'
import { type PublicShareInfo } from '../../api/public-share.ts'
import { useIsDesktop, useMediaQuery } from '../../hooks/use-media-query.ts'
import { shareCopy } from './public-share-copy.ts'
import { ExpiryNote, SharePage } from './share-page.tsx'
import { useRequestUploads } from './use-request-uploads.ts'

export function FileRequest({ token, info }: { token: string; info: PublicShareInfo }) {
  const uploads = useRequestUploads(token)
  // A phone (small screen, touch): no "Drag files here".
  const desktop = useIsDesktop()
  const touch = useMediaQuery('(pointer: coarse)')
  const phone = touch && !desktop
  return (
    <SharePage narrow>
      <FileRequestDropZone
        title={info.name}
        onFiles={uploads.add}
        // "Up to X per file" / "Up to Y in total": the link's limits as the server states them.
        maxFileSize={info.maxFileSize ?? null}
        maxTotalBytes={info.maxTotalBytes ?? null}
        uploads={uploads.items}
        onCancelUpload={uploads.cancel}
        onCloseUploads={uploads.clear}
        labels={{ uploads: shareCopy.request.uploads, ...(phone ? { prompt: shareCopy.request.touchPrompt } : {}) }}
      />
      <ExpiryNote expiresAt={info.expiresAt} />
    </SharePage>
  )
}
