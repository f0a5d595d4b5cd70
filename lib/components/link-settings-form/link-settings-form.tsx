import * as Ariakit from '@ariakit/react'
import { type ComponentPropsWithRef, type FormEvent, type ReactNode, useId, useRef, useState } from 'react'
import { cx } from '../../internal/cx.ts'
import { Button } from '../button/button.tsx'
import { Icon } from '../icon/icon.tsx'
import * as css from './link-settings-form.css.ts'
import {
  defaultExpiry,
  fromDraft,
  type LinkSettings,
  type LinkSettingsDraft,
  type LinkSettingsField,
  type LinkSettingsProblem,
  noLinkSettings,
  type ShareLinkAccess,
  sameLinkSettings,
  type SizeUnit,
  sizeUnits,
  toDraft,
  toLocalInput,
  validateDraft,
} from './link-settings.ts'
import { useLabels, useLocale } from '../../locale/locale.tsx'

/** Texts of `LinkSettingsForm`. */
export interface LinkSettingsFormLabels {
  /** The expiry switch. */
  expires: string
  /** The expiry's date and time field. */
  expiresAt: string
  /** The password switch. */
  password: string
  /** The password field. */
  passwordInput: string
  /** Under the password field when the link already has one. */
  passwordSet: string
  /** The button that takes the current password off. */
  removePassword: string
  /** Under the switched-off password switch when the link has a password. */
  passwordRemoved: string
  /** The download limit switch. */
  maxDownloads: string
  /** The download limit field. */
  maxDownloadsInput: string
  /** File requests: the per-file size switch. */
  maxFileSize: string
  /** File requests: the per-file size field. */
  maxFileSizeInput: string
  /** File requests: the total size switch. */
  maxTotal: string
  /** File requests: the total size field. */
  maxTotalInput: string
  /** File requests: the file count switch. */
  maxFiles: string
  /** File requests: the file count field. */
  maxFilesInput: string
  /** A size field's unit picker, from the field's label: "Maximum file size unit". */
  unit: (field: string) => string
  submit: string
  cancel: string
  /** Validation messages. */
  problems: Record<LinkSettingsProblem, string>
}

/** Default English texts. */
export const defaultLinkSettingsFormLabels: LinkSettingsFormLabels = {
  expires: 'Expires',
  expiresAt: 'Expires on',
  password: 'Require a password',
  passwordInput: 'Password',
  passwordSet: 'Password set — type a new one to change it',
  removePassword: 'Remove password',
  passwordRemoved: 'The password will be removed when you save.',
  maxDownloads: 'Limit downloads',
  maxDownloadsInput: 'Downloads allowed',
  maxFileSize: 'Limit file size',
  maxFileSizeInput: 'Maximum file size',
  maxTotal: 'Limit total size',
  maxTotalInput: 'Maximum total',
  maxFiles: 'Limit number of files',
  maxFilesInput: 'Files allowed',
  unit: (field) => `${field} unit`,
  submit: 'Save',
  cancel: 'Cancel',
  problems: {
    expiryRequired: 'Choose a date and time for the link to expire.',
    expiryPast: 'Choose a date and time in the future.',
    passwordRequired: 'Type a password, or turn the password off.',
    limitTooLow: 'Enter a whole number of 1 or more.',
    sizeTooLow: 'Enter a size greater than 0.',
  },
}

/** Props of `LinkSettingsForm`; the rest go to the `form`. */
export interface LinkSettingsFormProps extends Omit<
  ComponentPropsWithRef<'form'>,
  'onSubmit' | 'defaultValue' | 'children' | 'onChange'
> {
  /** A view link (expiry, password, download limit) or a file request (expiry, password, size and file-count limits); defaults to view. */
  access?: ShareLinkAccess
  /** The link already has a password: the password switch starts on and an empty field keeps it. */
  hasPassword?: boolean
  /** The settings, when controlled. A value other than the last one reported resets the fields. */
  value?: LinkSettings
  /** The first settings when uncontrolled; defaults to none (never expires, no password, no limits). */
  defaultValue?: LinkSettings
  /** Every edit, as well-formed settings (a field that is switched on but not valid yet counts as off). */
  onValueChange?: (value: LinkSettings) => void
  /** Save: called with the settings once every field is valid. */
  onSubmit: (value: LinkSettings) => void
  /** Cancel; without it there is no Cancel button. */
  onCancel?: () => void
  /** Saving: the Save button shows a spinner and further submits are ignored. */
  busy?: boolean
  /** A refusal from outside (the server's reason), shown above the buttons. */
  error?: ReactNode
  /** The clock the expiry is checked against; defaults to the current time. */
  now?: () => Date
  /** Texts; defaults to `defaultLinkSettingsFormLabels` (`problems` may be given in part). */
  labels?: Partial<Omit<LinkSettingsFormLabels, 'problems'>> & {
    problems?: Partial<LinkSettingsFormLabels['problems']>
  }
}

