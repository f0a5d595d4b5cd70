import { css } from 'goober'
import { vars } from '../../styles.ts'

export const section = css`
  display: flex;
  flex-direction: column;
  gap: ${vars.space.large};
  & h2 {
    margin: 0;
    font-size: ${vars.font.size.xlarge};
  }
`

export const row = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${vars.space.medium};
`

export const rowLabel = css`
  min-width: 80px;
  color: ${vars.color.textMuted};
`
