import { type ReactNode, useSyncExternalStore } from 'react'
import { Toast, ToastRegion, type ToastRegionProps, type ToastTone } from './toast.tsx'

/** How long a toast stays before it closes itself, in ms. */
export const toastDuration = 5000

/** A toast as the toaster keeps it. */
export interface ToastItem {
  id: string
  message: ReactNode
  tone: ToastTone
}

/** The pending/success/error texts of one action. */
export interface ToastPromiseMessages {
  pending: ReactNode
  success: ReactNode
  error: ReactNode
}

/** A small toast store: show, update, dismiss, or follow a promise. */
export interface ToastController {
  /** Adds a toast and returns its id. Pending toasts stay until updated; others close after the duration. */
  show(message: ReactNode, tone?: ToastTone): string
  /** Changes a toast's text or tone, restarting its auto-close. */
  update(id: string, patch: Partial<Omit<ToastItem, 'id'>>): void
  /** Removes a toast. */
  dismiss(id: string): void
  /** Shows `pending`, then `success` or `error` when the promise settles; returns the promise. */
  promise<T>(promise: Promise<T>, messages: ToastPromiseMessages): Promise<T>
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

  const emit = () => {
    for (const listener of listeners) listener()
  }
  const schedule = (item: ToastItem) => {
    clearTimeout(timers.get(item.id))
    timers.delete(item.id)
    if (item.tone !== 'pending')
      timers.set(
        item.id,
        setTimeout(() => controller.dismiss(item.id), duration),
      )
  }

  const controller: ToastController = {
    show(message, tone = 'info') {
      const item = { id: `toast-${++nextId}`, message, tone }
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
      if (!toasts.some((t) => t.id === id)) return
      toasts = toasts.filter((t) => t.id !== id)
      emit()
    },
    promise(promise, messages) {
      const id = controller.show(messages.pending, 'pending')
      promise.then(
        () => controller.update(id, { message: messages.success, tone: 'success' }),
        () => controller.update(id, { message: messages.error, tone: 'error' }),
      )
      return promise
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

/** Renders a controller's toasts in a `ToastRegion`, each with a dismiss button. */
export function Toaster({ toaster, dismissLabel, ...props }: ToasterProps) {
  const toasts = useToasts(toaster)
  return (
    <ToastRegion {...props}>
      {toasts.map((t) => (
        <Toast key={t.id} tone={t.tone} dismissLabel={dismissLabel} onDismiss={() => toaster.dismiss(t.id)}>
          {t.message}
        </Toast>
      ))}
    </ToastRegion>
  )
}
