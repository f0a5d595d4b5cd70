// The usage meter's strings (ours, DESIGN §7 quotas): lazy screens only, so not in copy.ts.
export const usageCopy = {
  label: 'Storage',
  usedOf: (used: string, quota: string) => `${used} of ${quota} used`,
  used: (used: string) => `${used} used`,
  /** The second line: what the space is used by (DESIGN §8 `usedBy`), each part with its size. */
  files: (size: string) => `Files ${size}`,
  versions: (size: string) => `Versions ${size}`,
  trash: (size: string) => `Trash ${size}`,
  separator: ' · ',
} as const
