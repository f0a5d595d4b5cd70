import { breakpoints } from '@cumulus/ui'
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

// A General setting: its label and one-line description, then its control. Stacked on phones;
// from tablet width the control sits beside the text, right-aligned, so every row reads the same.
const wide = `@media (min-width: ${breakpoints.tablet}px)`

export const settingRow = css`
  display: flex;
  flex-direction: column;
  gap: ${vars.space.small};
  ${wide} {
    flex-direction: row;
    align-items: center;
    justify-content: space-between;
    gap: ${vars.space.large};
  }
`

export const settingText = css`
  display: flex;
  flex-direction: column;
  gap: ${vars.space.xxsmall};
  min-width: 0;
`

export const settingLabel = css`
  font-weight: ${vars.font.weight.semibold};
`

export const settingDescription = css`
  margin: 0;
  color: ${vars.color.textMuted};
  font-size: ${vars.font.size.small};
`

// Full width under the text on phones; its own width beside it.
export const settingControl = css`
  width: 100%;
  ${wide} {
    width: auto;
  }
`
