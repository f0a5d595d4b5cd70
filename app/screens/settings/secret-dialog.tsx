// A secret shown once (a temporary password, an app password, an invite link): in a read-only
// field the user can select, with Copy. Closing it is the last chance to see it.
import { Button, Dialog, DialogActions, DialogDescription } from '@cumulus/ui'
import { css } from 'goober'
import { copyWithToast } from '../../features/clipboard/copy-with-toast.ts'
import { TextField } from '../../features/forms/form.tsx'
import { toastRegions } from '../../features/toasts/toasts.tsx'
import { vars } from '../../styles.ts'
import { settingsCopy as t } from './settings-copy.ts'

const body = css`
  display: flex;
  flex-direction: column;
  gap: ${vars.space.large};
`

const secretRow = css`
  display: flex;
  align-items: flex-end;
  gap: ${vars.space.small};
  & > :first-child {
    flex: 1;
    min-width: 0;
  }
  & input {
    font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
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
    <Dialog open={secret !== null} onClose={onClose} title={secret?.title ?? ''} size="small" getPersistentElements={toastRegions}>
      {secret ? (
        <div className={body}>
          <DialogDescription>{secret.text}</DialogDescription>
          <div className={secretRow}>
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
