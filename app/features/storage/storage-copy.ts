// The storage meter's strings (ours, DESIGN §7 quotas): lazy screens only, so not in copy.ts.
export const storageCopy = {
  label: 'Storage',
  usedOf: (used: string, quota: string) => `${used} of ${quota} used`,
  used: (used: string) => `${used} used`,
} as const
