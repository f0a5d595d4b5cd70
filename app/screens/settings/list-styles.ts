// The lists of Settings → Account and Users: a sub-heading with its hint, then one bordered row per
// device, app password, user or event, its text on the left and its actions on the right.
import { css } from 'goober'
import { vars } from '../../styles.ts'

export const subsection = css`
  display: flex;
  flex-direction: column;
  gap: ${vars.space.medium};
  & h3 {
    margin: 0;
    font-size: ${vars.font.size.large};
  }
`

export const hint = css`
  margin: 0;
  color: ${vars.color.textMuted};
  font-size: ${vars.font.size.small};
`

export const list = css`
  display: flex;
  flex-direction: column;
  margin: 0;
  padding: 0;
  list-style: none;
  border: ${vars.borderWidth.thin} solid ${vars.color.border};
  border-radius: ${vars.radius.medium};
  & > li + li {
    border-top: ${vars.borderWidth.thin} solid ${vars.color.border};
  }
`

export const item = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${vars.space.small} ${vars.space.medium};
  padding: ${vars.space.medium};
`

// Grows to fill the row beside the actions (from its own width, so a long text still wraps the
// actions under it): its lines then span the row, whatever they say.
export const itemText = css`
  flex: 1 1 auto;
  display: flex;
  flex-direction: column;
  gap: ${vars.space.xxsmall};
  min-width: 0;
  overflow-wrap: anywhere;
`

export const itemTitle = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${vars.space.small};
  font-weight: ${vars.font.weight.semibold};
`

export const itemMeta = css`
  margin: 0;
  color: ${vars.color.textMuted};
  font-size: ${vars.font.size.small};
`

export const badge = css`
  padding: 0 ${vars.space.small};
  border-radius: ${vars.radius.small};
  background: ${vars.color.accentSubtle};
  color: ${vars.color.accentText};
  font-size: ${vars.font.size.small};
  font-weight: ${vars.font.weight.semibold};
`

export const dangerBadge = css`
  padding: 0 ${vars.space.small};
  border-radius: ${vars.radius.small};
  background: ${vars.color.dangerSubtle};
  color: ${vars.color.dangerText};
  font-size: ${vars.font.size.small};
  font-weight: ${vars.font.weight.semibold};
`

export const actions = css`
  display: flex;
  flex-wrap: wrap;
  gap: ${vars.space.small};
`

/** An error from the server about one row, shown under it. */
export const rowError = css`
  flex-basis: 100%;
  margin: 0;
  color: ${vars.color.dangerText};
  font-size: ${vars.font.size.small};
`
