// A secret shown once (a temporary password, an app password, an invite link): in a read-only
// field the user can select, with Copy. Closing it is the last chance to see it.
import { Button, Dialog, DialogActions, DialogDescription } from '@cumulus/ui'
import { css } from 'goober'
import { copyWithToast } from '../../features/clipboard/copy-with-toast.ts'
import { fieldBeside, formStack, TextField } from '../../features/forms/form.tsx'
import { toastRegions } from '../../features/toasts/toasts.tsx'
import { cx } from '../../styles.ts'
import { settingsCopy as t } from './settings-copy.ts'

export const MONOSPACE = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace'

// With fieldBeside: the secret is read in a monospace face.
export const monospaceInput = css`
  & input {
    font-family: ${MONOSPACE};
  }
`

export interface Secret {
  title: string
  text: string
  /** The field's label, e.g. "Temporary password". */
  label: string
  value: string
  /** The toast after Copy. */
  copied: string
}

/** Open while `secret` is set; `onClose` forgets it. */
export function SecretDialog({ secret, onClose }: { secret: Secret | null; onClose: () => void }) {
  return (
    <Dialog
      open={secret !== null}
      onClose={onClose}
      title={secret?.title ?? ''}
      size="small"
      getPersistentElements={toastRegions}
    >
      {secret ? (
        <div className={formStack}>
          <DialogDescription>{secret.text}</DialogDescription>
          <div className={cx(fieldBeside, monospaceInput)}>
            <TextField
              label={secret.label}
              value={secret.value}
              readOnly
              onValueChange={() => {}}
              onFocus={(event) => event.currentTarget.select()}
            />
            <Button icon="copy" onClick={() => void copyWithToast(secret.value, secret.copied)}>
              {t.copy}
            </Button>
          </div>
          <DialogActions>
            <Button variant="primary" onClick={onClose}>
              {t.done}
            </Button>
          </DialogActions>
        </div>
      ) : null}
    </Dialog>
  )
}
