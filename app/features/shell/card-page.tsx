import { css } from 'goober'
import type { ReactNode } from 'react'
import { vars } from '../../styles.ts'
import { Logo } from './logo.tsx'

const page = css`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${vars.space.xlarge};
  min-height: 100vh;
  padding: ${vars.space.xxlarge} ${vars.space.large};
`

const card = css`
  display: flex;
  flex-direction: column;
  gap: ${vars.space.large};
  width: min(420px, 100%);
  padding: ${vars.space.xlarge};
  border: ${vars.borderWidth.thin} solid ${vars.color.border};
  border-radius: ${vars.radius.large};
  background: ${vars.color.surface};
  box-shadow: ${vars.shadow.small};
  & h1 {
    margin: 0;
    font-size: ${vars.font.size.xlarge};
  }
`

/** The centred card of the pages outside the file browser (sign-in, verify, reset, public download). */
export function CardPage({ children }: { children: ReactNode }) {
  return (
    <div className={page}>
      <header>
        <Logo />
      </header>
      <main className={card}>{children}</main>
    </div>
  )
}
