import { css } from 'goober'
import { Link } from 'wouter'
import { copy } from '../../copy.ts'
import { vars } from '../../styles.ts'

const logo = css`
  display: inline-flex;
  align-items: center;
  gap: ${vars.space.small};
  color: ${vars.color.text};
  font-size: ${vars.font.size.xlarge};
  font-weight: ${vars.font.weight.semibold};
  text-decoration: none;
  border-radius: ${vars.radius.small};
  &:focus-visible {
    outline: ${vars.borderWidth.thick} solid ${vars.color.focusRing};
    outline-offset: 2px;
  }
  & svg {
    color: ${vars.color.accent};
  }
`

/** The product mark; SPEC §2: clicking it goes to /. */
export function Logo() {
  return (
    <Link href="/" className={logo}>
      <svg width="28" height="28" viewBox="0 0 24 24" aria-hidden focusable="false">
        <path fill="currentColor" d="M7 19a5 5 0 0 1-.9-9.92A6.5 6.5 0 0 1 18.6 9.5 4.75 4.75 0 0 1 18 19H7z" />
      </svg>
      {copy.appName}
    </Link>
  )
}
