// Settings → Users → Set quota: a size with its unit, or unlimited. The server's refusal shows in
// the dialog, which stays open.
import { Button, Dialog, DialogActions, Select } from '@cumulus/ui'
import { css } from 'goober'
import { useId, useState } from 'react'
import type { AdminUserJson } from '../../api/admin.ts'
import { failureReason } from '../../api/http.ts'
import { fieldBeside, FormMessage, formStack, TextField } from '../../features/forms/form.tsx'
import { useFormSubmit } from '../../features/forms/use-form-submit.ts'
import { toastRegions } from '../../features/toasts/toasts.tsx'
import { vars } from '../../styles.ts'
import { quotaBytes, quotaFields, type QuotaUnit, quotaUnits } from './quota.ts'
import { settingsCopy } from './settings-copy.ts'

const t = settingsCopy.admin

const check = css`
  display: flex;
  align-items: center;
  gap: ${vars.space.small};
`

const unitOptions = quotaUnits.map((unit) => ({ value: unit, label: unit }))

export interface QuotaDialogProps {
  user: AdminUserJson | null
  onClose: () => void
  /** Sends the new quota (bytes, or null for unlimited); rejects with the server's refusal. */
  onSave: (quota: number | null) => Promise<void>
}

export function QuotaDialog({ user, onClose, onSave }: QuotaDialogProps) {
  return (
    <Dialog
      open={user !== null}
      onClose={onClose}
      title={user ? t.quotaTitle(user.email) : ''}
      size="small"
      getPersistentElements={toastRegions}
    >
      {user ? <QuotaForm key={user._id} initial={user.quota} onSave={onSave} /> : null}
    </Dialog>
  )
}

function QuotaForm({ initial, onSave }: { initial: number | null; onSave: (quota: number | null) => Promise<void> }) {
  const start = quotaFields(initial)
  const [unlimited, setUnlimited] = useState(initial === null)
  const [size, setSize] = useState(start.size)
  const [unit, setUnit] = useState<QuotaUnit>(start.unit)
  const checkId = useId()
  const bytes = quotaBytes(size, unit)
  const invalid = !unlimited && size.trim() !== '' && bytes === null
  const { busy, error, submit, disabled } = useFormSubmit({
    ready: unlimited || bytes !== null,
    run: () => onSave(unlimited ? null : bytes),
    failed: failureReason,
  })

  return (
    <form className={formStack} onSubmit={submit} noValidate>
      <div className={check}>
        <input
          id={checkId}
          type="checkbox"
          checked={unlimited}
          onChange={(event) => setUnlimited(event.target.checked)}
        />
        <label htmlFor={checkId}>{t.quotaUnlimited}</label>
      </div>
      {unlimited ? null : (
        <div className={fieldBeside}>
          <TextField
            label={t.quotaSize}
            inputMode="decimal"
            value={size}
            onValueChange={setSize}
            aria-invalid={invalid || undefined}
          />
          <Select
            label={t.quotaUnit}
            options={unitOptions}
            value={unit}
            onValueChange={(value) => setUnit(value as QuotaUnit)}
          />
        </div>
      )}
      <FormMessage>{invalid ? t.quotaInvalid : ''}</FormMessage>
      <FormMessage>{error}</FormMessage>
      <DialogActions>
        <Button type="submit" variant="primary" loading={busy} disabled={disabled}>
          {t.save}
        </Button>
      </DialogActions>
    </form>
  )
}
