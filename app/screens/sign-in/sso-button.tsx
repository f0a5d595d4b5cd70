// "Sign in with …" (DESIGN §7): shown only when the server says single sign-on is set up.
import { Button } from '@cumulus/ui'
import { css } from 'goober'
import { useState } from 'react'
import { oidcLoginUrl } from '../../api/oidc.ts'
import { formStack } from '../../features/forms/form.tsx'
import { useSsoLabel } from '../../hooks/use-sso-label.ts'
import { vars } from '../../styles.ts'
import { ssoCopy } from './sso-copy.ts'

const divider = css`
  display: flex;
  align-items: center;
  gap: ${vars.space.medium};
  margin: 0;
  color: ${vars.color.textMuted};
  font-size: ${vars.font.size.small};
  &::before,
  &::after {
    content: '';
    flex: 1;
    border-top: 1px solid ${vars.color.border};
  }
`

export function SsoButton() {
  const label = useSsoLabel()
  const [leaving, setLeaving] = useState(false)

  if (!label) return null
  return (
    <div className={formStack}>
      <p className={divider}>{ssoCopy.or}</p>
      <Button
        size="large"
        loading={leaving}
        onClick={() => {
          setLeaving(true)
          window.location.assign(oidcLoginUrl())
        }}
      >
        {ssoCopy.button(label)}
      </Button>
    </div>
  )
}
