// `/s/{token}` (issue #19, DESIGN.md §7 "Share links"): the page a share link opens, for anyone
// holding it, signed in or not. It reads the link first, then shows what it is: a password form
// (401 SHARE_PASSWORD_REQUIRED), a file, a folder to browse, or a file request to fill; or says
// the link is unknown or revoked (404) or has expired (410).
import { Spinner } from '@cumulus/ui'
import { css } from 'goober'
import { useCallback } from 'react'
import { hasCode } from '../../features/errors/error-code.ts'
import { needsSharePassword, usePublicShare } from '../../hooks/use-public-share.ts'
import { FileRequest } from './file-request.tsx'
import { shareCopy } from './public-share-copy.ts'
import { SharedFile } from './shared-file.tsx'
import { SharedFolder } from './shared-folder.tsx'
import { SharePasswordForm } from './share-password-form.tsx'
import { ShareProblem } from './share-problem.tsx'
import { SharePage } from './share-page.tsx'

/** No such link (never made, revoked) and a link whose downloads are used up: both are gone. */
const gone = ['NOT_FOUND', 'SHARE_LIMIT_REACHED'] as const

const waiting = css`
  display: grid;
  place-items: center;
  min-height: 40vh;
`

export function PublicShareScreen({ token }: { token: string }) {
  const { data: info, error, mutate, isValidating } = usePublicShare(token)
  const reread = useCallback(() => void mutate(), [mutate])

  // A link that changed while open (revoked, expired, locked again) wins over what was shown.
  if (error && (!info || needsSharePassword(error) || hasCode(error, ...gone, 'SHARE_EXPIRED'))) {
    if (needsSharePassword(error)) return <SharePasswordForm token={token} onUnlocked={reread} />
    if (hasCode(error, ...gone)) return <ShareProblem kind="not-found" />
    if (hasCode(error, 'SHARE_EXPIRED')) return <ShareProblem kind="expired" />
    return <ShareProblem kind="failed" error={error} onRetry={isValidating ? undefined : reread} />
  }
  if (!info) {
    return (
      <SharePage narrow>
        <div className={waiting}>
          <Spinner size="large" label={shareCopy.loading} />
        </div>
      </SharePage>
    )
  }
  if (info.itemType === 'file') return <SharedFile token={token} info={info} />
  if (info.access === 'upload') return <FileRequest token={token} info={info} />
  return <SharedFolder token={token} info={info} onLinkChanged={reread} />
}
