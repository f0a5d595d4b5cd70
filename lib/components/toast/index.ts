export {
  Toast,
  ToastRegion,
  toastTones,
  type ToastAction,
  type ToastProps,
  type ToastRegionProps,
  type ToastTone,
} from './toast.tsx'
export {
  Toaster,
  createToaster,
  toastDuration,
  useToasts,
  type ToastController,
  type ToasterProps,
  type ToastItem,
  type ToastPromiseMessages,
  type ToastPromiseOptions,
} from './toaster.tsx'
