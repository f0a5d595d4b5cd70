// Form parts the library does not have yet (it ships no text field): an app-local labelled input,
// an inline message, and a button that looks like a link. Move to @cumulus/ui if lib adds them.
import { css } from 'goober'
import { type ComponentPropsWithRef, type ReactNode, useId } from 'react'
import { cx, vars } from '../../styles.ts'

/** A dialog's form or body: its fields, messages and actions stacked. */
export const formStack = css`
  display: flex;
  flex-direction: column;
  gap: ${vars.space.large};
`

/** A field with a control beside it (a unit, a Copy button): the field takes the room left. */
export const fieldBeside = css`
  display: flex;
  align-items: flex-end;
  gap: ${vars.space.small};
  & > :first-child {
    flex: 1;
    min-width: 0;
  }
`

const field = css`
  display: flex;
  flex-direction: column;
  gap: ${vars.space.xsmall};
`

const labelRow = css`
  display: flex;
  align-items: baseline;
  justify-content: space-between;
  gap: ${vars.space.small};
  font-weight: ${vars.font.weight.semibold};
  font-size: ${vars.font.size.small};
`

const input = css`
  height: ${vars.size.control.large};
  padding: 0 ${vars.space.medium};
  border: ${vars.borderWidth.thin} solid ${vars.color.border};
  border-radius: ${vars.radius.medium};
  background: ${vars.color.surface};
  color: ${vars.color.text};
  font: inherit;
  &:focus-visible {
    outline: ${vars.borderWidth.thick} solid ${vars.color.focusRing};
    outline-offset: 1px;
  }
  &[aria-invalid='true'] {
    border-color: ${vars.color.danger};
  }
`

export interface TextFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'onChange' | 'value'> {
  label: string
  value: string
  onValueChange: (value: string) => void
  /** Something on the label's row, e.g. the "Forgot?" link. */
  aside?: ReactNode
}

/** A labelled text input. */
export function TextField({ label, value, onValueChange, aside, className, id, ...props }: TextFieldProps) {
  const generated = useId()
  const inputId = id ?? generated
  return (
    <div className={cx(field, className)}>
      <div className={labelRow}>
        <label htmlFor={inputId}>{label}</label>
        {aside}
      </div>
      <input
        {...props}
        id={inputId}
        className={input}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
      />
    </div>
  )
}

const message = css`
  margin: 0;
  color: ${vars.color.dangerText};
  font-size: ${vars.font.size.small};
`

/** An inline error or validation message, announced when it appears. */
export function FormMessage({ children, id }: { children: ReactNode; id?: string }) {
  if (!children) return null
  return (
    <p role="alert" id={id} className={message}>
      {children}
    </p>
  )
}

export const linkLook = css`
  padding: 0;
  border: 0;
  background: none;
  color: ${vars.color.accentText};
  font: inherit;
  font-size: ${vars.font.size.small};
  font-weight: ${vars.font.weight.semibold};
  text-decoration: none;
  cursor: pointer;
  &:hover {
    text-decoration: underline;
  }
  &:focus-visible {
    outline: ${vars.borderWidth.thick} solid ${vars.color.focusRing};
    outline-offset: 2px;
    border-radius: ${vars.radius.small};
  }
`

/** An in-page action that reads like a link (switching the sign-in mode, Resend). */
export function LinkButton({ className, ...props }: ComponentPropsWithRef<'button'>) {
  return <button type="button" {...props} className={cx(linkLook, className)} />
}
