// Layout of the share dialogs' sections (goober, theme variables only).
import { css } from 'goober'
import { vars } from '../../styles.ts'

/** One section under the dialog's first part: a rule above, a heading, a hint, its fields. */
export const section = css`
  display: flex;
  flex-direction: column;
  gap: ${vars.space.small};
  padding-top: ${vars.space.large};
  border-top: ${vars.borderWidth.thin} solid ${vars.color.border};
`

export const sectionTitle = css`
  margin: 0;
  font-size: ${vars.font.size.medium};
  font-weight: ${vars.font.weight.semibold};
`

export const hint = css`
  margin: 0;
  color: ${vars.color.textMuted};
  font-size: ${vars.font.size.small};
`

export const linkRow = css`
  display: flex;
  align-items: center;
  gap: ${vars.space.small};
`

export const linkInput = css`
  flex: 1;
  min-width: 0;
  height: ${vars.size.control.medium};
  padding: 0 ${vars.space.medium};
  border: ${vars.borderWidth.thin} solid ${vars.color.borderStrong};
  border-radius: ${vars.radius.medium};
  background: ${vars.color.surfaceSunken};
  color: ${vars.color.text};
  font: inherit;
  text-overflow: ellipsis;
  &:focus-visible {
    outline: ${vars.borderWidth.thick} solid ${vars.color.focusRing};
  }
`

export const label = css`
  font-size: ${vars.font.size.small};
  font-weight: ${vars.font.weight.semibold};
`

export const status = css`
  display: flex;
  justify-content: center;
  padding: ${vars.space.medium};
`

/** An upload link's unfinished uploads, under its options. */
export const uploads = css`
  display: flex;
  flex-direction: column;
  gap: ${vars.space.small};
  margin: 0;
`