const currentTime = () => new Date()

/**
 * A share link's options: expiry (date and time), password, download limit and, for file
 * requests, the largest file, the total size and the number of files. Each option is a switch that reveals its field.
 * Fields are checked when left and on Save; Save moves focus to the first field to fix.
 */
export function LinkSettingsForm({
  access = 'view',
  hasPassword = false,
  value,
  defaultValue = noLinkSettings,
  onValueChange,
  onSubmit,
  onCancel,
  busy = false,
  error,
  now = currentTime,
  labels,
  className,
  ...props
}: LinkSettingsFormProps) {
  const { problems: problemLabels, ...flat } = labels ?? {}
  const merged = useLabels('linkSettingsForm', defaultLinkSettingsFormLabels, flat)
  const localeProblems = useLocale().messages.linkSettingsForm?.problems
  // Problems merge one by one: a message set or a prop may name only some of them.
  const text = {
    ...merged,
    problems: { ...defaultLinkSettingsFormLabels.problems, ...localeProblems, ...problemLabels },
  }
  const [draft, setDraft] = useState(() => toDraft(value ?? defaultValue, hasPassword))
  // The last settings reported (or received): a controlled value that differs is an outside change.
  const [synced, setSynced] = useState<LinkSettings | undefined>(value)
  if (value !== undefined && !sameLinkSettings(value, synced)) {
    setSynced(value)
    setDraft(toDraft(value, hasPassword))
  }
  const [touched, setTouched] = useState<ReadonlySet<LinkSettingsField>>(new Set())
  const [submitted, setSubmitted] = useState(false)

  const id = useId()
  const fieldId = (field: LinkSettingsField) => `${id}-${field}`
  const formRef = useRef<HTMLFormElement | null>(null)

  const problems = validateDraft(draft, { hasPassword, access, now: now() })
  const shown = (field: LinkSettingsField) => (submitted || touched.has(field) ? problems[field] : undefined)

  const update = (patch: Partial<LinkSettingsDraft>) => {
    const next = { ...draft, ...patch }
    setDraft(next)
    const settings = fromDraft(next, hasPassword, access)
    setSynced(settings)
    onValueChange?.(settings)
  }
  const touch = (field: LinkSettingsField) => setTouched((set) => (set.has(field) ? set : new Set(set).add(field)))

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy) return
    setSubmitted(true)
    const first = (Object.keys(problems) as LinkSettingsField[])[0]
    if (first) {
      formRef.current?.querySelector<HTMLElement>(`[id="${fieldId(first)}"]`)?.focus()
      return
    }
    onSubmit(fromDraft(draft, hasPassword, access))
  }

  // Props of a field: its id, its message (described, and flagged invalid) and the blur check.
  const fieldProps = (field: LinkSettingsField) => {
    const problem = shown(field)
    return {
      id: fieldId(field),
      'aria-invalid': problem ? true : undefined,
      'aria-describedby': problem ? `${fieldId(field)}-error` : undefined,
      onBlur: () => touch(field),
    }
  }
  const message = (field: LinkSettingsField) => {
    const problem = shown(field)
    return problem ? (
      <p id={`${fieldId(field)}-error`} className={css.fieldError}>
        {text.problems[problem]}
      </p>
    ) : null
  }

  // A number field behind its switch, with what follows it on its row (a size's unit).
  const numberOption = (
    field: LinkSettingsField,
    switchLabel: string,
    on: boolean,
    onSwitch: (checked: boolean) => void,
    label: string,
    input: Pick<ComponentPropsWithRef<'input'>, 'inputMode' | 'min' | 'step' | 'value' | 'onChange'>,
    after: ReactNode = null,
  ) => (
    <Option label={switchLabel} checked={on} onCheckedChange={onSwitch}>
      <label htmlFor={fieldId(field)} className={css.label}>
        {label}
      </label>
      <div className={css.row}>
        <input {...fieldProps(field)} className={css.numberInput} type="number" {...input} />
        {after}
      </div>
      {message(field)}
    </Option>
  )

  // A whole number of 1 or more: the download limit, or a file request's file count.
  const countField = (field: 'limit' | 'files', label: string, on: boolean, count: string, switchLabel: string) =>
    numberOption(
      field,
      switchLabel,
      on,
      (checked) => update(field === 'limit' ? { limitOn: checked } : { filesOn: checked }),
      label,
      {
        inputMode: 'numeric',
        min: 1,
        step: 1,
        value: count,
        onChange: (event) => update(field === 'limit' ? { limit: event.target.value } : { files: event.target.value }),
      },
    )

  const sizeField = (
    field: 'fileSize' | 'total',
    label: string,
    on: boolean,
    amount: string,
    unit: SizeUnit,
    switchLabel: string,
  ) =>
    numberOption(
      field,
      switchLabel,
      on,
      (checked) => update(field === 'fileSize' ? { fileSizeOn: checked } : { totalOn: checked }),
      label,
      {
        inputMode: 'decimal',
        min: 0,
        step: 'any',
        value: amount,
        onChange: (event) =>
          update(field === 'fileSize' ? { fileSize: event.target.value } : { total: event.target.value }),
      },
      <select
        aria-label={text.unit(label)}
        className={css.unit}
        value={unit}
        onChange={(event) => {
          const next = event.target.value as SizeUnit
          update(field === 'fileSize' ? { fileSizeUnit: next } : { totalUnit: next })
        }}
      >
        {(Object.keys(sizeUnits) as SizeUnit[]).map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>,
    )

  return (
    <form
      ref={formRef}
      noValidate
      data-part="link-settings-form"
      {...props}
      className={cx(css.form, className)}
      onSubmit={submit}
    >
      <Option
        label={text.expires}
        checked={draft.expires}
        onCheckedChange={(checked) =>
          update({
            expires: checked,
            expiresAt: checked && draft.expiresAt === '' ? defaultExpiry(now()) : draft.expiresAt,
          })
        }
      >
        <label htmlFor={fieldId('expiresAt')} className={css.label}>
          {text.expiresAt}
        </label>
        <div className={css.row}>
          <input
            {...fieldProps('expiresAt')}
            className={css.input}
            type="datetime-local"
            min={toLocalInput(now().toISOString())}
            value={draft.expiresAt}
            onChange={(event) => update({ expiresAt: event.target.value })}
          />
        </div>
        {message('expiresAt')}
      </Option>

      <Option
        label={text.password}
        checked={draft.passwordOn}
        onCheckedChange={(checked) => update({ passwordOn: checked, password: checked ? draft.password : '' })}
        off={hasPassword ? <p className={css.note}>{text.passwordRemoved}</p> : null}
        switchId={`${id}-password-switch`}
      >
        <label htmlFor={fieldId('password')} className={css.label}>
          {text.passwordInput}
        </label>
        <div className={css.row}>
          <input
            {...fieldProps('password')}
            className={css.input}
            type="password"
            autoComplete="new-password"
            value={draft.password}
            onChange={(event) => update({ password: event.target.value })}
          />
          {hasPassword ? (
            <Button
              variant="ghost"
              size="small"
              icon="close"
              onClick={() => {
                // The button goes with the field: focus stays on the switch, which now reads off.
                document.getElementById(`${id}-password-switch`)?.focus()
                update({ passwordOn: false, password: '' })
              }}
            >
              {text.removePassword}
            </Button>
          ) : null}
        </div>
        {hasPassword && !shown('password') ? <p className={css.note}>{text.passwordSet}</p> : null}
        {message('password')}
      </Option>

      {access === 'view' ? (
        countField('limit', text.maxDownloadsInput, draft.limitOn, draft.limit, text.maxDownloads)
      ) : (
        <>
          {sizeField(
            'fileSize',
            text.maxFileSizeInput,
            draft.fileSizeOn,
            draft.fileSize,
            draft.fileSizeUnit,
            text.maxFileSize,
          )}
          {sizeField('total', text.maxTotalInput, draft.totalOn, draft.total, draft.totalUnit, text.maxTotal)}
          {countField('files', text.maxFilesInput, draft.filesOn, draft.files, text.maxFiles)}
        </>
      )}

      {error ? (
        <p role="alert" className={css.formError}>
          <Icon name="error" size="small" />
          <span>{error}</span>
        </p>
      ) : null}

      <div className={css.actions}>
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            {text.cancel}
          </Button>
        ) : null}
        <Button type="submit" variant="primary" loading={busy}>
          {text.submit}
        </Button>
      </div>
    </form>
  )
}

/** One option: a checkbox (Ariakit `Checkbox`) that reveals its field. */
function Option({
  label,
  checked,
  onCheckedChange,
  children,
  off = null,
  switchId,
}: {
  label: string
  checked: boolean
  onCheckedChange: (checked: boolean) => void
  children: ReactNode
  /** Shown under the switch while it is off. */
  off?: ReactNode
  switchId?: string
}) {
  return (
    <div className={css.option}>
      <label className={css.toggle}>
        <Ariakit.Checkbox
          id={switchId}
          className={css.checkbox}
          checked={checked}
          onChange={(event) => onCheckedChange(event.target.checked)}
        />
        {label}
      </label>
      {checked ? <div className={css.detail}>{children}</div> : off ? <div className={css.detail}>{off}</div> : null}
    </div>
  )
}
