// A password link's lock: the password goes to POST …/unlock, whose cookie opens the link for this
// browser; then the page reads the link again. A wrong password and too many tries say so here.
import { Button } from '@cumulus/ui'
import { css } from 'goober'
import { useState } from 'react'
import { failureReason } from '../../api/http.ts'
import { hasCode } from '../../features/errors/error-code.ts'
import { unlockPublicShare } from '../../api/public-share.ts'
import { FormMessage, TextField } from '../../features/forms/form.tsx'
import { useFormSubmit } from '../../features/forms/use-form-submit.ts'
import { vars } from '../../styles.ts'
import { shareCopy } from './public-share-copy.ts'
import { card } from './share-card.ts'
import { SharePage } from './share-page.tsx'

const form = css`
  display: flex;
  flex-direction: column;
  gap: ${vars.space.large};
`

/** Why an unlock failed, in the page's words. */
export function unlockMessage(error: unknown): string {
  if (hasCode(error, 'SHARE_PASSWORD_INCORRECT')) return shareCopy.password.wrong
  if (hasCode(error, 'TOO_MANY_REQUESTS')) return shareCopy.password.tooMany
  return failureReason(error)
}

export function SharePasswordForm({ token, onUnlocked }: { token: string; onUnlocked: () => void }) {
  const [password, setPassword] = useState('')
  const { busy, error, setError, submit, disabled } = useFormSubmit({
    ready: Boolean(password),
    run: async () => {
      await unlockPublicShare(token, password)
      onUnlocked()
    },
    failed: unlockMessage,
  })

  return (
    <SharePage narrow>
      <section className={card} aria-labelledby="share-password-title">
        <h1 id="share-password-title">{shareCopy.password.title}</h1>
        <p>{shareCopy.password.text}</p>
        <form className={form} onSubmit={submit} noValidate>
          <TextField
            label={shareCopy.password.label}
            type="password"
            autoComplete="off"
            // The one thing to do on this page.
            autoFocus
            value={password}
            onValueChange={(value) => {
              setPassword(value)
              setError('')
            }}
            aria-invalid={error ? true : undefined}
          />
          <FormMessage>{error}</FormMessage>
          <Button type="submit" variant="primary" size="large" loading={busy} disabled={disabled}>
            {shareCopy.password.submit}
          </Button>
        </form>
      </section>
    </SharePage>
  )
}
