// The layout the sign-in screen's extra steps share (choosing a password, the second factor).
import { css } from 'goober'
import { vars } from '../../styles.ts'

export const stepForm = css`
  display: flex;
  flex-direction: column;
  gap: ${vars.space.large};
`

export const stepText = css`
  margin: 0;
  color: ${vars.color.textMuted};
`

export const stepFooter = css`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${vars.space.small};
`
