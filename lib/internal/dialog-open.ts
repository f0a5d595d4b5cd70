import { useControllableState } from '../hooks/use-controllable-state.ts'

// Every dialog of the kit holds its open state by the kit's rule: `open` controlled, `defaultOpen`
// uncontrolled, every change reported to `onOpenChange`; `onClose` is still called on every close.

/** The open state props every dialog takes. */
export interface DialogOpenProps {
  /** Whether the dialog is open (controlled). */
  open?: boolean | undefined
  /** Whether it starts open (uncontrolled); defaults to false. */
  defaultOpen?: boolean | undefined
  /**
   * The dialog asked to open or close: Escape, the backdrop, a close or cancel button, and, when
   * uncontrolled, its finishing action (Confirm, Submit, a choice).
   */
  onOpenChange?: ((open: boolean) => void) | undefined
}

/** What a dialog does with its open props. */
export interface DialogOpenState {
  /** The state for Ariakit's `open`: undefined when neither `open` nor `defaultOpen` is given (a `store` of your own holds it). */
  open: boolean | undefined
  /** The state changed (a close, as Ariakit reports it). */
  setOpen: (open: boolean) => void
  /** A finishing action ran: an uncontrolled dialog closes; a controlled one is the caller's to close (it may stay busy). */
  finish: () => void
}

/** The open state of a dialog from its props. */
export function useDialogOpen({ open, defaultOpen, onOpenChange }: DialogOpenProps): DialogOpenState {
  const [current, setOpen] = useControllableState(open, defaultOpen ?? false, onOpenChange)
  const managed = open !== undefined || defaultOpen !== undefined
  return {
    open: managed ? current : undefined,
    setOpen,
    finish: () => {
      if (open === undefined && defaultOpen !== undefined) setOpen(false)
    },
  }
}
