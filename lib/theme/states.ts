import { vars } from './contract.css.ts'

// Selectors for the public state Ariakit (and the native elements it renders) expose. Component
// styles key off these, never off roles or private class names:
//   selectors: { [state.focusVisible]: focusRing, [state.disabled]: { opacity: 0.5 } }

/** Shared state selectors for vanilla-extract `selectors` blocks. */
export const state = {
  /** Keyboard focus (Ariakit sets data-focus-visible; native :focus-visible covers plain elements). */
  focusVisible: '&[data-focus-visible], &:focus-visible',
  /** Disabled, focusable or not. */
  disabled: '&[aria-disabled="true"], &:disabled',
  /** Pointer hover on an enabled element. */
  hover: '&:hover:not([aria-disabled="true"]):not(:disabled)',
  /** Pressed (pointer down or Space/Enter held). */
  pressed: '&:active:not([aria-disabled="true"]):not(:disabled), &[data-active]',
  /** A disclosure whose popup is open (menu button, select). */
  expanded: '&[aria-expanded="true"]',
  /** The highlighted item of a composite (menu item, select option). */
  activeItem: '&[data-active-item]',
  /** A checked option (select item, menu item checkbox). */
  checked: '&[aria-selected="true"], &[aria-checked="true"]',
  /** A busy control (loading). */
  busy: '&[aria-busy="true"]',
  /** An invalid field. */
  invalid: '&[aria-invalid="true"]',
  /** An Ariakit popup that has finished entering (open); base styles describe the closed state. */
  enter: '&[data-enter]',
  /** An Ariakit popup that is animating out. */
  leave: '&[data-leave]',
} as const

/** The focus indicator every interactive part shares. */
export const focusRing = {
  outline: `${vars.borderWidth.thick} solid ${vars.color.focusRing}`,
  outlineOffset: vars.borderWidth.thick,
} as const

/** Typography every component root sets, so the host page's font does not leak in. */
export const baseText = {
  fontFamily: vars.font.family,
  fontSize: vars.font.size.medium,
  lineHeight: vars.font.lineHeight.normal,
  color: vars.color.text,
} as const
