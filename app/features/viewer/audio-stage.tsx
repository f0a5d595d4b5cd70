// DESIGN.md §8 "Previews": a song opens in the viewer as the kit's AudioPlayer, with its tags (the
// file name until they come, or when it has none), its cover art (the thumbnail) and the stream.
// The player's previous and next, and the end of a track, go through the list's songs and play.
// The player comes from @cumulus/ui/viewers, loaded only when a song is opened.
import { Button, Spinner } from '@cumulus/ui'
import { lazy, Suspense, useState } from 'react'
import { downloadFile, type FileJson, thumbnailUrl } from '../../api/files.ts'
import { copy } from '../../copy-screens.ts'
import { useMediaInfo } from '../../hooks/use-media-info.ts'

const AudioPlayer = lazy(() => import('@cumulus/ui/viewers').then((m) => ({ default: m.AudioPlayer })))

export const isAudio = (file: FileJson) => file.metadata.preview === 'audio'

export interface AudioStageProps {
  file: FileJson
  /** The stream's address, once its token is set. */
  src: string | undefined
  /** The viewer's files in display order: the songs among them are the playlist. */
  files: readonly FileJson[]
  /** Shows another file in the viewer. */
  onStep: (file: FileJson) => void
}

export function AudioStage({ file, src, files, onStep }: AudioStageProps) {
  const { info } = useMediaInfo(file._id)
  const tags = info?.audio
  const at = files.findIndex((f) => f._id === file._id)
  const prev = at > 0 ? files.slice(0, at).findLast(isAudio) : undefined
  const next = at >= 0 ? files.slice(at + 1).find(isAudio) : undefined
  // The song moved to by the player plays at once; one opened from the list waits for Play.
  const [playing, setPlaying] = useState<string | null>(null)
  const play = (target: FileJson | undefined) => {
    if (!target) return
    setPlaying(target._id)
    onStep(target)
  }
  const { hasThumbnail, thumbnailID } = file.metadata
  return (
    <Suspense fallback={<Spinner label={copy.loading} size="large" />}>
      <AudioPlayer
        src={src}
        title={tags?.title ?? file.filename}
        artist={tags?.artist}
        album={tags?.album}
        duration={tags?.duration}
        coverUrl={hasThumbnail && thumbnailID ? thumbnailUrl(thumbnailID) : undefined}
        autoPlay={playing === file._id}
        onEnded={() => play(next)}
        onPrev={() => play(prev)}
        onNext={() => play(next)}
        prevDisabled={!prev}
        nextDisabled={!next}
        errorAction={
          <Button icon="download" onClick={() => void downloadFile(file._id)}>
            {copy.actions.download}
          </Button>
        }
      />
    </Suspense>
  )
}
