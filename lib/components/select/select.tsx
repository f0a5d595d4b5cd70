import * as Ariakit from '@ariakit/react'
import { type ReactNode, useId } from 'react'
import { cx } from '../../internal/cx.ts'
import { popupItem, popupSurface } from '../../internal/popup.css.ts'
import { vars } from '../../theme/contract.css.ts'
import { Icon } from '../icon/icon.tsx'
import { SpinnerGraphic } from '../spinner/spinner.tsx'
import * as css from './select.css.ts'
import { scopedPortal } from '../../internal/portal-scope.ts'
import { defined } from '../../internal/defined.ts'

const OPEN_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Enter', ' '])

/** How the label sits: above the control, or on the same row (settings lists). */
export const selectLayouts = ['stacked', 'inline'] as const

/** One of `selectLayouts`. */
export type SelectLayout = (typeof selectLayouts)[number]

/** One choice of a `Select`: `value` is what the app stores, `label` what the user reads. */
export interface SelectOption {
  value: string
  label: string
  disabled?: boolean | undefined
}

/** Props of `Select`; the rest go to the trigger button (Ariakit `Select`). */
export interface SelectProps extends Omit<
  Ariakit.SelectProps,
  'store' | 'value' | 'defaultValue' | 'onChange' | 'children'
> {
  /** Visible label, also the accessible name. */
  label: string
  /** The choices, in order. */
  options: readonly SelectOption[]
  /** Controlled value. */
  value?: string | undefined
  /** Initial value when uncontrolled. */
  defaultValue?: string | undefined
  /** Called with the chosen option's value. */
  onValueChange?: ((value: string) => void) | undefined
  /** A change is in progress: shows a spinner and ignores input while keeping focus. */
  busy?: boolean | undefined
  /** Helper text under the control, linked as its description. */
  hint?: ReactNode | undefined
  /** Keeps the label for screen readers only. */
  labelHidden?: boolean | undefined
  /** Shown when no option is chosen. */
  placeholder?: string | undefined
  /** Label placement; defaults to stacked. */
  layout?: SelectLayout | undefined
}

/** A single-choice select (Ariakit Select) with a label, options, disabled and busy states. */
export function Select({
  label,
  options,
  value,
  defaultValue,
  onValueChange,
  busy = false,
  hint,
  labelHidden = false,
  placeholder = '',
  layout,
  disabled,
  className,
  ...props
}: SelectProps) {
  const hintId = useId()
  const labelFor = (v: string) => options.find((o) => o.value === v)?.label ?? ''
  return (
    <Ariakit.SelectProvider {...defined({ value, setValue: onValueChange })} defaultValue={defaultValue ?? ''}>
      <div className={css.field({ layout })}>
        {labelHidden ? (
          <Ariakit.VisuallyHidden render={<Ariakit.SelectLabel />}>{label}</Ariakit.VisuallyHidden>
        ) : (
          <Ariakit.SelectLabel className={css.label}>{label}</Ariakit.SelectLabel>
        )}
        <Ariakit.Select
          aria-describedby={hint ? hintId : undefined}
          {...props}
          disabled={disabled || busy}
          // While busy the trigger keeps focus (the user just chose) and says why it is inert.
          accessibleWhenDisabled={busy || !!props.accessibleWhenDisabled}
          aria-busy={busy || undefined}
          onKeyDown={(event) => {
            props.onKeyDown?.(event)
            // Ariakit still opens an aria-disabled select from the keyboard: keep a busy one shut.
            if (busy && OPEN_KEYS.has(event.key)) event.preventDefault()
          }}
          data-part="select"
          className={cx(css.trigger, className)}
        >
          <Ariakit.SelectValue>
            {(current) =>
              typeof current === 'string' && current ? (
                <span className={css.value}>{labelFor(current)}</span>
              ) : (
                <span className={cx(css.value, css.placeholder)}>{placeholder}</span>
              )
            }
          </Ariakit.SelectValue>
          {busy ? <SpinnerGraphic size="small" /> : <Icon name="chevron-down" size="small" />}
        </Ariakit.Select>
        {hint ? (
          <p id={hintId} className={css.hint}>
            {hint}
          </p>
        ) : null}
      </div>
      <Ariakit.SelectPopover gutter={4} sameWidth unmountOnHide portalElement={scopedPortal} className={popupSurface}>
        {options.map((option) => (
          <Ariakit.SelectItem
            key={option.value}
            value={option.value}
            disabled={!!option.disabled}
            className={cx(popupItem, css.checked)}
          >
            <Ariakit.SelectItemCheck
              className={css.check}
              style={{ width: vars.size.icon.small, height: vars.size.icon.small }}
            >
              <Icon name="check" size="small" />
            </Ariakit.SelectItemCheck>
            {option.label}
          </Ariakit.SelectItem>
        ))}
      </Ariakit.SelectPopover>
    </Ariakit.SelectProvider>
  )
}
