import { type FocusEvent, type ReactNode, useRef, useSyncExternalStore } from 'react'
import { Toast, type ToastAction, ToastRegion, type ToastRegionProps, type ToastTone } from './toast.tsx'

/** How long a toast stays before it closes itself, in ms. */
export const toastDuration = 5000

/** A toast as the toaster keeps it. */
export interface ToastItem {
  id: string
  message: ReactNode
  tone: ToastTone
  /** Its action button (e.g. Undo); clicking it closes the toast. */
  action?: ToastAction | undefined
}

/** The pending/success/error texts of one action. */
export interface ToastPromiseMessages {
  pending: ReactNode
  success: ReactNode
  error: ReactNode
}

/** Options of `ToastController.promise`. */
export interface ToastPromiseOptions<T> {
  /** The success toast's action, from what the promise gave (e.g. Undo of the change it made). */
  action?: (value: T) => ToastAction | undefined
}

/** A small toast store: show, update, dismiss, or follow a promise. */
export interface ToastController {
  /** Adds a toast and returns its id. Pending toasts stay until updated; others close after the duration. */
  show(message: ReactNode, tone?: ToastTone, options?: { action?: ToastAction | undefined }): string
  /** Changes a toast's text, tone or action, restarting its auto-close. */
  update(id: string, patch: Partial<Omit<ToastItem, 'id'>>): void
  /** Removes a toast. */
  dismiss(id: string): void
  /** Shows `pending`, then `success` or `error` when the promise settles; returns the promise. */
  promise<T>(promise: Promise<T>, messages: ToastPromiseMessages, options?: ToastPromiseOptions<T>): Promise<T>
  /**
   * Keeps a toast open while the pointer is over it or focus is in it (`Toaster` calls this), so
   * its action can still be reached; `release` gives it a whole duration again.
   */
  hold(id: string): void
  /** Ends a `hold`. */
  release(id: string): void
  /** For useSyncExternalStore. */
  subscribe(listener: () => void): () => void
  /** The current toasts, oldest first. */
  getSnapshot(): readonly ToastItem[]
}

/** Creates a toast store; `duration` is the auto-close delay in ms (default 5000). */
export function createToaster({ duration = toastDuration }: { duration?: number } = {}): ToastController {
  let toasts: readonly ToastItem[] = []
  let nextId = 0
  const listeners = new Set<() => void>()
  const timers = new Map<string, ReturnType<typeof setTimeout>>()
  // Why each held toast is held (pointer, focus): it closes only once none is left.
  const holds = new Map<string, number>()

  const emit = () => {
    for (const listener of listeners) listener()
  }
  const schedule = (item: ToastItem) => {
    clearTimeout(timers.get(item.id))
    timers.delete(item.id)
    if (item.tone !== 'pending' && !holds.get(item.id))
      timers.set(
        item.id,
        setTimeout(() => controller.dismiss(item.id), duration),
      )
  }

  const controller: ToastController = {
    show(message, tone = 'info', options = {}) {
      const item: ToastItem = {
        id: `toast-${++nextId}`,
        message,
        tone,
        ...(options.action ? { action: options.action } : {}),
      }
      toasts = [...toasts, item]
      schedule(item)
      emit()
      return item.id
    },
    update(id, patch) {
      const current = toasts.find((t) => t.id === id)
      if (!current) return
      const item = { ...current, ...patch }
      toasts = toasts.map((t) => (t.id === id ? item : t))
      schedule(item)
      emit()
    },
    dismiss(id) {
      clearTimeout(timers.get(id))
      timers.delete(id)
      holds.delete(id)
      if (!toasts.some((t) => t.id === id)) return
      toasts = toasts.filter((t) => t.id !== id)
      emit()
    },
    promise(promise, messages, options = {}) {
      const id = controller.show(messages.pending, 'pending')
      promise.then(
        (value) =>
          controller.update(id, { message: messages.success, tone: 'success', action: options.action?.(value) }),
        () => controller.update(id, { message: messages.error, tone: 'error' }),
      )
      return promise
    },
    hold(id) {
      if (!toasts.some((t) => t.id === id)) return
      holds.set(id, (holds.get(id) ?? 0) + 1)
      clearTimeout(timers.get(id))
      timers.delete(id)
    },
    release(id) {
      const item = toasts.find((t) => t.id === id)
      const count = holds.get(id) ?? 0
      if (!item || count === 0) return
      if (count > 1) holds.set(id, count - 1)
      else holds.delete(id)
      schedule(item)
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    getSnapshot: () => toasts,
  }
  return controller
}

/** The toasts of a controller, re-rendering on change. */
export function useToasts(toaster: ToastController): readonly ToastItem[] {
  return useSyncExternalStore(toaster.subscribe, toaster.getSnapshot, toaster.getSnapshot)
}

/** Props of `Toaster`. */
export interface ToasterProps extends ToastRegionProps {
  /** The store to render. */
  toaster: ToastController
  /** Accessible name of each toast's dismiss button; defaults to "Dismiss". */
  dismissLabel?: string
}

/**
 * Renders a controller's toasts in a `ToastRegion`, each with a dismiss button and its action. A
 * toast stays open while hovered or focused; closed from its own buttons, it hands focus back to
 * where it came from.
 */
export function Toaster({ toaster, dismissLabel, ...props }: ToasterProps) {
  const toasts = useToasts(toaster)
  // Per toast: where focus was before it entered, and whether the pointer or focus holds it.
  const cameFrom = useRef(new Map<string, HTMLElement>())
  const held = useRef(new Map<string, { pointer: boolean; focus: boolean }>())

  for (const map of [cameFrom.current, held.current])
    for (const id of map.keys()) if (!toasts.some((t) => t.id === id)) map.delete(id)

  const set = (id: string, why: 'pointer' | 'focus', on: boolean) => {
    const state = held.current.get(id) ?? { pointer: false, focus: false }
    if (state[why] === on) return
    held.current.set(id, { ...state, [why]: on })
    if (on) toaster.hold(id)
    else toaster.release(id)
  }
  const close = (id: string) => {
    const back = cameFrom.current.get(id)
    cameFrom.current.delete(id)
    held.current.delete(id)
    toaster.dismiss(id)
    if (back?.isConnected) back.focus()
  }
  const onFocus = (id: string) => (event: FocusEvent<HTMLElement>) => {
    const from = event.relatedTarget
    if (from instanceof HTMLElement && !event.currentTarget.contains(from)) cameFrom.current.set(id, from)
    set(id, 'focus', true)
  }
  const onBlur = (id: string) => (event: FocusEvent<HTMLElement>) => {
    if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)))
      set(id, 'focus', false)
  }

  return (
    <ToastRegion {...props}>
      {toasts.map((t) => (
        <Toast
          key={t.id}
          tone={t.tone}
          dismissLabel={dismissLabel}
          onDismiss={() => close(t.id)}
          action={
            t.action
              ? {
                  label: t.action.label,
                  onClick: () => {
                    close(t.id)
                    t.action!.onClick()
                  },
                }
              : undefined
          }
          onPointerEnter={() => set(t.id, 'pointer', true)}
          onPointerLeave={() => set(t.id, 'pointer', false)}
          onFocus={onFocus(t.id)}
          onBlur={onBlur(t.id)}
        >
          {t.message}
        </Toast>
      ))}
    </ToastRegion>
  )
}
