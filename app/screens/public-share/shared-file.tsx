// A file link's page: the file with a preview (a picture for an image, a player for a video, the
// file's thumbnail when there is no preview but a thumbnail, as for a video on a limited link, the
// extension badge for anything else), its name and size, and Download. The server decides what
// …/preview gives (info.preview), so a limited link's downloads are never spent on a preview.
import { Button, ExtensionBadge } from '@cumulus/ui'
import { css } from 'goober'
import { useState } from 'react'
import { navigateAway } from '../../api/navigate.ts'
import {
  type PublicShareInfo,
  sharedFileDownloadUrl,
  sharedFileThumbnailUrl,
  sharedPreviewUrl,
} from '../../api/public-share.ts'
import { vars } from '../../styles.ts'
import { shareCopy } from './public-share-copy.ts'
import { card } from './share-card.ts'
import { ExpiryNote, SharePage } from './share-page.tsx'

const stage = css`
  display: grid;
  place-items: center;
  min-height: 160px;
  border-radius: ${vars.radius.medium};
  background: ${vars.color.surfaceSunken};
  overflow: hidden;
  & img,
  & video {
    display: block;
    max-width: 100%;
    max-height: 60vh;
  }
  & video {
    width: 100%;
    background: ${vars.color.media};
  }
`

const facts = css`
  display: flex;
  flex-direction: column;
  gap: ${vars.space.xsmall};
  & h1 {
    margin: 0;
  }
  & p {
    margin: 0;
    color: ${vars.color.textMuted};
  }
`

export function SharedFile({ token, info }: { token: string; info: PublicShareInfo }) {
  const src = sharedPreviewUrl(token)
  const thumbnail = info.thumbnail ? sharedFileThumbnailUrl(token) : undefined
  // A picture that fails to load falls back to the badge.
  const [broken, setBroken] = useState(false)
  return (
    <SharePage narrow>
      <article className={card} aria-labelledby="shared-file-name">
        <div className={stage}>
          {info.preview === 'video' ? (
            <video
              controls
              preload="metadata"
              src={src}
              poster={thumbnail}
              aria-label={shareCopy.file.preview(info.name)}
            />
          ) : (info.preview === 'image' || thumbnail) && !broken ? (
            <img
              src={info.preview === 'image' ? src : thumbnail}
              alt={shareCopy.file.preview(info.name)}
              onError={() => setBroken(true)}
            />
          ) : (
            <ExtensionBadge filename={info.name} size="large" />
          )}
        </div>
        <div className={facts}>
          <h1 id="shared-file-name">{info.name}</h1>
          {info.size !== undefined ? <p>{shareCopy.file.size(info.size)}</p> : null}
          <ExpiryNote expiresAt={info.expiresAt} />
        </div>
        <Button
          variant="primary"
          size="large"
          icon="download"
          onClick={() => navigateAway(sharedFileDownloadUrl(token))}
        >
          {shareCopy.file.download}
        </Button>
      </article>
    </SharePage>
  )
}
