// The card of a link's narrow pages (a shared file, the password form): one look for both.
import { css } from 'goober'
import { vars } from '../../styles.ts'

export const card = css`
  display: flex;
  flex-direction: column;
  gap: ${vars.space.large};
  padding: ${vars.space.xlarge};
  border: ${vars.borderWidth.thin} solid ${vars.color.border};
  border-radius: ${vars.radius.large};
  background: ${vars.color.surface};
  box-shadow: ${vars.shadow.small};
  & h1 {
    margin: 0;
    font-size: ${vars.font.size.xlarge};
    /* A shared file's name can be one long word. */
    overflow-wrap: anywhere;
  }
  & p {
    margin: 0;
    color: ${vars.color.textMuted};
  }
`
