// The texts of share links (issue #19): the Shared screen, the link settings in the share dialog,
// and the folder share dialog. All ours: SPEC.md has only the Private / Public / Temporary select
// (its texts stay in copy.ts). Kept out of copy.ts on purpose: this module loads only with the
// lazy screens that share, so the first load of / stays within its budget (scripts/app-size.mjs).

export const shareCopy = {
  /** The sidebar item and the screen's heading. */
  nav: 'Shared',

  screen: {
    title: 'Shared links',
    intro:
      'Every link of yours that still works. Copy one, change when it expires, its password or its limit, or revoke it.',
    loadError: 'Your shared links could not be loaded',
    retry: 'Try again',
  },

  /** Only where the app's words differ from SharedLinksTable's English defaults. */
  table: {
    // The app says "Link Copied" in a toast (heard through the notifications region), so the
    // table's own announcement stays silent instead of saying it twice.
    copied: '',
    emptyDescription:
      'Share a file or folder from its menu (Share), and its link shows up here to copy, change or revoke.',
  },

  /** The options form's buttons (its other texts are the library's). */
  form: { save: 'Save', cancel: 'Cancel' },

  /** The Edit dialog of the Shared screen. */
  edit: {
    title: (name: string) => `Link to ${name}`,
    viewHint: 'Changes apply to the same link: people who have it keep using the same address.',
    requestHint: 'People with this link can upload files into the folder without seeing what is in it.',
  },

  revoke: {
    title: 'Revoke link?',
    text: 'Anyone who has this link will no longer be able to open it.',
  },

  // In the style of SPEC §8's toasts (pending, success, error).
  toasts: {
    save: { pending: 'Saving Link Settings...', success: 'Link Settings Saved', error: 'Error Saving Link Settings' },
    create: { pending: 'Creating Link...', success: 'Link Created', error: 'Error Creating Link' },
    revoke: { pending: 'Revoking Link...', success: 'Link Revoked', error: 'Error Revoking Link' },
    cancelUpload: { pending: 'Cancelling Upload...', success: 'Upload Cancelled', error: 'Error Cancelling Upload' },
  },

  /** An upload link's unfinished uploads, under its options. */
  uploads: {
    title: 'Uploads on their way',
    hint: 'Unfinished uploads hold room in your storage until they finish or you cancel them.',
    progress: (received: string, total: string) => `${received} of ${total} received`,
    cancel: 'Cancel',
    cancelLabel: (name: string) => `Cancel upload of ${name}`,
  },

  /** The file share dialog's section under the spec's select. */
  linkSettings: {
    title: 'Link settings',
    sameLinkHint: 'These apply to the share link above: people who open it are asked for the password when it has one.',
    noLink:
      'Choose Public or Temporary to get a link; then you can set when it expires, a password and a download limit here.',
    gone: 'This link has expired or been used up. Choose Private, then Public or Temporary, to make a new one.',
    loading: 'Loading link settings',
  },

  /** The folder share dialog. */
  folder: {
    title: 'Share',
    shareFolder: 'Share folder',
    shareFolderHint: 'Anyone with the link can browse this folder and its subfolders and download what is in them.',
    folderLink: 'Folder link',
    requestFiles: 'Request files',
    requestFilesHint: 'Anyone with the link can upload files into this folder, without seeing what is in it.',
    requestLink: 'File request link',
    noLink: 'No link yet',
    createLink: 'Create link',
    save: 'Save',
    manage: 'To stop sharing, revoke the link on the Shared page.',
  },
} as const
