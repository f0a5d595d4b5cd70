/** The share state of a file, as the API names it: private (no link), one (temporary), public. */
export const sharePermissions = ['private', 'public', 'one'] as const

/** One of `sharePermissions`. */
export type SharePermission = (typeof sharePermissions)[number]

/** Labels of the share states: Private, Public, Temporary. */
export const sharePermissionLabels: Record<SharePermission, string> = {
  private: 'Private',
  public: 'Public',
  one: 'Temporary',
}

/**
 * The helper text under the share dialog's select, one per share state. Every change of permission
 * gives the file a new link (or none), so the texts with a link say, before the change, that it ends.
 */
export const sharePermissionHints: Record<SharePermission, string> = {
  private: 'Only you can open this file. Choose Public or Temporary to get a link.',
  public: 'Anyone with the link can view and download this file. Changing the permission ends this link.',
  one: 'Anyone with the link can download this file once; then it becomes private again. Changing the permission ends this link.',
}
