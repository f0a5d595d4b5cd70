// "Sign in with …" (DESIGN §7): shown only when the server says single sign-on is set up. The
// status is read once with a plain call (SWR stays out of the first load of /).
import { Button } from '@cumulus/ui'
import { css } from 'goober'
import { useEffect, useState } from 'react'
import { getOidcStatus, oidcLoginUrl } from '../../api/oidc.ts'
import { formStack } from '../../features/forms/form.tsx'
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
  const [label, setLabel] = useState<string | null>(null)
  const [leaving, setLeaving] = useState(false)

  useEffect(() => {
    let active = true
    getOidcStatus()
      .then((status) => {
        if (active && status.enabled) setLabel(status.buttonLabel ?? 'single sign-on')
      })
      // No button is the right answer when the server cannot say: the password form still works.
      .catch((error: unknown) => console.warn('Single sign-on status unavailable', error))
    return () => {
      active = false
    }
  }, [])

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
