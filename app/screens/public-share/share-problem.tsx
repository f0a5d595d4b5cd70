// What a link's page says when it opens nothing: unknown or revoked (404), expired (410, its own
// words, never a generic error), or a failure to read it (a retry).
import { Button, EmptyState } from '@cumulus/ui'
import { failureReason } from '../../api/http.ts'
import { shareCopy } from './public-share-copy.ts'
import { SharePage } from './share-page.tsx'

export type ShareProblemKind = 'not-found' | 'expired' | 'failed'

export function ShareProblem({
  kind,
  error,
  onRetry,
}: {
  kind: ShareProblemKind
  error?: unknown
  onRetry?: () => void
}) {
  const text =
    kind === 'not-found'
      ? { illustration: 'search' as const, title: shareCopy.notFound.title, description: shareCopy.notFound.text }
      : kind === 'expired'
        ? { illustration: 'folder' as const, title: shareCopy.expired.title, description: shareCopy.expired.text }
        : { illustration: 'folder' as const, title: shareCopy.failed.title, description: failureReason(error) }
  return (
    <SharePage narrow>
      <EmptyState
        illustration={text.illustration}
        title={text.title}
        description={text.description}
        // The page's one heading.
        headingLevel={2}
        role="alert"
        action={
          kind === 'failed' && onRetry ? (
            <Button icon="restore" onClick={onRetry}>
              {shareCopy.failed.retry}
            </Button>
          ) : undefined
        }
      />
    </SharePage>
  )
}
