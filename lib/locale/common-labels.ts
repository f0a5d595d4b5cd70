/** Texts several components share; the `common` group of a message set. */
export interface CommonLabels {
  /** A spinner's name, and a collection's while a page loads. */
  loading: string
  /** A dialog's close icon. */
  close: string
  /** A toast's dismiss button. */
  dismiss: string
  /** The toast region's landmark. */
  notifications: string
  /** An alert's button, a prompt's submit. */
  okay: string
  /** A confirm dialog's yes. */
  yes: string
  /** A confirm or prompt dialog's cancel. */
  cancel: string
  /** A collection's context menu. */
  actions: string
  /** A list row's Actions button, from the item's name. */
  actionsFor: (name: string) => string
  /** A picture whose thumbnail failed to load (galleries). */
  thumbnailError: string
  /** A selected card's cue, on touch, that tapping it again opens it. */
  open: string
}

/** English defaults of `CommonLabels`. */
export const defaultCommonLabels: CommonLabels = {
  loading: 'Loading',
  close: 'Close',
  dismiss: 'Dismiss',
  notifications: 'Notifications',
  okay: 'Okay',
  yes: 'Yes',
  cancel: 'cancel',
  actions: 'Actions',
  actionsFor: (name) => `Actions for ${name}`,
  thumbnailError: 'Thumbnail failed to load',
  open: 'Open',
}
