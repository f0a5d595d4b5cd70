// The frame of a share link's page: the product mark above, the link's content below, as wide
// as a folder needs on a desktop and edge to edge (small margins) on a phone.
import { css } from 'goober'
import type { ReactNode } from 'react'
import { Logo } from '../../features/shell/logo.tsx'
import { mq, vars } from '../../styles.ts'
import { formatExpiry, shareCopy } from './public-share-copy.ts'

const page = css`
  display: flex;
  flex-direction: column;
  gap: ${vars.space.large};
  min-height: 100vh;
  padding: ${vars.space.large} ${vars.space.medium};
  ${mq.desktop} {
    gap: ${vars.space.xlarge};
    padding: ${vars.space.xlarge} ${vars.space.xxlarge};
  }
`

const main = css`
  display: flex;
  flex-direction: column;
  gap: ${vars.space.large};
  width: 100%;
  max-width: 1200px;
  margin: 0 auto;
  min-width: 0;
`

const narrow = css`
  max-width: 560px;
`

const expiry = css`
  margin: 0;
  color: ${vars.color.textMuted};
  font-size: ${vars.font.size.small};
`

/** The page around a link's content; `narrow` for a single file, a form or a message. */
export function SharePage({ children, narrow: isNarrow = false }: { children: ReactNode; narrow?: boolean }) {
  return (
    <div className={page}>
      <header>
        <Logo />
      </header>
      <main className={isNarrow ? `${main} ${narrow}` : main}>{children}</main>
    </div>
  )
}

/** "Link expires <date>", when the link has an expiry. */
export function ExpiryNote({ expiresAt }: { expiresAt: string | null }) {
  if (!expiresAt) return null
  return (
    <p className={expiry}>
      {shareCopy.expires} <time dateTime={expiresAt}>{formatExpiry(expiresAt)}</time>
    </p>
  )
}
