// The share, move and file details modals (SPEC §2) and a file's versions, each driven by its selection signal; the
// signed-in layout renders this once.
import { FileDetailsModal } from './file-details-modal.tsx'
import { MoveModal } from './move-modal.tsx'
import { FolderShareModal } from '../share/folder-share-modal.tsx'
import { MultiShareModal } from '../share/multi-share-modal.tsx'
import { ShareModal } from '../share/share-modal.tsx'
import { VersionsModal } from '../versions/versions-modal.tsx'

export function Modals() {
  return (
    <>
      <ShareModal />
      <FolderShareModal />
      <MultiShareModal />
      <MoveModal />
      <FileDetailsModal />
      <VersionsModal />
    </>
  )
}
