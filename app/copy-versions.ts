// The texts of a file's versions (DESIGN.md §8 "Versions"): the Versions dialog, its entries in
// the details panel and the viewer's menu, and its toasts. All ours: SPEC.md has no versions. Apart
// from copy.ts so the first load of / stays within its budget (scripts/app-size.mjs).

export const versionsCopy = {
  /** The details panel's button, the viewer menu's entry and the dialog's heading. */
  action: 'Versions',
  /** The dialog's description line, from the file's name. */
  of: 'Earlier contents of this file, newest first.',
  list: {
    list: 'Versions',
    addedBy: (name: string) => `Added by ${name}`,
    download: 'Download',
    restore: 'Restore',
    delete: 'Delete',
    downloadFor: (date: string) => `Download version of ${date}`,
    restoreFor: (date: string) => `Restore version of ${date}`,
    deleteFor: (date: string) => `Delete version of ${date}`,
    deleteTitle: 'Delete this version?',
    deleteText: (date: string) => `The version of ${date} will be deleted. You will not be able to recover it.`,
    deleteConfirm: 'Delete',
    emptyTitle: 'No earlier versions',
    emptyDescription: 'When this file is replaced, its earlier content is kept here.',
    loading: 'Loading versions',
    retry: 'Try again',
  },
  toasts: {
    restored: 'Version restored',
    deleted: 'Version deleted',
    restoreError: 'Error Restoring Version',
    deleteError: 'Error Deleting Version',
    downloadError: 'Error Downloading Version',
  },
  /** Why the list is missing, before the transport or server reason. */
  loadError: 'The versions could not be loaded',
} as const
